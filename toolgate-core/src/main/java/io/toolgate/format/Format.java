package io.toolgate.format;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.json.Json;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The shapes in which a model can receive tool definitions.
 *
 * <pre>{@code
 * RenderedTools openai = Format.OPENAI.render(tools);            // the "tools" array
 * String xml = Format.XML.render(tools).text();                   // the XML prompt
 * Format format = Format.parse("anthropic");                      // from a CLI flag
 * }</pre>
 *
 * <table>
 *   <caption>Formats</caption>
 *   <tr><th>format</th><th>one tool</th></tr>
 *   <tr><td>{@link #OPENAI}</td><td>{@code {"type":"function","function":{"name","description",
 *       "parameters"}}} (Chat Completions)</td></tr>
 *   <tr><td>{@link #OPENAI_RESPONSES}</td><td>{@code {"type":"function","name","description",
 *       "parameters"}} (Responses API)</td></tr>
 *   <tr><td>{@link #ANTHROPIC}</td><td>{@code {"name","description","input_schema"}}</td></tr>
 *   <tr><td>{@link #GEMINI}</td><td>{@code {"name","description","parameters"}}, a function
 *       declaration with the schema converted by {@link GeminiSchemas}; send the array as {@code
 *       "tools": [{"functionDeclarations": [...]}]}</td></tr>
 *   <tr><td>{@link #MCP}</td><td>{@code {"name","title","description","inputSchema",
 *       "outputSchema","annotations"}}</td></tr>
 *   <tr><td>{@link #XML}</td><td>{@code <tool name="…">} inside {@code <tools sandbox="…">}, see
 *       {@link XmlToolsPrompt}</td></tr>
 * </table>
 *
 * <p>Names the provider forbids are mapped with {@link ProviderNames}; parameters schemas are sent
 * as declared except for Gemini. Empty descriptions are left out (Gemini always gets one).
 */
public enum Format {
  /** OpenAI Chat Completions {@code tools}. */
  OPENAI("openai", NameRule.OPENAI),
  /** OpenAI Responses API {@code tools}. */
  OPENAI_RESPONSES("openai_responses", NameRule.OPENAI),
  /** Anthropic Messages {@code tools}. */
  ANTHROPIC("anthropic", NameRule.ANTHROPIC),
  /** Gemini {@code functionDeclarations}. */
  GEMINI("gemini", NameRule.GEMINI),
  /** MCP {@code tools/list} entries. */
  MCP("mcp", NameRule.MCP),
  /** The XML tools prompt, one block per sandbox. */
  XML("xml", NameRule.MCP);

  private final String id;
  private final NameRule nameRule;

  Format(String id, NameRule nameRule) {
    this.id = id;
    this.nameRule = nameRule;
  }

  /** The lower-case name used in flags and config, e.g. {@code openai_responses}. */
  public String id() {
    return id;
  }

  /** The names this format's provider accepts. */
  public NameRule nameRule() {
    return nameRule;
  }

  /** Whether the output is JSON (every format but {@link #XML}). */
  public boolean isJson() {
    return this != XML;
  }

  /**
   * The format named {@code text}: its id, case-insensitive, with {@code -} or {@code _}; {@code
   * responses} is accepted for {@link #OPENAI_RESPONSES}.
   *
   * @throws IllegalArgumentException listing the known formats
   */
  public static Format parse(String text) {
    String key = text == null ? "" : text.strip().toLowerCase(Locale.ROOT).replace('-', '_');
    if (key.equals("responses")) {
      return OPENAI_RESPONSES;
    }
    for (Format f : values()) {
      if (f.id.equals(key)) {
        return f;
      }
    }
    throw new IllegalArgumentException(
        "unknown format '"
            + text
            + "'; known formats: "
            + Arrays.stream(values()).map(Format::id).collect(Collectors.joining(", ")));
  }

  /** Renders {@code tools}, with a name table built over these tools only. */
  public RenderedTools render(List<ToolDefinition> tools) {
    return render(tools, namesFor(tools), RenderOptions.DEFAULTS);
  }

  /**
   * Renders {@code tools} with a name table built beforehand, typically over the whole catalog so
   * that names stay the same from turn to turn.
   *
   * @throws IllegalArgumentException when a tool is missing from {@code names}, or {@code names}
   *     was built for another rule
   */
  public RenderedTools render(List<ToolDefinition> tools, ProviderNames names) {
    return render(tools, names, RenderOptions.DEFAULTS);
  }

  /** Renders with explicit {@link RenderOptions}. */
  public RenderedTools render(
      List<ToolDefinition> tools, ProviderNames names, RenderOptions options) {
    if (names.rule() != nameRule) {
      throw new IllegalArgumentException(
          "a " + names.rule().id() + " name table cannot render " + id + " tools");
    }
    if (this == XML) {
      return new RenderedTools(this, XmlToolsPrompt.renderAll(tools), Optional.empty(), names);
    }
    ArrayNode array = Json.array();
    for (ToolDefinition tool : tools) {
      array.add(renderTool(tool, names.providerName(tool.name()), options));
    }
    return new RenderedTools(this, Json.write(array), Optional.of(array), names);
  }

  /** A name table for {@code tools} under this format's rule. */
  public ProviderNames namesFor(List<ToolDefinition> tools) {
    return ProviderNames.of(nameRule, tools.stream().map(ToolDefinition::name).toList());
  }

  /**
   * One tool, indented, for people ({@code toolgate show NAME --format …}): a JSON object, or the
   * XML block of its sandbox holding only this tool.
   */
  public String renderOne(ToolDefinition tool) {
    if (this == XML) {
      return XmlToolsPrompt.render(tool.sandbox(), List.of(tool));
    }
    return Json.pretty(render(List.of(tool)).json().orElseThrow().get(0));
  }

  private ObjectNode renderTool(ToolDefinition tool, String name, RenderOptions options) {
    return switch (this) {
      case OPENAI -> ToolRenderers.openAiChat(tool, name, options);
      case OPENAI_RESPONSES -> ToolRenderers.openAiResponses(tool, name, options);
      case ANTHROPIC -> ToolRenderers.anthropic(tool, name);
      case GEMINI -> ToolRenderers.gemini(tool, name);
      case MCP -> ToolRenderers.mcp(tool, name);
      case XML -> throw new IllegalStateException("XML is not rendered per tool");
    };
  }
}
