package io.toolgate.cli;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.format.XmlToolsPrompt;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code toolgate prompt}: the XML tools block for a model's system prompt. */
@Command(
    name = "prompt",
    mixinStandardHelpOptions = true,
    description = "Print the XML tools prompt (all tools, or one sandbox's).",
    footer = {"", "Examples:", "  toolgate prompt", "  toolgate prompt --sandbox analytics"})
final class PromptCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin GlobalOptions global;

  @Option(names = "--sandbox", paramLabel = "NAME", description = "Only this sandbox's tools.")
  String sandbox;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    try (Gateway gateway = Gateway.catalog(global)) {
      // A prompt is what a model reads: tools hidden from models (as_tool: false) stay out.
      List<ToolDefinition> tools =
          gateway.registry().definitions().stream().filter(ToolDefinition::asTool).toList();
      if (sandbox == null) {
        out.println(XmlToolsPrompt.renderAll(tools));
      } else {
        gateway.sandboxes().requireKnown(sandbox);
        out.println(
            XmlToolsPrompt.render(
                sandbox, tools.stream().filter(t -> t.sandbox().equals(sandbox)).toList()));
      }
      out.flush();
      return 0;
    }
  }
}
