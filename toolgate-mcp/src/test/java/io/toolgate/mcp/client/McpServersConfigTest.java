package io.toolgate.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.ToolgateException;
import io.toolgate.json.Json;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class McpServersConfigTest {
  private static final Map<String, String> ENV = Map.of("CRM_TOKEN", "s3cret", "DATA", "/srv/data");

  private static List<McpServerSpec> parse(String yaml) {
    JsonNode node = Json.yaml().readTree(yaml);
    return McpServersConfig.parse(node.get("mcp_servers"), ENV::get);
  }

  @Test
  void readsAStdioServerWithCommandArgsEnvAndCwd() {
    List<McpServerSpec> specs =
        parse(
            """
            mcp_servers:
              - name: fs
                command: [npx, -y, "@modelcontextprotocol/server-filesystem"]
                args: ["${DATA}"]
                env: {LOG_LEVEL: warn}
                cwd: /tmp
                timeout_ms: 5000
            """);

    McpServerSpec.Stdio fs = (McpServerSpec.Stdio) specs.getFirst();
    assertThat(fs.command())
        .containsExactly("npx", "-y", "@modelcontextprotocol/server-filesystem", "/srv/data");
    assertThat(fs.env()).containsEntry("LOG_LEVEL", "warn");
    assertThat(fs.cwd()).contains(Path.of("/tmp"));
    assertThat(fs.timeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(fs.sourceId()).isEqualTo("mcp:fs");
  }

  @Test
  void readsACommandGivenAsOneString() {
    McpServerSpec.Stdio s =
        (McpServerSpec.Stdio)
            parse("mcp_servers: [{name: mem, command: mcp-server-memory}]").getFirst();

    assertThat(s.command()).containsExactly("mcp-server-memory");
    assertThat(s.timeout()).isEqualTo(McpServerSpec.DEFAULT_TIMEOUT);
  }

  @Test
  void readsAnHttpServerAndExpandsEnvironmentVariablesInHeaders() {
    McpServerSpec.Http crm =
        (McpServerSpec.Http)
            parse(
                    """
                    mcp_servers:
                      - name: crm
                        url: "http://127.0.0.1:9000/mcp"
                        headers: {Authorization: "Bearer ${CRM_TOKEN}", X-Literal: "$${CRM_TOKEN}"}
                    """)
                .getFirst();

    assertThat(crm.url()).isEqualTo(URI.create("http://127.0.0.1:9000/mcp"));
    assertThat(crm.headers())
        .containsEntry("Authorization", "Bearer s3cret")
        .containsEntry("X-Literal", "${CRM_TOKEN}");
  }

  @Test
  void anUnsetVariableIsAnErrorThatNamesIt() {
    assertThatThrownBy(
            () -> parse("mcp_servers: [{name: crm, url: 'http://h/mcp', headers: {A: '${NOPE}'}}]"))
        .isInstanceOf(ToolgateException.class)
        .hasMessageContaining("crm")
        .hasMessageContaining("headers.A")
        .hasMessageContaining("${NOPE}");
  }

  @Test
  void anUnknownKeyIsAnErrorThatListsTheKnownOnes() {
    assertThatThrownBy(() -> parse("mcp_servers: [{name: fs, command: x, comand: y}]"))
        .isInstanceOf(ToolgateException.class)
        .hasMessageContaining("unknown key 'comand'")
        .hasMessageContaining("command");
  }

  @Test
  void aServerNeedsExactlyOneOfCommandAndUrl() {
    assertThatThrownBy(() -> parse("mcp_servers: [{name: fs}]"))
        .hasMessageContaining("exactly one of command");
    assertThatThrownBy(() -> parse("mcp_servers: [{name: fs, command: x, url: 'http://h/'}]"))
        .hasMessageContaining("exactly one of command");
  }

  @Test
  void namesMustBeUniqueAndUsableAsANamespace() {
    assertThatThrownBy(() -> parse("mcp_servers: [{name: a, command: x}, {name: a, command: y}]"))
        .hasMessageContaining("two servers are named 'a'");
    assertThatThrownBy(() -> parse("mcp_servers: [{name: 'my server', command: x}]"))
        .hasMessageContaining("my server");
  }

  @Test
  void noSectionMeansNoServers() {
    assertThat(McpServersConfig.parse(null, ENV::get)).isEmpty();
    assertThat(McpServersConfig.parse(Json.parse("null"), ENV::get)).isEmpty();
  }
}
