package io.toolgate.server.chat;

import io.toolgate.Toolgate;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.invoke.ToolInvoker;
import io.toolgate.json.Json;
import io.toolgate.search.FakeEmbedder;
import io.toolgate.search.HybridToolSearch;
import io.toolgate.search.SearchSettings;
import io.toolgate.search.spi.Embedder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.node.ObjectNode;

/**
 * A small real gateway for proxy tests: a registry, lexical (or hybrid, with {@link FakeEmbedder})
 * search, and the real invoker. The tools record how often they ran.
 */
final class TestGateway {
  static final String WEATHER = "weather_current";
  static final String TIME = "time_now";
  static final String EMAIL = "email_send";
  static final String DOTTED = "github.search_issues";

  final ToolRegistry registry = new ToolRegistry();
  final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();

  private TestGateway() {}

  /** Weather, time, email and a dotted GitHub tool, plus {@code fillers} unrelated tools. */
  static TestGateway withTools(int fillers) {
    TestGateway g = new TestGateway();
    g.add(
        ToolDefinition.builder(WEATHER, schema("city", "City name, e.g. Lisbon"))
            .description("Current weather conditions for a city: temperature and sky.")
            .build(),
        "{\"city\":\"Lisbon\",\"temp_c\":21,\"sky\":\"sunny\"}");
    g.add(
        ToolDefinition.builder(
                TIME, (ObjectNode) Json.parse("{\"type\":\"object\",\"properties\":{}}"))
            .description("The current date and time in UTC.")
            .build(),
        "{\"iso\":\"2025-01-01T12:00:00Z\"}");
    g.add(
        ToolDefinition.builder(EMAIL, schema("to", "Recipient address"))
            .description("Send an email message to a recipient.")
            .build(),
        "{\"sent\":true}");
    g.add(
        ToolDefinition.builder(DOTTED, schema("query", "Issue search terms"))
            .description("Search GitHub issues of a repository.")
            .source("mcp:github")
            .build(),
        "{\"issues\":[]}");
    for (int i = 1; i <= fillers; i++) {
      String name = String.format("inventory_report_%02d", i);
      g.add(
          ToolDefinition.builder(name, schema("sku", "Stock keeping unit"))
              .description("Inventory report number " + i + " for a warehouse stock item.")
              .build(),
          "{\"stock\":" + i + "}");
    }
    return g;
  }

  /** Adds a tool whose run returns {@code result}. */
  TestGateway add(ToolDefinition def, String result) {
    runs.put(def.name(), new AtomicInteger());
    registry.register(
        new RegisteredTool(
            def,
            call -> {
              runs.get(def.name()).incrementAndGet();
              return Json.parse(result);
            }));
    return this;
  }

  int runs(String tool) {
    return runs.get(tool).get();
  }

  /** The gateway with lexical search only. */
  Toolgate lexical() {
    return gate(List.of());
  }

  /** The gateway with a vector channel (a deterministic fake embedder). */
  Toolgate hybrid() {
    return gate(List.of(new FakeEmbedder()));
  }

  /**
   * The gateway with two named embedders, {@code a} (channel {@code vector}) and {@code b} (channel
   * {@code vector:fake-b}), their tool vectors computed before it returns. No gate: every search
   * runs every embedder it may use, so its sources show which took part.
   */
  Toolgate hybridPair() throws InterruptedException {
    FakeEmbedder b = new FakeEmbedder();
    Embedder renamed =
        new Embedder() {
          @Override
          public String modelId() {
            return "fake-b";
          }

          @Override
          public int dimension() {
            return b.dimension();
          }

          @Override
          public float[][] embedDocuments(List<String> documents) {
            return b.embedDocuments(documents);
          }

          @Override
          public float[] embedQuery(String query) {
            return b.embedQuery(query);
          }
        };
    HybridToolSearch search =
        HybridToolSearch.builder()
            .settings(SearchSettings.defaults().withSecondEmbedderMargin(0))
            .embedder("a", new FakeEmbedder(), Optional.empty())
            .embedder("b", renamed, Optional.empty())
            .build();
    search.follow(registry);
    search.awaitVectors(Duration.ofSeconds(30));
    return Toolgate.builder()
        .registry(registry)
        .search(search)
        .invoker(ToolInvoker.builder(registry).build())
        .build();
  }

  private Toolgate gate(List<FakeEmbedder> embedders) {
    HybridToolSearch.Builder b = HybridToolSearch.builder();
    embedders.forEach(b::embedder);
    HybridToolSearch search = b.build();
    search.follow(registry);
    return Toolgate.builder()
        .registry(registry)
        .search(search)
        .invoker(ToolInvoker.builder(registry).build())
        .build();
  }

  static ObjectNode schema(String field, String description) {
    ObjectNode s = Json.object();
    s.put("type", "object");
    s.putObject("properties")
        .putObject(field)
        .put("type", "string")
        .put("description", description);
    s.putArray("required").add(field);
    return s;
  }

  static List<String> names(List<ToolDefinition> defs) {
    List<String> out = new ArrayList<>();
    defs.forEach(d -> out.add(d.name()));
    return out;
  }
}
