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
  void theBitParallelDistanceEqualsTheTableOnRandomStrings() {
    java.util.Random random = new java.util.Random(11);
    String alphabet = "abcde_xyzé";
    for (int n = 0; n < 5_000; n++) {
      String a = randomText(random, alphabet, 1 + random.nextInt(64));
      String b = randomText(random, alphabet, random.nextInt(80));
      assertThat(Strings.Needle.of(a).distance(b))
          .as("%s / %s", a, b)
          .isEqualTo(Strings.editDistance(a, b));
    }
    assertThat(Strings.Needle.of("")).isNull();
    assertThat(Strings.Needle.of("x".repeat(65))).isNull();
  }

  private static String randomText(java.util.Random random, String alphabet, int length) {
    StringBuilder out = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      out.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return out.toString();
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
