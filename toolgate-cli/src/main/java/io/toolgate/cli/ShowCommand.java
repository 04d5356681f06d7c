package io.toolgate.cli;

import io.toolgate.catalog.Strings;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolDefinitionCodec;
import io.toolgate.format.Format;
import io.toolgate.json.Json;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code toolgate show NAME}: one tool's definition, or its rendering for a provider. */
@Command(
    name = "show",
    mixinStandardHelpOptions = true,
    description = "Show one tool: its full definition, or how a provider receives it.",
    footer = {
      "",
      "Examples:",
      "  toolgate show weather_current",
      "  toolgate show weather_current --format anthropic",
      "  toolgate show weather_current --format xml"
    })
final class ShowCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin GlobalOptions global;

  @Parameters(paramLabel = "NAME", description = "The tool name.")
  String name;

  @Option(
      names = {"-f", "--format"},
      paramLabel = "FORMAT",
      description =
          "openai, openai-responses, anthropic, gemini, mcp or xml (default: the definition).")
  String format;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    try (Gateway gateway = Gateway.catalog(global)) {
      ToolDefinition tool =
          gateway
              .registry()
              .get(name)
              .orElseThrow(
                  () -> {
                    List<String> close = Strings.closest(name, gateway.registry().names(), 5);
                    return new IllegalArgumentException(
                        "unknown tool '"
                            + name
                            + "'"
                            + (close.isEmpty()
                                ? ""
                                : "; did you mean: " + String.join(", ", close) + "?")
                            + " (see 'toolgate list')");
                  })
              .definition();
      if (format == null) {
        out.println(Json.pretty(ToolDefinitionCodec.toJson(tool)));
      } else {
        out.println(Format.parse(format).renderOne(tool));
      }
      out.flush();
      return 0;
    }
  }
}
