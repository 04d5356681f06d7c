package io.toolgate.domain.core;

import static io.toolgate.domain.core.CoreTools.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class EncodingToolsTest {

  @Test
  void generatesDistinctVersion4Uuids() throws Exception {
    JsonNode out = call("uuid_generate", "{\"count\":5}");
    assertThat(out.get("uuids")).hasSize(5);
    assertThat(out.get("uuids").valueStream().map(JsonNode::asString).distinct()).hasSize(5);
    assertThat(UUID.fromString(out.get("uuids").get(0).asString()).version()).isEqualTo(4);
  }

  @Test
  void refusesMoreThanAHundred() {
    assertThatThrownBy(() -> call("uuid_generate", "{\"count\":101}"))
        .hasMessageContaining("count must be 1 to 100, got 101");
  }

  @Test
  void version5MatchesTheRfcExample() throws Exception {
    // python3 -c "import uuid; print(uuid.uuid5(uuid.NAMESPACE_DNS, 'python.org'))"
    JsonNode out =
        call("uuid_generate", "{\"version\":5,\"namespace\":\"dns\",\"name\":\"python.org\"}");
    assertThat(out.get("uuids").get(0).asString())
        .isEqualTo("886313e1-3b8a-5372-9b90-0c9aee199e5d");
  }

  @Test
  void version5NeedsANamespaceAndAName() {
    assertThatThrownBy(() -> call("uuid_generate", "{\"version\":5,\"name\":\"x\"}"))
        .hasMessageContaining("needs a namespace");
  }

  @Test
  void version7IsTimeOrdered() {
    EncodingTools tools = new EncodingTools();
    UUID early = tools.uuid7(1_000);
    UUID late = tools.uuid7(2_000);
    assertThat(early.version()).isEqualTo(7);
    assertThat(early.variant()).isEqualTo(2);
    assertThat(early.toString().compareTo(late.toString())).isNegative();
    assertThat(early.getMostSignificantBits() >>> 16).isEqualTo(1_000);
  }

  @Test
  void hashesWithTheKnownDigests() throws Exception {
    assertThat(call("hash_text", "{\"text\":\"abc\"}").get("digest").asString())
        .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    assertThat(
            call("hash_text", "{\"text\":\"abc\",\"algorithm\":\"MD5\"}").get("digest").asString())
        .isEqualTo("900150983cd24fb0d6963f7d28e17f72");
    assertThat(
            call("hash_text", "{\"text\":\"abc\",\"algorithm\":\"SHA1\",\"encoding\":\"BASE64\"}")
                .get("digest")
                .asString())
        .isEqualTo("qZk+NkcGgWq6PiVxeFDCbJzQ2J0=");
  }

  @Test
  void computesAnHmacWithAKey() throws Exception {
    // RFC 4231 test case 2
    JsonNode out =
        call(
            "hash_text",
            "{\"text\":\"what do ya want for nothing?\",\"key\":\"Jefe\",\"algorithm\":\"SHA256\"}");
    assertThat(out.get("algorithm").asString()).isEqualTo("HmacSHA256");
    assertThat(out.get("digest").asString())
        .isEqualTo("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  }

  @Test
  void encodesStandardAndUrlSafeBase64() throws Exception {
    assertThat(call("base64_encode", "{\"text\":\"a?b>c~\"}").get("encoded").asString())
        .isEqualTo("YT9iPmN+");
    assertThat(
            call("base64_encode", "{\"text\":\"a?b>c~\",\"url_safe\":true}")
                .get("encoded")
                .asString())
        .isEqualTo("YT9iPmN-");
    assertThat(
            call("base64_encode", "{\"text\":\"ab\",\"padding\":false}").get("encoded").asString())
        .isEqualTo("YWI");
  }

  @Test
  void decodesEitherAlphabetWithOrWithoutPadding() throws Exception {
    assertThat(call("base64_decode", "{\"data\":\"YT9iPmN+\"}").get("text").asString())
        .isEqualTo("a?b>c~");
    JsonNode url = call("base64_decode", "{\"data\":\"YT9iPmN-\"}");
    assertThat(url.get("text").asString()).isEqualTo("a?b>c~");
    assertThat(url.get("alphabet").asString()).isEqualTo("url_safe");
    assertThat(call("base64_decode", "{\"data\":\"YW\\nI\"}").get("text").asString())
        .isEqualTo("ab");
  }

  @Test
  void binaryDataComesBackAsHex() throws Exception {
    JsonNode out = call("base64_decode", "{\"data\":\"/w==\"}");
    assertThat(out.has("text")).isFalse();
    assertThat(out.get("hex").asString()).isEqualTo("ff");
  }

  @Test
  void invalidBase64IsAnError() {
    assertThatThrownBy(() -> call("base64_decode", "{\"data\":\"ab$c\"}"))
        .hasMessageContaining("not valid base64");
  }
}
