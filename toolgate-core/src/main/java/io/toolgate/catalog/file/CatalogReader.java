package io.toolgate.catalog.file;

import io.toolgate.catalog.InvalidToolException;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.Strings;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolDefinitionCodec;
import io.toolgate.catalog.ToolNames;
import io.toolgate.invoke.spi.ToolExecutor;
import io.toolgate.json.Json;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Reads one catalog document into tools, or into the problems that keep it from loading. */
final class CatalogReader {
  static final String TOOLS = "tools";

  /** What one document yielded. */
  static final class Result {
    private final CatalogReader reader;
    private final List<RegisteredTool> tools;
    private final Map<String, String> names;

    private Result(CatalogReader reader, List<RegisteredTool> tools, Map<String, String> names) {
      this.reader = reader;
      this.tools = tools;
      this.names = names;
    }

    CatalogFile file() {
      return reader.file;
    }

    /** Its tools; empty when it has problems (a failing file registers nothing). */
    List<RegisteredTool> tools() {
      return reader.problems.isEmpty() ? List.copyOf(tools) : List.of();
    }

    /** What is wrong with it, in the order of the file (as a compiler lists errors). */
    List<CatalogProblem> problems() {
      return reader.problems.stream()
          .sorted(
              Comparator.comparingInt(CatalogProblem::line)
                  .thenComparingInt(CatalogProblem::column))
          .toList();
    }

    /** Each tool name declared in it, with the pointer of its {@code name}. */
    Map<String, String> names() {
      return names;
    }

    /** Records a problem found later (a clash with another file), located in this file. */
    CatalogProblem problem(String pointer, String message) {
      return reader.problem(pointer, message);
    }

    /** Where {@code pointer} is in this file. */
    CatalogProblem locate(String pointer) {
      return reader.at(pointer, "");
    }
  }

  private final CatalogFile file;
  private final Function<ToolDefinition, ToolExecutor> executors;
  private final List<CatalogProblem> problems = new ArrayList<>();
  private String text = "";
  private JsonLocations locations;

  private CatalogReader(CatalogFile file, Function<ToolDefinition, ToolExecutor> executors) {
    this.file = file;
    this.executors = executors;
  }

  /**
   * Reads {@code file}; never throws for bad content.
   *
   * @param executors builds each tool's executor; it may throw {@link InvalidToolException} with a
   *     pointer relative to the tool
   */
  static Result read(CatalogFile file, Function<ToolDefinition, ToolExecutor> executors) {
    return new CatalogReader(file, executors).read();
  }

  private Result read() {
    Map<String, String> names = new LinkedHashMap<>();
    List<RegisteredTool> tools = new ArrayList<>();
    Optional<JsonNode> list = parse().flatMap(this::toolList);
    for (int i = 0; list.isPresent() && i < list.get().size(); i++) {
      String base = "/" + TOOLS + "/" + i;
      JsonNode json = list.get().get(i);
      tool(json, base).ifPresent(tools::add);
      // Names count even for broken tools: once fixed, they would clash.
      Optional<String> name = declaredName(json);
      String first = name.map(n -> names.putIfAbsent(n, base + "/name")).orElse(null);
      if (first != null) {
        problem(
            base + "/name",
            "tool '"
                + name.get()
                + "' is defined twice in this file (first at line "
                + at(first, "").line()
                + "); rename or remove one");
      }
    }
    return new Result(this, tools, names);
  }

  /** The tool's name when it is a valid one. */
  private static Optional<String> declaredName(JsonNode tool) {
    return Optional.ofNullable(tool.get("name"))
        .filter(JsonNode::isString)
        .map(JsonNode::asString)
        .filter(n -> ToolNames.NAME.matcher(n).matches());
  }

  private Optional<JsonNode> parse() {
    try {
      text = file.read();
    } catch (UncheckedIOException e) {
      problems.add(new CatalogProblem(file.label(), 0, 0, "", e.getMessage()));
      return Optional.empty();
    }
    try {
      JsonNode root =
          file.isJson()
              ? Json.mapper()
                  .reader()
                  .with(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                  .readTree(text)
              : Json.yaml()
                  .reader()
                  .with(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                  .readTree(text);
      return Optional.ofNullable(root)
          .filter(r -> !r.isMissingNode() && !r.isNull())
          .or(
              () -> {
                problems.add(
                    new CatalogProblem(
                        file.label(),
                        0,
                        0,
                        "",
                        "the file is empty; a catalog file holds 'tools:' followed by a list of tools"));
                return Optional.empty();
              });
    } catch (JacksonException e) {
      SyntaxError error = SyntaxError.of(e, text, file.isJson());
      problems.add(
          new CatalogProblem(file.label(), error.line(), error.column(), "", error.message()));
      return Optional.empty();
    }
  }

  private Optional<JsonNode> toolList(JsonNode root) {
    if (!(root instanceof ObjectNode object)) {
      problem("", "a catalog file is a mapping with a 'tools:' list, e.g. tools: [{name: …}]");
      return Optional.empty();
    }
    for (String key : object.propertyNames()) {
      if (!key.equals(TOOLS)) {
        problem(
            "/" + key,
            "unknown top-level key '"
                + key
                + "'"
                + (Strings.editDistance(key.toLowerCase(Locale.ROOT), TOOLS) <= 2
                    ? " (did you mean 'tools'?)"
                    : "")
                + "; a catalog file has only 'tools:', a list of tools");
      }
    }
    JsonNode list = object.get(TOOLS);
    if (list == null || list.isNull()) {
      if (problems.isEmpty()) { // else an unknown key above already said what is wrong
        problem("", "no 'tools:' list; a catalog file holds 'tools:' followed by a list of tools");
      }
      return Optional.empty();
    }
    if (!list.isArray()) {
      problem("/" + TOOLS, "'tools' must be a list (each item starts with '- name: …')");
      return Optional.empty();
    }
    return Optional.of(list);
  }

  /** The tool, or empty after recording every problem it has. */
  private Optional<RegisteredTool> tool(JsonNode json, String base) {
    int before = problems.size();
    ToolDefinitionCodec.Decoded decoded = ToolDefinitionCodec.decode(json, file.source());
    decoded.problems().forEach(p -> problem(base + p.pointer(), p.message()));
    String label = "tool '" + json.path("name").asString("?") + "'";
    if (json.isObject() && !json.hasNonNull("http") && !json.hasNonNull("command")) {
      problem(
          base,
          label
              + ": declares neither 'http' nor 'command'; a catalog tool needs one of them,"
              + " e.g. http: {method: GET, url: \"https://…\"} or command: [python3, tool.py]");
    }
    if (problems.size() > before) {
      return Optional.empty();
    }
    ToolDefinition definition = decoded.definition().orElseThrow();
    if (!definition.source().equals(file.source())) {
      definition = definition.withSource(file.source());
    }
    try {
      return Optional.of(new RegisteredTool(definition, executors.apply(definition)));
    } catch (InvalidToolException e) {
      String message = e.getMessage();
      problem(base + e.pointer(), message.startsWith("tool '") ? message : label + ": " + message);
    } catch (RuntimeException e) {
      problem(base, label + ": " + e.getMessage());
    }
    return Optional.empty();
  }

  private CatalogProblem problem(String pointer, String message) {
    CatalogProblem p = at(pointer, message);
    problems.add(p);
    return p;
  }

  private CatalogProblem at(String pointer, String message) {
    if (locations == null) {
      locations = JsonLocations.of(text, file.isJson());
    }
    JsonLocations.Location l = locations.locate(pointer);
    return new CatalogProblem(file.label(), l.line(), l.column(), pointer, message);
  }
}
