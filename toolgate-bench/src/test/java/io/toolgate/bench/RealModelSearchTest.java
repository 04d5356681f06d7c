package io.toolgate.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.json.Json;
import io.toolgate.search.HybridToolSearch;
import io.toolgate.search.SearchMode;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import io.toolgate.search.embed.Embedders;
import io.toolgate.search.spi.Embedder;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The default embedding model, loaded for real, finds tools for requests that share no words. */
class RealModelSearchTest {
  private static Embedder embedder;
  private static HybridToolSearch search;

  private static ToolDefinition tool(String name, String description, String params) {
    return ToolDefinition.builder(name, Json.parse(params)).description(description).build();
  }

  @BeforeAll
  static void indexADemoCatalog() throws InterruptedException {
    embedder = Embedders.create("local:bge-small-en-v1.5");
    search = HybridToolSearch.builder().embedder(embedder).build();
    String city = "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}}}";
    search.update(
        List.of(
            tool("weather_forecast", "Daily forecast: temperature, precipitation and wind.", city),
            tool(
                "send_email",
                "Send an email to one or more recipients.",
                "{\"type\":\"object\",\"properties\":{\"to\":{\"type\":\"string\"},"
                    + "\"subject\":{\"type\":\"string\"},\"body\":{\"type\":\"string\"}}}"),
            tool(
                "sql_query",
                "Run a read-only SQL query against the analytics warehouse.",
                "{\"type\":\"object\",\"properties\":{\"sql\":{\"type\":\"string\"}}}"),
            tool(
                "create_invoice",
                "Bill a customer: create an invoice with line items and a due date.",
                "{\"type\":\"object\",\"properties\":{\"customer_id\":{\"type\":\"string\"}}}"),
            tool(
                "list_files",
                "List the files and folders in a directory.",
                "{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"}}}"),
            tool(
                "calendar_create_event",
                "Schedule a meeting on the calendar with attendees.",
                "{\"type\":\"object\",\"properties\":{\"title\":{\"type\":\"string\"},"
                    + "\"start\":{\"type\":\"string\"}}}"),
            tool(
                "shipping_track_package",
                "Track a parcel by its tracking number.",
                "{\"type\":\"object\",\"properties\":{\"tracking_number\":{\"type\":\"string\"}}}")),
        List.of());
    assertThat(search.awaitVectors(Duration.ofMinutes(5))).isTrue();
  }

  @AfterAll
  static void close() {
    search.close();
    embedder.close();
  }

  private static String top(String query, SearchMode mode) {
    SearchResponse r = search.search(SearchRequest.of(query).withMode(mode));
    return r.tools().isEmpty() ? "(none)" : r.tools().get(0).tool().name();
  }

  @Test
  void aParaphraseWithNoSharedWordFindsTheTool() {
    assertThat(top("do I need an umbrella in Lisbon tomorrow", SearchMode.HYBRID))
        .isEqualTo("weather_forecast");
    assertThat(top("where is my parcel right now", SearchMode.HYBRID))
        .isEqualTo("shipping_track_package");
    assertThat(top("charge the client for last month's work", SearchMode.HYBRID))
        .isEqualTo("create_invoice");
  }

  @Test
  void hybridSearchReportsTheVectorChannel() {
    SearchResponse r = search.search(SearchRequest.of("book a meeting with the team"));
    assertThat(r.searchMode()).isEqualTo("hybrid_zscore");
    assertThat(r.tools().get(0).tool().name()).isEqualTo("calendar_create_event");
  }
}
