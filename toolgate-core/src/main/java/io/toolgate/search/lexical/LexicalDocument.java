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
 * @param firstSentence the description's first sentence, indexed with the name when {@link
 *     LexicalSettings#firstSentenceInName()} is on; empty for none
 */
public record LexicalDocument(
    int slot,
    String name,
    String description,
    String parameters,
    String parameterKeys,
    String firstSentence) {
  public LexicalDocument {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(firstSentence, "firstSentence");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(parameters, "parameters");
    Objects.requireNonNull(parameterKeys, "parameterKeys");
  }

  /** A document without a first sentence of its own (the name field holds the name alone). */
  public LexicalDocument(
      int slot, String name, String description, String parameters, String parameterKeys) {
    this(slot, name, description, parameters, parameterKeys, "");
  }

  /** The document of {@code tool} at {@code slot}; computed again whenever the tool changes. */
  public static LexicalDocument of(int slot, ToolDefinition tool) {
    List<ToolText.Parameter> params = ToolText.parameters(tool);
    String description = ToolText.description(tool);
    return new LexicalDocument(
        slot,
        tool.name(),
        description,
        ToolText.parameterText(params),
        ToolText.parameterKeys(params),
        ToolText.firstSentence(description));
  }
}
