package io.toolgate.search.lexical;

import io.toolgate.catalog.ToolDefinition;
import java.util.List;
import java.util.Objects;

/**
 * The text of one tool as the lexical index stores it.
 *
 * @param slot the tool's place in the search catalog, reported back with every hit
 * @param name the tool name (also the index key)
 * @param description title, description and tags
 * @param parameters parameter keys and descriptions
 * @param parameterKeys parameter keys only (the {@code schema} channel)
 */
public record LexicalDocument(
    int slot, String name, String description, String parameters, String parameterKeys) {
  public LexicalDocument {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(parameters, "parameters");
    Objects.requireNonNull(parameterKeys, "parameterKeys");
  }

  /** The document of {@code tool} at {@code slot}. */
  public static LexicalDocument of(int slot, ToolDefinition tool) {
    List<ToolText.Parameter> params = ToolText.parameters(tool);
    return new LexicalDocument(
        slot,
        tool.name(),
        ToolText.description(tool),
        ToolText.parameterText(params),
        ToolText.parameterKeys(params));
  }
}
