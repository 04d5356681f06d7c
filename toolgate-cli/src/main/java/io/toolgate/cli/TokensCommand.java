package io.toolgate.cli;

import io.toolgate.exposure.Profile;
import io.toolgate.json.Json;
import io.toolgate.tokens.TokenEncoding;
import io.toolgate.tokens.TokenReport;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code toolgate tokens}: the per-turn token cost of tool definitions, direct vs registry. */
@Command(
    name = "tokens",
    mixinStandardHelpOptions = true,
    description = {
      "Count the tokens of tool definitions a model receives per turn.",
      "Every tool directly, against the registry's meta-tools alone and the meta-tools plus one"
          + " search result of N tools, in each format. Exact counts with the o200k_base and"
          + " cl100k_base tokenizers."
    },
    footer = {
      "",
      "Examples:",
      "  toolgate tokens",
      "  toolgate tokens --profile rfc --results 3 --json"
    })
final class TokensCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin GlobalOptions global;

  @Option(names = "--json", description = "Print the report as JSON.")
  boolean json;

  @Option(
      names = "--profile",
      paramLabel = "PROFILE",
      description =
          "Meta-tool names: spice (tool_search + tool_invoke) or rfc (find_tools + use_tool).")
  String profile;

  @Option(
      names = "--results",
      paramLabel = "N",
      defaultValue = "5",
      description = "Tools in one search result (default: ${DEFAULT-VALUE}).")
  int results;

  @Option(
      names = "--encoding",
      paramLabel = "NAME",
      description = "Only this tokenizer: o200k_base or cl100k_base.")
  String encoding;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    try (Gateway gateway = Gateway.catalog(global)) {
      TokenReport.Options options =
          TokenReport.Options.DEFAULTS
              .withProfile(
                  profile == null ? gateway.config().search().metaTools() : Profile.parse(profile))
              .withPinned(gateway.config().search().pinned())
              .withResults(results);
      if (encoding != null) {
        options = options.withEncodings(List.of(TokenEncoding.parse(encoding)));
      }
      TokenReport report =
          TokenReport.measure(
              gateway.registry().definitions().stream()
                  .filter(io.toolgate.catalog.ToolDefinition::asTool)
                  .toList(),
              options);
      if (json) {
        out.println(Json.pretty(report.toJson()));
        out.flush();
        return 0;
      }
      out.printf(
          "Tool-definition tokens per turn for %d tools (%s profile, %d results per search):%n%n",
          report.catalogSize(), options.profile().id(), options.results());
      Table table =
          new Table("FORMAT", "ENCODING", "ALL TOOLS", "REGISTRY", "REGISTRY+" + results, "SAVED");
      for (TokenReport.Row row : report.rows()) {
        table.row(
            row.format().id(),
            row.encoding().id(),
            row.allTools(),
            row.registry(),
            row.registryWithResults(),
            String.format(java.util.Locale.ROOT, "%.1fx", row.savings()));
      }
      table.print(out);
      out.printf(
          "%nREGISTRY = the meta-tools%s; REGISTRY+%d adds one tool_search result of median-sized"
              + " tools.%n",
          options.pinned().isEmpty() ? "" : " and pinned tools", results);
      out.flush();
      return 0;
    }
  }
}
