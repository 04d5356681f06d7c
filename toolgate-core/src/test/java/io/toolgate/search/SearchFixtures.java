package io.toolgate.search;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.json.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/** Small tool catalogs for search tests. */
final class SearchFixtures {
  private SearchFixtures() {}

  /** A tool with string parameters {@code params} (each "key:description"). */
  static ToolDefinition tool(String name, String description, String... params) {
    ObjectNode schema = Json.object().put("type", "object");
    ObjectNode properties = schema.putObject("properties");
    for (String p : params) {
      String[] kv = p.split(":", 2);
      ObjectNode property = properties.putObject(kv[0]).put("type", "string");
      if (kv.length > 1) {
        property.put("description", kv[1]);
      }
    }
    return ToolDefinition.builder(name, schema).description(description).build();
  }

  static List<ToolDefinition> catalog() {
    return List.of(
        tool(
            "weather_current",
            "Current weather conditions for a city.",
            "city:The city name",
            "units:metric or imperial"),
        tool(
            "send_email",
            "Send an email message to a recipient.",
            "to:Recipient address",
            "subject:Subject line",
            "body:Message text"),
        tool(
            "sql_query",
            "Run a SQL query against the analytics database.",
            "query:The SQL statement"),
        tool(
            "create_invoice",
            "Create an invoice for a customer.",
            "customer_id:The customer",
            "amount:Total in cents"),
        tool("list_files", "List the files in a directory.", "path:Directory path"),
        tool(
            "translate_text",
            "Translate text into another language.",
            "text:Text to translate",
            "target_language:Language code"));
  }

  /**
   * {@link #catalog()} and two tools with the same text, {@code twin_one} and {@code twin_two}:
   * "alpha beta gamma" ties them in every channel, so a gated search is unsure of it, while "send
   * an email message to a recipient" is one that full text and a vector channel single out.
   */
  static List<ToolDefinition> catalogWithTwins() {
    List<ToolDefinition> tools = new ArrayList<>(catalog());
    tools.add(tool("twin_one", "Alpha beta gamma."));
    tools.add(tool("twin_two", "Alpha beta gamma."));
    return tools;
  }

  /** The channels that ranked any hit of {@code r}, each once, in the order they first appear. */
  static List<String> sources(SearchResponse r) {
    return r.tools().stream()
        .flatMap(h -> h.matchSources().stream())
        .map(MatchSource::source)
        .distinct()
        .toList();
  }
}
