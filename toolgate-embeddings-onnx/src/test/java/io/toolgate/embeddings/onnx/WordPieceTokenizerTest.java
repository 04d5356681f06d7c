package io.toolgate.embeddings.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Expected ids come from Hugging Face {@code tokenizers} 0.23.2 (the Rust library, through its Node
 * binding) run on the same {@code tokenizer.json}.
 */
class WordPieceTokenizerTest {
  private static final WordPieceTokenizer TOKENIZER =
      WordPieceTokenizer.fromResource(LocalModel.BGE_SMALL_EN_V15.tokenizerResource());

  private static int[] encode(String text) {
    return TOKENIZER.encode(text, 512);
  }

  @Test
  void splitsOffPunctuationAndLowercases() {
    assertThat(encode("Hello, world!")).containsExactly(101, 7592, 1010, 2088, 999, 102);
  }

  @Test
  void stripsAccents() {
    // cr ##eme br ##ule ##e a paris
    assertThat(encode("Crème brûlée à Paris"))
        .containsExactly(101, 13675, 21382, 7987, 9307, 2063, 1037, 3000, 102);
  }

  @Test
  void cutsCamelCaseIntoContinuationPiecesAndSnakeCaseAtUnderscores() {
    // get ##user ##by ##id and get _ user _ by _ id
    assertThat(encode("getUserById and get_user_by_id"))
        .containsExactly(
            101, 2131, 20330, 3762, 3593, 1998, 2131, 1035, 5310, 1035, 2011, 1035, 8909, 102);
  }

  @Test
  void usesLongestMatchFirst() {
    // una ##ffa ##ble
    assertThat(encode("unaffable")).containsExactly(101, 14477, 20961, 3468, 102);
  }

  @Test
  void makesEachCjkIdeographAWordAndKeepsUnicodePunctuation() {
    // 東 京 is 東 京 都 — naive cafe
    assertThat(encode("東京 is 東京都 — naïve café"))
        .containsExactly(101, 1879, 1755, 2003, 1879, 1755, 1961, 1517, 15743, 7668, 102);
  }

  @Test
  void lowercasesEachCharacterWithoutFinalSigma() {
    // istanbul ο ##δ ##ο ##σ ang ##strom
    assertThat(encode("İstanbul ΟΔΟΣ Ångström"))
        .containsExactly(101, 9960, 1169, 29722, 29730, 29733, 17076, 15687, 102);
  }

  @Test
  void treatsAsciiSymbolsAsPunctuation() {
    // $ 100 + 5 % = < tag >
    assertThat(encode("$100 + 5% = <tag>"))
        .containsExactly(101, 1002, 2531, 1009, 1019, 1003, 1027, 1026, 6415, 1028, 102);
  }

  @Test
  void tokenizesCyrillicByCharacterPieces() {
    // п ##р ##и ##в ##е ##т м ##и ##р
    assertThat(encode("Привет мир"))
        .containsExactly(101, 1194, 16856, 10325, 25529, 15290, 22919, 1191, 10325, 16856, 102);
  }

  @Test
  void unmatchableWordBecomesUnknown() {
    // em ##oj ##i [UNK] ok
    assertThat(encode("emoji 👍🏽 ok")).containsExactly(101, 7861, 29147, 2072, 100, 7929, 102);
  }

  @Test
  void wordLongerThan100CharactersBecomesUnknown() {
    assertThat(encode("x".repeat(101))).containsExactly(101, 100, 102);
    assertThat(encode("y".repeat(100))).hasSize(102);
  }

  @Test
  void dropsControlAndFormatCharacters() {
    // NUL, soft hyphen and zero-width space vanish: abc ##d
    assertThat(encode("a\u0000b\u00adc\u200bd")).containsExactly(101, 5925, 2094, 102);
  }

  @Test
  void splitsOnEveryKindOfWhitespace() {
    // multiple spaces tab new ##line
    assertThat(encode("  multiple   spaces\ttab\nnewline\u3000 "))
        .containsExactly(101, 3674, 7258, 21628, 2047, 4179, 102);
  }

  @Test
  void emptyTextIsJustClsAndSep() {
    assertThat(encode("")).containsExactly(101, 102);
  }

  @Test
  void truncatesToMaxTokensKeepingSep() {
    assertThat(TOKENIZER.encode("Hello, world!", 4)).containsExactly(101, 7592, 1010, 102);
  }

  @Test
  void rejectsMaxTokensBelowTwo() {
    assertThatThrownBy(() -> TOKENIZER.encode("x", 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("illegal maxTokens 1");
  }

  @Test
  void matchesHuggingFaceTokenizersOnAReferenceCorpus() throws IOException {
    // 470 texts: this project's docs, hand-picked edge cases and random Unicode strings.
    JsonNode corpus;
    try (InputStream in = getClass().getResourceAsStream("/hf-tokenizers-reference.json")) {
      corpus = JsonMapper.shared().readTree(in);
    }
    for (JsonNode item : corpus) {
      int[] expected = item.get("ids").valueStream().mapToInt(JsonNode::asInt).toArray();
      assertThat(TOKENIZER.encode(item.get("text").asString(), Integer.MAX_VALUE))
          .as("ids of %s", item.get("text"))
          .containsExactly(expected);
    }
  }

  @Test
  void bothModelsShareOneVocabulary() {
    WordPieceTokenizer minilm =
        WordPieceTokenizer.fromResource(LocalModel.ALL_MINILM_L6_V2.tokenizerResource());

    assertThat(minilm.encode("getUserById and get_user_by_id", 512))
        .containsExactly(encode("getUserById and get_user_by_id"));
  }

  @Test
  void readsBertVocabTxt() throws IOException {
    String vocab =
        String.join("\n", "[PAD]", "[UNK]", "[CLS]", "[SEP]", "get", "##user", "_") + "\n";
    WordPieceTokenizer tokenizer =
        WordPieceTokenizer.fromVocabTxt(
            new ByteArrayInputStream(vocab.getBytes(StandardCharsets.UTF_8)));

    assertThat(tokenizer.encode("getUser_x", 16)).containsExactly(2, 4, 5, 6, 1, 3);
  }

  @Test
  void missingResourceNamesItAndTheFix() {
    assertThatThrownBy(() -> WordPieceTokenizer.fromResource("no-such-tokenizer.json"))
        .hasMessageContaining("'no-such-tokenizer.json' is not on the classpath");
  }
}
