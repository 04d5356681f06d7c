package io.toolgate.search.lexical;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.search.lexical.ToolAnalyzer.Kind;
import org.junit.jupiter.api.Test;

class ToolAnalyzerTest {
  private final LexicalIndex index = new LexicalIndex(LexicalSettings.DEFAULTS);

  @Test
  void splitsCamelCase() {
    assertThat(index.analyze(Kind.STEMMED, "getWeatherForecast"))
        .containsExactly("get", "weather", "forecast");
    assertThat(index.analyze(Kind.STEMMED, "HTMLParser")).containsExactly("html", "parser");
  }

  @Test
  void splitsOnUnderscoreDashDotColonAndSlash() {
    assertThat(index.analyze(Kind.STEMMED, "a_b-c.d:e/f word"))
        .containsExactly("b", "c", "d", "e", "f", "word");
  }

  @Test
  void keepsLettersAndDigitsTogether() {
    assertThat(index.analyze(Kind.STEMMED, "sha256 base64")).containsExactly("sha256", "base64");
  }

  @Test
  void exactViewKeepsTheWholeIdentifierAndStopWords() {
    assertThat(index.analyze(Kind.EXACT, "the math.factorial"))
        .containsExactlyInAnyOrder("the", "math.factorial", "math", "factorial");
  }

  @Test
  void stemmedViewStemsAndDropsStopWords() {
    assertThat(index.analyze(Kind.STEMMED, "the running files")).containsExactly("run", "file");
  }

  @Test
  void keepsNonAsciiText() {
    assertThat(index.analyze(Kind.EXACT, "Wetter für Köln"))
        .containsExactly("wetter", "für", "köln");
    assertThat(index.analyze(Kind.EXACT, "天气")).containsExactly("天", "气");
  }
}
