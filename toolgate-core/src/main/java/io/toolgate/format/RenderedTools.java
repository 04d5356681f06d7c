package io.toolgate.format;

import io.toolgate.json.Json;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.node.ArrayNode;

/**
 * Tools rendered for one provider: the payload to send and the name table to read calls back.
 *
 * <pre>{@code
 * RenderedTools rendered = Format.OPENAI.render(exposed.tools());
 * request.set("tools", rendered.json().orElseThrow());
 * // later, when the model calls "github_search_issues":
 * String tool = rendered.names().toolName(call.name()).orElseThrow();
 * }</pre>
 *
 * @param format the format
 * @param text what is sent: compact JSON of the tools array, or the XML prompt text
 * @param json the tools array, for JSON formats; empty for {@link Format#XML}
 * @param names the name table used; resolves a model's call back to the tool
 */
public record RenderedTools(
    Format format, String text, Optional<ArrayNode> json, ProviderNames names) {
  public RenderedTools {
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(text, "text");
    json = json == null ? Optional.empty() : json;
    Objects.requireNonNull(names, "names");
  }

  /** Indented JSON, or the XML text as it is: for people. */
  public String pretty() {
    return json.map(Json::pretty).orElse(text);
  }
}
