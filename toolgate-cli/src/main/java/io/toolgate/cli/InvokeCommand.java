package io.toolgate.cli;

import io.toolgate.catalog.file.CatalogFile;
import io.toolgate.invoke.ToolResult;
import io.toolgate.invoke.ToolResultJson;
import io.toolgate.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@code toolgate invoke NAME --args '{…}'}: one validated call; the exit code says how it went.
 */
@Command(
    name = "invoke",
    mixinStandardHelpOptions = true,
    description = {
      "Call a tool and print its ToolResult.",
      "Exit code 0 when the call succeeded, 1 when the tool failed, 2 for bad input (an"
          + " unknown tool, arguments that break its schema, unreadable --args)."
    },
    footer = {
      "",
      "Examples:",
      "  toolgate invoke time_now --args '{\"zone\": \"Asia/Tokyo\"}'",
      "  toolgate invoke math_evaluate --args '{\"expression\": \"2^10 / 4\"}'",
      "  toolgate invoke unit_convert --args @request.json"
    })
final class InvokeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin GlobalOptions global;

  @Parameters(paramLabel = "NAME", description = "The tool to call.")
  String name;

  @Option(
      names = {"-a", "--args"},
      paramLabel = "JSON",
      defaultValue = "{}",
      description = "Arguments as a JSON object, or @FILE to read them from a file.")
  String args;

  @Override
  public Integer call() throws InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    JsonNode arguments = parseArguments(args);
    try (Gateway gateway = Gateway.openForCalls(global)) {
      ToolResult result = gateway.toolgate().invoke(name, arguments);
      out.println(Json.pretty(ToolResultJson.toJson(result)));
      out.flush();
      return exitCode(result);
    }
  }

  /** 0 when the call succeeded, 2 when the caller asked wrongly, 1 when the tool failed. */
  static int exitCode(ToolResult result) {
    return result
        .error()
        .map(
            e ->
                switch (e.code()) {
                  case UNKNOWN_TOOL, INVALID_ARGUMENTS -> 2;
                  case TIMEOUT, EXECUTION_FAILED, UNAVAILABLE, FORBIDDEN, TOO_LARGE -> 1;
                })
        .orElse(0);
  }

  static JsonNode parseArguments(String text) {
    String json = text;
    String what = "--args";
    if (text.startsWith("@")) {
      Path file = Path.of(text.substring(1));
      what = file.toString();
      try {
        json = Files.readString(file);
      } catch (IOException e) {
        throw new IllegalArgumentException(
            "cannot read arguments from "
                + file
                + ": "
                + CatalogFile.describe(e)
                + "; pass @FILE naming a file with a JSON object, or the object itself: --args"
                + " '{\"zone\": \"UTC\"}'");
      }
    }
    try {
      return Json.parseObject(json, what);
    } catch (JacksonException e) {
      throw new IllegalArgumentException(
          what
              + " is not valid JSON ("
              + e.getOriginalMessage()
              + "); pass an object such as '{\"zone\": \"UTC\"}'");
    }
  }
}
