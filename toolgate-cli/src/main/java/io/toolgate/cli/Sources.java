package io.toolgate.cli;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.json.Json;
import io.toolgate.mcp.client.SourceState;
import java.io.PrintWriter;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Prints each tool source with its state and tool count (upstream MCP servers included). */
final class Sources {
  private Sources() {}

  static void print(Gateway gateway, PrintWriter out, boolean json) {
    Map<String, Row> rows = new TreeMap<>();
    for (ToolDefinition t : gateway.registry().definitions()) {
      rows.computeIfAbsent(t.source(), s -> new Row(s, "loaded", 0, "")).count++;
    }
    gateway
        .federation()
        .ifPresent(
            f -> {
              for (SourceState s : f.states()) {
                rows.put(
                    s.source(),
                    new Row(s.source(), s.status().wire(), s.tools(), s.lastError().orElse("")));
              }
            });
    if (json) {
      ArrayNode array = Json.array();
      for (Row r : rows.values()) {
        ObjectNode o = array.addObject().put("source", r.source).put("state", r.state);
        o.put("tools", r.count);
        if (!r.lastError.isEmpty()) {
          o.put("last_error", r.lastError);
        }
      }
      out.println(Json.pretty(array));
      out.flush();
      return;
    }
    Table table = new Table("SOURCE", "STATE", "TOOLS", "LAST ERROR").clipLast(80);
    rows.values().forEach(r -> table.row(r.source, r.state, r.count, r.lastError));
    table.print(out);
  }

  private static final class Row {
    final String source;
    final String state;
    int count;
    final String lastError;

    Row(String source, String state, int count, String lastError) {
      this.source = source;
      this.state = state;
      this.count = count;
      this.lastError = lastError;
    }
  }
}
