package io.toolgate.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.toolgate.exposure.ToolMode;
import io.toolgate.json.Json;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class OptionReaderTest {
  private static final List<String> KEYS =
      List.of("port", "name", "on", "ttl", "size", "rate", "hosts", "limits", "tools");

  private static OptionReader read(String yaml) {
    return OptionReader.of("server", Json.yaml().readTree(yaml), KEYS);
  }

  @Test
  void readsEachKindOfValue() {
    OptionReader r =
        read(
            """
            port: 9090
            name: " gate "
            on: false
            ttl: 2m
            size: 512KiB
            rate: 2.5
            hosts: [a, " b"]
            tools: all
            """);

    assertThat(r.wholeNumber("port", 0, 65535, 8080)).isEqualTo(9090);
    assertThat(r.text("name")).contains("gate");
    assertThat(r.bool("on", true)).isFalse();
    assertThat(r.duration("ttl")).contains(Duration.ofMinutes(2));
    assertThat(r.bytes("size", 1)).isEqualTo(512 * 1024);
    assertThat(r.number("rate", 0, Double.MAX_VALUE, 0)).isEqualTo(2.5);
    assertThat(r.strings("hosts")).containsExactly("a", "b");
    assertThat(r.parse("tools", ToolMode::parse, ToolMode.AUTO)).isEqualTo(ToolMode.ALL);
  }

  @Test
  void unsetAndNullValuesTakeTheirFallback() {
    OptionReader r = read("port: null");

    assertThat(r.has("port")).isFalse();
    assertThat(r.wholeNumber("port", 0, 65535, 8080)).isEqualTo(8080);
    assertThat(r.positiveInt("size", 7)).isEqualTo(7);
    assertThat(r.bool("on", true)).isTrue();
    assertThat(r.duration("ttl")).isEmpty();
    assertThat(r.bytes("size", 42)).isEqualTo(42);
    assertThat(r.strings("hosts")).isEmpty();
    assertThat(r.parse("tools", ToolMode::parse, ToolMode.AUTO)).isEqualTo(ToolMode.AUTO);
  }

  @Test
  void aMissingSectionReadsAsEmpty() {
    OptionReader r = OptionReader.of("server", null, KEYS);

    assertThat(r.text("name")).isEmpty();
    assertThat(r.mapping("limits", List.of("a")).has("a")).isFalse();
  }

  @Test
  void durationsAreSecondsOrTextWithAUnit() {
    assertThat(read("ttl: 30").duration("ttl")).contains(Duration.ofSeconds(30));
    assertThat(read("ttl: 500ms").duration("ttl")).contains(Duration.ofMillis(500));
    assertThat(read("ttl: 45s").duration("ttl")).contains(Duration.ofSeconds(45));
    assertThat(read("ttl: 1h").duration("ttl")).contains(Duration.ofHours(1));
  }

  @Test
  void byteCountsTakeDecimalAndBinaryUnits() {
    assertThat(read("size: 1048576").bytes("size", 1)).isEqualTo(1_048_576);
    assertThat(read("size: 2MB").bytes("size", 1)).isEqualTo(2_000_000);
    assertThat(read("size: 1 GiB").bytes("size", 1)).isEqualTo(1L << 30);
    assertThat(read("size: 10b").bytes("size", 1)).isEqualTo(10);
  }

  @Test
  void anUnknownKeyNamesTheClosestAndListsTheKnownOnes() {
    assertThatThrownBy(() -> read("prot: 80"))
        .isInstanceOf(OptionException.class)
        .hasMessage(
            "server: unknown key 'prot' (did you mean 'port'?); known keys: "
                + String.join(", ", KEYS));
  }

  @Test
  void aSectionThatIsNotAMappingIsAnError() {
    assertThatThrownBy(() -> OptionReader.of("server", Json.parse("[1]"), List.of("port")))
        .hasMessage("server: must be a mapping with keys among port, got [1]");
  }

  @Test
  void eachErrorNamesTheKeyTheBadValueAndTheFix() {
    assertThatThrownBy(() -> read("port: 70000").wholeNumber("port", 0, 65535, 8080))
        .hasMessage("server.port: must be a whole number from 0 to 65535, got 70000");
    assertThatThrownBy(() -> read("port: -1").positiveInt("port", 1))
        .hasMessage("server.port: must be a whole number, 1 or more, got -1");
    assertThatThrownBy(() -> read("on: yes please").bool("on", true))
        .hasMessage("server.on: must be true or false, got \"yes please\"");
    assertThatThrownBy(() -> read("ttl: soon").duration("ttl"))
        .hasMessage(
            "server.ttl: must be a positive duration such as 500ms, 30s, 2m or 1h, got \"soon\"");
    assertThatThrownBy(() -> read("ttl: 0s").duration("ttl"))
        .hasMessageContaining("positive duration");
    assertThatThrownBy(() -> read("size: lots").bytes("size", 1))
        .hasMessage(
            "server.size: must be a positive byte count such as 1048576 or 1MiB, got \"lots\"");
    assertThatThrownBy(() -> read("size: 99999999999999GiB").bytes("size", 1))
        .hasMessageContaining("positive byte count");
    assertThatThrownBy(() -> read("rate: -1").number("rate", 0, Double.MAX_VALUE, 0))
        .hasMessage("server.rate: must be a number, 0 or more, got -1");
    assertThatThrownBy(() -> read("name: ''").text("name"))
        .hasMessage("server.name: must be a non-empty string, got \"\"");
    assertThatThrownBy(() -> read("port: 1").requiredText("name"))
        .hasMessage("server.name: is required");
    assertThatThrownBy(() -> read("hosts: [a, {b: 1}]").strings("hosts"))
        .hasMessage("server.hosts: must hold only strings, got {\"b\":1}");
  }

  @Test
  void aParserErrorIsNamedByItsKey() {
    assertThatThrownBy(() -> read("tools: 5").parse("tools", ToolMode::parse, ToolMode.AUTO))
        .isInstanceOf(OptionException.class)
        .hasMessageStartingWith("server.tools: ");
  }

  @Test
  void nestedMappingsCarryTheirPath() {
    OptionException e =
        catchThrowableOfType(
            OptionException.class,
            () ->
                read("limits: {max_body: 1}")
                    .mapping("limits", List.of("max_body_bytes"))
                    .bytes("max_body_bytes", 1));

    assertThat(e)
        .hasMessage(
            "server.limits: unknown key 'max_body' (did you mean 'max_body_bytes'?); known keys:"
                + " max_body_bytes");
    assertThat(e.key()).isEqualTo("server.limits");
  }

  @Test
  void theKeyBecomesAPointerIntoTheConfig() {
    OptionException e = new OptionException("models[1].params.tools", "must be auto");

    assertThat(e.pointer()).isEqualTo("/models/1/params/tools");
    assertThat(e.detail()).isEqualTo("must be auto");
    assertThat(new OptionException("", "bad").getMessage()).isEqualTo("bad");
  }

  @Test
  void aConfigLocatesAnOptionErrorInItsFile() {
    ToolgateConfig config =
        ToolgateConfig.parse(
            "search: {limit: 3}\nserver:\n  port: 70000\n",
            "toolgate.yaml",
            Path.of("."),
            n -> null);
    OptionException e =
        catchThrowableOfType(
            OptionException.class,
            () ->
                OptionReader.of("server", config.section("server"), List.of("port"))
                    .wholeNumber("port", 0, 65535, 8080));

    assertThat(config.error(e))
        .hasMessage(
            "toolgate.yaml:3:3: server.port: must be a whole number from 0 to 65535, got 70000");
  }
}
