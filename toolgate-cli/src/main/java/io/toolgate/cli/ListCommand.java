package io.toolgate.cli;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolDefinitionCodec;
import io.toolgate.json.Json;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ArrayNode;

/** {@code toolgate list}: the catalog as a table or JSON. */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = "List the tools in the catalog.",
    footer = {
      "",
      "Examples:",
      "  toolgate list",
      "  toolgate list --tag weather",
      "  toolgate list --json | jq '.[].name'",
      "  toolgate list --sources"
    })
final class ListCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin GlobalOptions global;

  @Option(names = "--json", description = "Print full definitions as a JSON array.")
  boolean json;

  @Option(names = "--tag", paramLabel = "TAG", description = "Only tools with this tag.")
  String tag;

  @Option(names = "--sources", description = "List the sources and how many tools each has.")
  boolean sources;

  @Override
  public Integer call() throws InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    try (Gateway gateway = sources ? Gateway.withFederation(global) : Gateway.catalog(global)) {
      List<ToolDefinition> tools =
          gateway.registry().definitions().stream()
              .filter(t -> tag == null || t.tags().contains(tag))
              .toList();
      if (sources) {
        Sources.print(gateway, out, json);
        return 0;
      }
      if (json) {
        ArrayNode array = Json.array();
        tools.forEach(t -> array.add(ToolDefinitionCodec.toJson(t)));
        out.println(Json.pretty(array));
        out.flush();
        return 0;
      }
      Table table = new Table("NAME", "SOURCE", "TAGS", "DESCRIPTION").clipLast(70);
      for (ToolDefinition t : tools) {
        // The operator's listing shows every tool; say which ones models never see.
        String description = t.asTool() ? t.description() : "[as_tool: false] " + t.description();
        table.row(t.name(), t.source(), String.join(",", t.tags()), description);
      }
      table.print(out);
      Map<String, Integer> bySource = new TreeMap<>();
      tools.forEach(t -> bySource.merge(t.source(), 1, Integer::sum));
      out.printf("%n%d tools from %d sources%n", tools.size(), bySource.size());
      out.flush();
      return 0;
    }
  }
}
