package io.toolgate.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.config.ConfigException;
import io.toolgate.config.OptionException;
import io.toolgate.config.ToolgateConfig;
import io.toolgate.json.Json;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ServerSettingsTest {

  private static ServerSettings parse(String yaml) {
    return ServerSettings.fromConfig(Json.yaml().readTree(yaml), Path.of("/etc/toolgate"));
  }

  @Test
  void aMissingSectionGivesTheDefaults() {
    ServerSettings s = ServerSettings.fromConfig((JsonNode) null);
    assertThat(s).isEqualTo(ServerSettings.defaults());
    assertThat(s.host()).isEqualTo("127.0.0.1");
    assertThat(s.port()).isEqualTo(8080);
    assertThat(s.keysFile()).isEmpty();
    assertThat(s.console()).isTrue();
  }

  @Test
  void everyKeyIsRead() {
    ServerSettings s =
        parse(
            """
            host: 0.0.0.0
            port: 9090
            api_keys_file: keys.yaml
            insecure: true
            console: false
            cors_origins: [https://app.example.com]
            allowed_hosts: [Gate.Internal]
            audit_arguments: true
            limits: {max_body_bytes: 2MiB, max_argument_bytes: 1024, max_result_bytes: 512KiB,
                     rate_per_second: 5}
            """);
    assertThat(s.host()).isEqualTo("0.0.0.0");
    assertThat(s.port()).isEqualTo(9090);
    assertThat(s.keysFile()).contains(Path.of("/etc/toolgate/keys.yaml"));
    assertThat(s.insecure()).isTrue();
    assertThat(s.console()).isFalse();
    assertThat(s.corsOrigins()).containsExactly("https://app.example.com");
    assertThat(s.allowedHosts()).containsExactly("gate.internal");
    assertThat(s.auditArguments()).isTrue();
    assertThat(s.limits().maxBodyBytes()).isEqualTo(2 * 1024 * 1024);
    assertThat(s.limits().maxArgumentBytes()).isEqualTo(1024);
    assertThat(s.limits().maxResultBytes()).isEqualTo(512 * 1024);
    assertThat(s.limits().rate().perSecond()).isEqualTo(5);
    assertThat(s.limits().rate().burst()).isEqualTo(10);
  }

  @Test
  void anUnknownKeyIsAnErrorListingTheKnownOnes() {
    assertThatThrownBy(() -> parse("prot: 80"))
        .isInstanceOf(OptionException.class)
        .hasMessageStartingWith(
            "server: unknown key 'prot' (did you mean 'port'?); known keys: host,")
        .hasMessageContaining("limits");
  }

  @Test
  void aPortOutOfRangeIsAnError() {
    assertThatThrownBy(() -> parse("port: 70000"))
        .hasMessage("server.port: must be a whole number from 0 to 65535, got 70000");
  }

  @Test
  void aBadByteCountIsAnError() {
    assertThatThrownBy(() -> parse("limits: {max_body_bytes: lots}"))
        .hasMessage(
            "server.limits.max_body_bytes: must be a positive byte count such as 1048576 or 1MiB,"
                + " got \"lots\"");
  }

  @Test
  void aBurstWithoutARateIsAnError() {
    assertThatThrownBy(() -> parse("limits: {rate_burst: 5}"))
        .hasMessage("server.limits.rate_burst: needs rate_per_second as well");
  }

  @Test
  void aProblemInALoadedConfigIsLocatedInTheFile() {
    ToolgateConfig config =
        ToolgateConfig.parse(
            "server:\n  host: 0.0.0.0\n  limits: {max_result_bytes: -1}\n",
            "toolgate.yaml",
            Path.of("/etc/toolgate"),
            name -> null);

    assertThatThrownBy(() -> ServerSettings.fromConfig(config))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "toolgate.yaml:3:12: server.limits.max_result_bytes: must be a positive byte count"
                + " such as 1048576 or 1MiB, got -1");
  }

  @Test
  void aLoadedConfigResolvesTheKeysFileNextToIt() {
    ToolgateConfig config =
        ToolgateConfig.parse(
            "server: {api_keys_file: keys.yaml}\n",
            "toolgate.yaml",
            Path.of("/etc/toolgate"),
            name -> null);

    assertThat(ServerSettings.fromConfig(config).keysFile())
        .contains(Path.of("/etc/toolgate/keys.yaml"));
  }

  @Test
  void loopbackIsRecognized() {
    assertThat(ServerSettings.defaults().isLoopback()).isTrue();
    assertThat(ServerSettings.defaults().withHost("localhost").isLoopback()).isTrue();
    assertThat(ServerSettings.defaults().withHost("::1").isLoopback()).isTrue();
    assertThat(ServerSettings.defaults().withHost("0.0.0.0").isLoopback()).isFalse();
  }
}
