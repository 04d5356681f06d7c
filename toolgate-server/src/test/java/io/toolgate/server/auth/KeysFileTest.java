package io.toolgate.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeysFileTest {
  @TempDir Path dir;

  private static List<ApiKey> parse(String yaml) {
    return KeysFile.parse(Json.yaml().readTree(yaml), "keys.yaml");
  }

  @Test
  void aHashedKeyMatchesOnlyItsSecret() {
    String secret = KeysFile.generateKey();
    ApiKey key =
        parse("keys: [{id: a, hash: \"" + KeysFile.hash(secret) + "\", scopes: [search]}]")
            .getFirst();
    assertThat(key.matches(secret)).isTrue();
    assertThat(key.matches(secret + "x")).isFalse();
  }

  @Test
  void twoHashesOfOneKeyDifferBecauseOfTheSalt() {
    String secret = KeysFile.generateKey();
    assertThat(KeysFile.hash(secret)).isNotEqualTo(KeysFile.hash(secret)).startsWith("sha256:");
  }

  @Test
  void generatedKeysAreLongAndDistinct() {
    assertThat(KeysFile.generateKey()).startsWith("tgk_").hasSizeGreaterThan(40);
    assertThat(KeysFile.generateKey()).isNotEqualTo(KeysFile.generateKey());
  }

  @Test
  void shortKeysCannotBeHashed() {
    assertThatThrownBy(() -> KeysFile.hash("short")).hasMessageContaining("at least 16");
  }

  @Test
  void scopesFiltersAndRatesAreRead() {
    ApiKey key =
        parse(
                """
                keys:
                  - id: bot
                    hash: "%s"
                    scopes: [search, invoke]
                    tools: {names: ["weather_*"], tags: [public], sources: ["file:*"]}
                    rate_limit: {per_second: 3}
                """
                    .formatted(KeysFile.hash(KeysFile.generateKey())))
            .getFirst();
    assertThat(key.scopes()).containsExactlyInAnyOrder(Scope.SEARCH, Scope.INVOKE);
    assertThat(key.tools().names()).containsExactly("weather_*");
    assertThat(key.rate()).contains(RateLimit.of(3, 6));
  }

  @Test
  void anUnknownScopeIsAnErrorNamingTheEntry() {
    assertThatThrownBy(
            () ->
                parse(
                    "keys: [{id: a, hash: \""
                        + KeysFile.hash(KeysFile.generateKey())
                        + "\", scopes: [serch]}]"))
        .hasMessageContaining("keys.yaml: keys[0] (a)")
        .hasMessageContaining("unknown scope 'serch'");
  }

  @Test
  void aBadHashIsAnError() {
    assertThatThrownBy(() -> parse("keys: [{id: a, hash: plaintext, scopes: [search]}]"))
        .hasMessageContaining("sha256:<salt hex>:<digest hex>");
  }

  @Test
  void duplicateIdsAreAnError() {
    String h = KeysFile.hash(KeysFile.generateKey());
    assertThatThrownBy(
            () ->
                parse(
                    "keys: [{id: a, hash: \""
                        + h
                        + "\", scopes: [search]}, {id: a, hash: \""
                        + h
                        + "\", scopes: [search]}]"))
        .hasMessageContaining("used twice");
  }

  @Test
  void anUnknownFieldIsAnError() {
    assertThatThrownBy(
            () ->
                parse(
                    "keys: [{id: a, hash: \""
                        + KeysFile.hash(KeysFile.generateKey())
                        + "\", scopes: [search], scope: [admin]}]"))
        .hasMessageContaining("unknown field 'scope'");
  }

  @Test
  void invalidYamlNamesTheFile() throws Exception {
    Path file = dir.resolve("keys.yaml");
    Files.writeString(file, "keys: [unclosed");
    assertThatThrownBy(() -> KeysFile.load(file))
        .hasMessageContaining(file.toString())
        .hasMessageContaining("not valid YAML");
  }

  @Test
  void theAuthenticatorPicksUpAChangedFile() throws Exception {
    Path file = dir.resolve("keys.yaml");
    String first = KeysFile.generateKey();
    String second = KeysFile.generateKey();
    Files.writeString(
        file, "keys: [{id: a, hash: \"" + KeysFile.hash(first) + "\", scopes: [search]}]");
    Authenticator auth = Authenticator.fromFile(file, RateLimit.NONE);
    assertThat(auth.authenticate(first)).isPresent();
    Files.writeString(
        file, "keys: [{id: b, hash: \"" + KeysFile.hash(second) + "\", scopes: [search]}]");
    Files.setLastModifiedTime(
        file, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5000));
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (auth.authenticate(second).isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(200);
    }
    assertThat(auth.authenticate(second)).map(Caller::id).contains("b");
    assertThat(auth.authenticate(first)).isEmpty();
  }
}
