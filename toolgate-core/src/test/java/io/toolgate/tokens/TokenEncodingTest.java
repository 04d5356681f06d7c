package io.toolgate.tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TokenEncodingTest {
  @Test
  void countsExactTokens() {
    assertThat(TokenEncoding.O200K_BASE.count("hello world")).isEqualTo(2);
    assertThat(TokenEncoding.CL100K_BASE.count("hello world")).isEqualTo(2);
    assertThat(TokenEncoding.O200K_BASE.count("")).isZero();
  }

  @Test
  void theEncodingsDifferOnTheSameText() {
    String text = "Präzise Zählung: 東京の天気 🌧️ — {\"type\":\"object\"}";

    assertThat(TokenEncoding.O200K_BASE.count(text))
        .isNotEqualTo(TokenEncoding.CL100K_BASE.count(text));
  }

  @Test
  void countsSpecialTokenMarkersAsText() {
    assertThat(TokenEncoding.O200K_BASE.count("<|endoftext|>")).isGreaterThan(1);
  }

  @Test
  void parsesEncodingNames() {
    assertThat(TokenEncoding.parse("o200k_base")).isEqualTo(TokenEncoding.O200K_BASE);
    assertThat(TokenEncoding.parse("CL100K")).isEqualTo(TokenEncoding.CL100K_BASE);
    assertThatThrownBy(() -> TokenEncoding.parse("p50k"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("o200k_base, cl100k_base");
  }
}
