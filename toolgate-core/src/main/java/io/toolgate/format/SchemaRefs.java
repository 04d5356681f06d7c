package io.toolgate.format;

import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** Resolves local JSON Schema references ({@code #}, {@code #/$defs/…}) against a root schema. */
final class SchemaRefs {
  private SchemaRefs() {}

  /**
   * The schema {@code ref} points to inside {@code root}; empty for a remote or dangling reference.
   */
  static Optional<JsonNode> resolve(JsonNode root, String ref) {
    if (ref == null || !ref.startsWith("#")) {
      return Optional.empty();
    }
    if (ref.equals("#")) {
      return Optional.of(root);
    }
    if (!ref.startsWith("#/")) {
      return Optional.empty(); // an anchor (#foo); not used by the schemas we derive
    }
    JsonNode target = root.at(ref.substring(1));
    return target.isMissingNode() ? Optional.empty() : Optional.of(target);
  }

  /** The last segment of a reference, e.g. {@code Address} for {@code #/$defs/Address}. */
  static String shortName(String ref) {
    int slash = ref.lastIndexOf('/');
    String name = slash < 0 ? ref : ref.substring(slash + 1);
    return name.isEmpty() || name.equals("#") ? "the whole schema" : name;
  }
}
