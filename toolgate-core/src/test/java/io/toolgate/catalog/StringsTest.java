package io.toolgate.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class StringsTest {
  @Test
  void editDistanceCountsInsertionsDeletionsAndSubstitutions() {
    assertThat(Strings.editDistance("kitten", "sitting")).isEqualTo(3);
    assertThat(Strings.editDistance("", "abc")).isEqualTo(3);
    assertThat(Strings.editDistance("same", "same")).isZero();
  }

  @Test
  void theBoundedDistanceIsExactWithinTheBoundAndStopsBeyondIt() {
    List<String> words = List.of("weather", "whether", "feather", "wetter", "w", "", "xyzzy");
    for (String a : words) {
      for (String b : words) {
        int exact = Strings.editDistance(a, b);
        for (int max = 0; max <= 7; max++) {
          assertThat(Strings.editDistanceAtMost(a, b, max))
              .as("%s / %s / %d", a, b, max)
              .isEqualTo(Math.min(exact, max + 1));
        }
      }
    }
  }

  @Test
  void closestPutsContainingNamesFirstThenCloseOnesAndIgnoresCase() {
    List<String> names =
        List.of("weather_current", "Weather_Alerts", "send_email", "wether", "calendar_list");
    assertThat(Strings.closest("WEATHER", names, 3))
        .containsExactly("Weather_Alerts", "weather_current", "wether");
    assertThat(Strings.closest("sendemail", names, 3)).containsExactly("send_email");
    assertThat(Strings.closest("zzzzzzzz", names, 3)).isEmpty();
  }
}
