package io.toolgate.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.ToolgateException;
import io.toolgate.config.ConfigException;
import io.toolgate.invoke.ToolResult;
import io.toolgate.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code serve} on 127.0.0.1 port 0, without an embedding model (lexical search). */
class ServeCommandTest {
  static final String CONFIG =
      """
      embeddings: []
      catalogs: ["classpath:io/toolgate/demo"]
      sandboxes: [{name: analytics}]
      """;

  @TempDir Path dir;

  /** Starts {@code toolgate serve --port 0} with {@code config} as picocli would parse it. */
  ServeCommand.Serving serve(String config) throws IOException, InterruptedException {
    Path file = Files.writeString(dir.resolve("toolgate.yaml"), config);
    Object serve =
        Main.commandLine()
            .parseArgs(
                "serve",
                "--port",
                "0",
                "--config",
                file.toString(),
                "--data-dir",
                dir.resolve("data").toString())
            .subcommand()
            .commandSpec()
            .userObject();
    return ((ServeCommand) serve).start();
  }

  static HttpResponse<String> get(URI uri, String path) throws IOException, InterruptedException {
    try (HttpClient http = HttpClient.newHttpClient()) {
      return http.send(
          HttpRequest.newBuilder(uri.resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
    }
  }

  static HttpResponse<String> post(URI uri, String path, String json)
      throws IOException, InterruptedException {
    try (HttpClient http = HttpClient.newHttpClient()) {
      HttpRequest request =
          HttpRequest.newBuilder(uri.resolve(path))
              .header("Content-Type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofString(json))
              .build();
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    }
  }

  @Test
  void servesReadinessAndSearchOnTheDemoCatalog() throws Exception {
    try (ServeCommand.Serving serving = serve(CONFIG)) {
      URI uri = serving.server().uri();

      HttpResponse<String> ready = get(uri, "/readyz");
      assertThat(ready.statusCode()).isEqualTo(200);
      assertThat(Json.parse(ready.body()).path("tools").asInt()).isGreaterThanOrEqualTo(150);

      HttpResponse<String> search = post(uri, "/v1/tools:search", "{\"query\":\"send an email\"}");
      assertThat(search.statusCode()).isEqualTo(200);
      assertThat(
              Json.parse(search.body())
                  .path("tools")
                  .valueStream()
                  .map(t -> t.path("tool_id").asString()))
          .contains("email_send_message");
    }
  }

  @Test
  void bannerNamesEveryEntryPoint() throws Exception {
    try (ServeCommand.Serving serving = serve(CONFIG)) {
      String uri = serving.server().uri().toString();

      assertThat(serving.banner())
          .startsWith(
              "Toolgate serving " + serving.gateway().registry().size() + " tools on " + uri)
          .contains("console " + uri + "/")
          .contains("MCP " + uri + "/mcp")
          .contains("chat proxy " + uri + "/v1/chat/completions");
    }
  }

  @Test
  void callsThatDoNotComeOverRestAreMeasured() throws Exception {
    try (ServeCommand.Serving serving = serve(CONFIG)) {
      // the MCP endpoint and the chat proxy call through the gateway, not through REST
      ToolResult result =
          serving
              .gateway()
              .toolgate()
              .invoke("math_evaluate", Json.parse("{\"expression\": \"6 * 7\"}"));
      assertThat(result.ok()).isTrue();

      String metrics = get(serving.server().uri(), "/metrics").body();
      assertThat(metrics)
          .containsPattern(
              "toolgate_tool_calls_seconds_count\\{[^}]*tool=\"math_evaluate\"[^}]*\\} 1");
    }
  }

  @Test
  void serverArgumentLimitAppliesToEveryCall() throws Exception {
    String config = CONFIG + "server: {limits: {max_argument_bytes: 64}}\n";
    try (ServeCommand.Serving serving = serve(config)) {
      JsonNode args = Json.parse("{\"expression\": \"" + "1+".repeat(40) + "1\"}");

      ToolResult result = serving.gateway().toolgate().invoke("math_evaluate", args);

      assertThat(result.error())
          .hasValueSatisfying(e -> assertThat(e.code().wire()).isEqualTo("too_large"));
    }
  }

  // validate only warns about an unset ${VAR}; serve still refuses to start (ValidateCommandTest).

  @Test
  void anUnsetVariableInAChatModelStopsServeAtItsLine() {
    String config =
        "embeddings: []\nmodels:\n  - name: assistant\n"
            + "    base_url: \"http://${TOOLGATE_TEST_UNSET_HOST}:11434/v1\"\n";

    assertThatThrownBy(() -> serve(config).close())
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            dir.resolve("toolgate.yaml")
                + ":4:5: models[0].base_url: environment variable TOOLGATE_TEST_UNSET_HOST is"
                + " not set; set it, or write ${TOOLGATE_TEST_UNSET_HOST:-default}");
  }

  @Test
  void anUnsetVariableOfAnMcpServerStopsServe() {
    String config =
        CONFIG
            + "mcp_servers:\n  - {name: crm, url: \"http://127.0.0.1:9/mcp\","
            + " headers: {Authorization: \"Bearer ${TOOLGATE_TEST_UNSET_TOKEN}\"}}\n";

    assertThatThrownBy(() -> serve(config).close())
        .isInstanceOf(ToolgateException.class)
        .hasMessage(
            "mcp_servers[0] ('crm').headers.Authorization uses ${TOOLGATE_TEST_UNSET_TOKEN}, which"
                + " is not set; export TOOLGATE_TEST_UNSET_TOKEN before starting Toolgate");
  }

  @Test
  void anUnsetStorePasswordVariableStopsServe() {
    String config =
        "embeddings: []\nstore:\n  url: \"postgresql://127.0.0.1:9/toolgate\"\n"
            + "  password_env: TOOLGATE_TEST_UNSET_PASSWORD\n";

    assertThatThrownBy(() -> serve(config).close())
        .isInstanceOf(ConfigException.class)
        .hasMessageEndingWith(
            "store.password_env: names TOOLGATE_TEST_UNSET_PASSWORD, which is not set; export it"
                + " before starting");
  }
}
