package io.toolgate.server.chat;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.format.Format;
import io.toolgate.format.ProviderNames;
import io.toolgate.json.Json;
import io.toolgate.tokens.TokenEncoding;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ArrayNode;

/**
 * Counts the tokens of the tool definitions in a request: what was sent, and what the whole catalog
 * would have cost. The count is of the compact JSON of the {@code tools} array, with the model
 * family's tokenizer; providers add framing tokens they do not publish, so the ratio is the figure
 * to trust.
 *
 * <p>The whole catalog's count is cached per registry version and set of visible tools (callers
 * with different tool filters see different catalogs), for the last {@value #CACHED} such sets.
 * Thread-safe.
 */
final class ToolTokens {
  private static final int CACHED = 64;

  private final TokenEncoding encoding;
  private final Map<Key, Integer> catalogs =
      new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Integer> eldest) {
          return size() > CACHED;
        }
      };

  /** A catalog: the registry version and which of its tools are visible. */
  private record Key(long version, int size, int namesHash) {}

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
   * Tokens of every tool in {@code catalog} (the registry at {@code version}) rendered for OpenAI.
   */
  int catalog(List<ToolDefinition> catalog, ProviderNames names, long version) {
    Key key =
        new Key(
            version,
            catalog.size(),
            catalog.stream().map(ToolDefinition::name).toList().hashCode());
    synchronized (catalogs) {
      Integer cached = catalogs.get(key);
      if (cached != null) {
        return cached;
      }
    }
    int tokens =
        catalog.isEmpty() ? 0 : encoding.count(Format.OPENAI.render(catalog, names).text());
    synchronized (catalogs) {
      catalogs.put(key, tokens);
    }
    return tokens;
  }
}
