package io.toolgate.catalog.file;

import io.toolgate.json.Json;
import java.util.HashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;

/**
 * Where each JSON Pointer of a YAML or JSON document starts, found by re-reading the document with
 * a streaming parser that knows the pointer of every token. Catalog files and the config file use
 * it to turn a pointer ({@code /tools/3/parameters}) into a line and column.
 *
 * <pre>{@code
 * JsonLocations.Location at = JsonLocations.of(yamlText, false).locate("/tools/3/name");
 * }</pre>
 *
 * <p>A member points at its key (the line a person looks for), an array element at its first token.
 * A pointer that does not occur (a missing key, a place inside a value) resolves to its closest
 * ancestor that does. Immutable.
 */
public final class JsonLocations {
  /**
   * A 1-based line and column; 0 when unknown.
   *
   * @param line the line
   * @param column the column
   */
  public record Location(int line, int column) {
    /** Nowhere in particular. */
    public static final Location UNKNOWN = new Location(0, 0);
  }

  private final Map<String, Location> byPointer;

  private JsonLocations(Map<String, Location> byPointer) {
    this.byPointer = byPointer;
  }

  /**
   * Indexes {@code text}, read as JSON when {@code json} is true, else as YAML; a document that
   * stops parsing keeps the pointers read so far.
   */
  public static JsonLocations of(String text, boolean json) {
    Map<String, Location> map = new HashMap<>();
    try (JsonParser p = json ? Json.mapper().createParser(text) : Json.yaml().createParser(text)) {
      JsonToken token;
      while ((token = p.nextToken()) != null) {
        String pointer = p.streamReadContext().pathAsPointer().toString();
        if (token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
          continue;
        }
        TokenStreamLocation at = p.currentTokenLocation();
        map.putIfAbsent(pointer, new Location(at.getLineNr(), at.getColumnNr()));
      }
    } catch (JacksonException e) {
      // The parse error itself is reported elsewhere; the pointers seen so far still help.
    }
    return new JsonLocations(map);
  }

  /** Where {@code pointer} starts, or its closest located ancestor. */
  public Location locate(String pointer) {
    String p = pointer;
    while (true) {
      Location at = byPointer.get(p);
      if (at != null) {
        return at;
      }
      if (p.isEmpty()) {
        return Location.UNKNOWN;
      }
      p = p.substring(0, p.lastIndexOf('/'));
    }
  }
}
