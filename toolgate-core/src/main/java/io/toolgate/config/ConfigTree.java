package io.toolgate.config;

import io.toolgate.catalog.file.SyntaxError;
import io.toolgate.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Turns a config file into its tree: the text read, the YAML parsed strictly, the root checked. */
final class ConfigTree {
  private ConfigTree() {}

  /**
   * The text of {@code file}.
   *
   * @throws ConfigException when it is missing or unreadable
   */
  static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new ConfigException(new ConfigProblem(file.toString(), 0, 0, "", "no such file"));
    } catch (IOException e) {
      throw new ConfigException(
          new ConfigProblem(file.toString(), 0, 0, "", "cannot read: " + e.getMessage()));
    }
  }

  /**
   * The mapping at the root of {@code yaml}; an empty file is an empty mapping.
   *
   * @throws ConfigException locating malformed YAML, duplicate keys or a root that is no mapping
   */
  static ObjectNode parse(String yaml, String label) {
    JsonNode root;
    try {
      root = Json.yaml().reader().with(StreamReadFeature.STRICT_DUPLICATE_DETECTION).readTree(yaml);
    } catch (JacksonException e) {
      SyntaxError error = SyntaxError.of(e, yaml, false);
      throw new ConfigException(
          new ConfigProblem(label, error.line(), error.column(), "", error.message()));
    }
    if (root == null || root.isMissingNode() || root.isNull()) {
      root = Json.object(); // an empty file: every default
    }
    if (!(root instanceof ObjectNode object)) {
      throw new ConfigException(
          new ConfigProblem(
              label, 1, 1, "", "the config is a mapping of keys, e.g. 'catalogs: [tools/*.yaml]'"));
    }
    return object;
  }
}
