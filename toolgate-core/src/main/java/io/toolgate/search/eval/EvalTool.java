package io.toolgate.search.eval;

import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * One line of a {@code <set>.tools.jsonl} file: a tool as the data set names and describes it.
 *
 * @param name the name exactly as given (may contain spaces or {@code ::})
 * @param description what the tool does
 * @param parameters its JSON-Schema object, as given (may use non-standard types)
 */
public record EvalTool(String name, String description, JsonNode parameters) {
  public EvalTool {
    Objects.requireNonNull(name, "name");
    description = description == null ? "" : description;
    Objects.requireNonNull(parameters, "parameters");
  }
}
