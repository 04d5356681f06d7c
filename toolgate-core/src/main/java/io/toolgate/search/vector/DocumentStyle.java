package io.toolgate.search.vector;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.json.Json;
import io.toolgate.search.lexical.ToolText;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.node.ObjectNode;

/**
 * What text a tool is embedded as.
 *
 * <p>Embedding models read prose better than JSON, and the parameters carry much of what a tool is
 * for (dropping them cost 1.6 to 15.5 NDCG points on the dev sets), so the default is {@link
 * #PLAIN}: the name as words, the description, then each parameter with its description.
 */
public enum DocumentStyle {
  /**
   * {@code "get weather: Current weather for a city. Parameters: city (The city name); units
   * (metric or imperial)."}
   */
  PLAIN {
    @Override
    public String document(ToolDefinition tool) {
      StringBuilder text = new StringBuilder(words(tool.name())).append(": ");
      text.append(ToolText.description(tool));
      List<ToolText.Parameter> params = ToolText.parameters(tool);
      if (!params.isEmpty()) {
        text.append(endsSentence(text) ? " Parameters: " : ". Parameters: ");
        for (int i = 0; i < params.size(); i++) {
          ToolText.Parameter p = params.get(i);
          text.append(i == 0 ? "" : "; ").append(words(p.key()));
          if (!p.description().isEmpty()) {
            text.append(" (").append(p.description()).append(')');
          }
        }
        text.append('.');
      }
      return text.toString();
    }
  },
  /** The tool's name, description and parameter schema as compact JSON. */
  JSON {
    @Override
    public String document(ToolDefinition tool) {
      ObjectNode doc = Json.object();
      doc.put("name", tool.name());
      doc.put("description", ToolText.description(tool));
      doc.set("parameters", tool.parameters());
      return Json.write(doc);
    }
  };

  /** The text to embed for {@code tool}. */
  public abstract String document(ToolDefinition tool);

  /** The style named {@code name} ({@code plain} or {@code json}, any case). */
  public static DocumentStyle parse(String name) {
    try {
      return valueOf(name.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown embedding document style '" + name + "', must be plain or json", e);
    }
  }

  /**
   * {@code getWeather_forecast} → {@code get weather forecast}: a name as the words a user would
   * say (also the short texts the ONNX module's query drafts are fitted on).
   */
  public static String words(String identifier) {
    String spaced =
        identifier
            .replaceAll("([\\p{Ll}\\p{Nd}])(\\p{Lu})", "$1 $2")
            .replaceAll("(\\p{Lu})(\\p{Lu}\\p{Ll})", "$1 $2")
            .replaceAll("[_\\-.:/\\s]+", " ");
    return spaced.strip().toLowerCase(Locale.ROOT);
  }

  private static boolean endsSentence(CharSequence text) {
    for (int i = text.length() - 1; i >= 0; i--) {
      char c = text.charAt(i);
      if (!Character.isWhitespace(c)) {
        return c == '.' || c == '!' || c == '?' || c == ':';
      }
    }
    return true;
  }
}
