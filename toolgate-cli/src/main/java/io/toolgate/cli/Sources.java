package io.toolgate.cli;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.json.Json;
import java.io.PrintWriter;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.node.ArrayNode;

/** Prints each tool source with its tool count and state. */
final class Sources {
  private Sources() {}

  static void print(Gateway gateway, PrintWriter out, boolean json) {
    Map<String, Integer> counts = new TreeMap<>();
    for (ToolDefinition t : gateway.registry().definitions()) {
      counts.merge(t.source(), 1, Integer::sum);
    }
    if (json) {
      ArrayNode array = Json.array();
      counts.forEach(
          (source, n) ->
              array.addObject().put("source", source).put("state", "loaded").put("tools", n));
      out.println(Json.pretty(array));
      out.flush();
      return;
    }
    Table table = new Table("SOURCE", "STATE", "TOOLS", "LAST ERROR");
    counts.forEach((source, n) -> table.row(source, "loaded", n, ""));
    table.print(out);
  }
}
