package io.toolgate.format;

import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Converts a JSON Schema into the OpenAPI 3.0 subset Gemini accepts in function declarations.
 *
 * <p>Gemini's {@code Schema} object knows {@code type}, {@code format}, {@code title}, {@code
 * description}, {@code nullable}, {@code enum} (strings), {@code properties}, {@code required},
 * {@code minProperties}/{@code maxProperties}, {@code items}, {@code minItems}/{@code maxItems},
 * {@code minLength}/{@code maxLength}, {@code pattern}, {@code minimum}/{@code maximum} and {@code
 * anyOf}. Everything else is converted or dropped:
 *
 * <table>
 *   <caption>What happens to each JSON Schema keyword</caption>
 *   <tr><th>keyword</th><th>becomes</th></tr>
 *   <tr><td>{@code $ref} / {@code $defs} / {@code definitions}</td><td>the referenced schema
 *       inlined; a reference back into itself (recursion) stops with a described object</td></tr>
 *   <tr><td>{@code type: ["string", "null"]}</td><td>{@code type: string, nullable: true}; two or
 *       more non-null types become {@code anyOf}</td></tr>
 *   <tr><td>{@code anyOf} / {@code oneOf}</td><td>{@code anyOf} (a {@code null} branch becomes
 *       {@code nullable}; a single remaining branch is inlined)</td></tr>
 *   <tr><td>{@code allOf}</td><td>merged: properties and required united</td></tr>
 *   <tr><td>{@code const}</td><td>a one-value {@code enum} for strings, else a description
 *       note</td></tr>
 *   <tr><td>{@code enum} of non-strings</td><td>a description note "One of: …" and the inferred
 *       type</td></tr>
 *   <tr><td>{@code format}</td><td>kept for {@code date-time}/{@code enum} strings, {@code
 *       int32}/{@code int64} integers and {@code float}/{@code double} numbers (the documented
 *       set); otherwise a description note "Format: email."</td></tr>
 *   <tr><td>{@code default}, {@code exclusiveMinimum}/{@code exclusiveMaximum}, {@code
 *       multipleOf}, {@code uniqueItems}, {@code deprecated}, {@code additionalProperties} of a
 *       map</td><td>description notes, so the model still knows them</td></tr>
 *   <tr><td>{@code $schema}, {@code $id}, {@code $comment}, {@code additionalProperties: false},
 *       {@code examples}, {@code example}, {@code readOnly}, {@code writeOnly}, {@code not}, {@code
 *       if}/{@code then}/{@code else}, {@code patternProperties}, {@code contains}, …</td><td>dropped</td></tr>
 * </table>
 *
 * <p>{@code required} keeps only names declared in {@code properties} (Gemini rejects others). A
 * schema without a type that cannot be inferred stays untyped. Types stay lower-case, as in
 * Gemini's own REST examples. Stateless and thread-safe.
 */
public final class GeminiSchemas {
  private GeminiSchemas() {}

  /**
   * Converts {@code schema}; references resolve against {@code schema} itself.
   *
   * @return a new tree; the input is not changed
   */
  public static ObjectNode convert(JsonNode schema) {
    return new GeminiConverter(schema).convert(schema);
  }

  /**
   * The {@code parameters} of a function declaration, or empty when the tool takes no arguments
   * (Gemini rejects an object schema with no properties, so the key is then left out).
   */
  public static Optional<ObjectNode> parameters(ObjectNode toolParameters) {
    ObjectNode converted = convert(toolParameters);
    JsonNode properties = converted.get("properties");
    return properties == null || properties.isEmpty() ? Optional.empty() : Optional.of(converted);
  }
}
