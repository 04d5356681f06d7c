package io.toolgate.server.chat;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.format.Format;
import io.toolgate.format.ProviderNames;
import io.toolgate.json.Json;
import io.toolgate.tokens.TokenEncoding;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;

/**
 * Counts the tokens of the tool definitions in a request: what was sent, and what the whole catalog
 * would have cost. The count is of the compact JSON of the {@code tools} array, with the model
 * family's tokenizer; providers add framing tokens they do not publish, so the ratio is the figure
 * to trust. The whole catalog's count is cached per registry version. Thread-safe.
 */
final class ToolTokens {
  private final TokenEncoding encoding;
  private volatile Cached cached;

  private record Cached(long version, int size, int tokens) {}

  ToolTokens(TokenEncoding encoding) {
    this.encoding = encoding;
  }

  TokenEncoding encoding() {
    return encoding;
  }

  /** Tokens of {@code tools} as sent; 0 for none. */
  int count(ArrayNode tools) {
    return tools.isEmpty() ? 0 : encoding.count(Json.write(tools));
  }

  /**
   * Tokens of every tool in {@code catalog} rendered for OpenAI; cached when {@code catalog} is the
   * whole registry at {@code version}.
   */
  int catalog(List<ToolDefinition> catalog, ProviderNames names, long version, boolean whole) {
    Cached c = cached;
    if (whole && c != null && c.version == version && c.size == catalog.size()) {
      return c.tokens;
    }
    int tokens =
        catalog.isEmpty() ? 0 : encoding.count(Format.OPENAI.render(catalog, names).text());
    if (whole) {
      cached = new Cached(version, catalog.size(), tokens);
    }
    return tokens;
  }
}
