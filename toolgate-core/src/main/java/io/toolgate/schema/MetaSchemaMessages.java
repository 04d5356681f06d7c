package io.toolgate.schema;

import com.networknt.schema.Error;
import io.toolgate.catalog.Strings;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * What a meta-schema check found, said as what is wrong with the user's schema.
 *
 * <p>The validator reports how the schema fails the meta-schema, which is noisy in two ways. The
 * meta-schemas say "a name or a list of names" with {@code anyOf}, and every failed branch is
 * reported, so {@code "type": "strin"} yields both "does not have a value in the enumeration" and
 * "string found, array expected". And the 2020-12 meta-schema checks each subschema once per
 * vocabulary, so {@code "properties": {"city": "string"}} yields the same type error eight times.
 *
 * <p>So: a branch that failed only because the value has another shape than the branch wants is
 * dropped when another branch takes that shape (or complains about the value itself); what remains
 * is grouped by place, type errors are merged, and each place gets one message with the fix where
 * one can be given: {@code 'strin' is not a JSON Schema type (did you mean 'string'?); use one of
 * string, number, integer, boolean, object, array, null}.
 */
final class MetaSchemaMessages {
  /** The JSON Schema type names, in the order people read them. */
  static final List<String> TYPES =
      List.of("string", "number", "integer", "boolean", "object", "array", "null");

  private static final Pattern BRANCH = Pattern.compile("/(?:anyOf|oneOf)/(\\d+)(?=/|$)");

  private MetaSchemaMessages() {}

  /** One violation per place, in pointer order. */
  static List<Violation> of(List<Error> errors) {
    Map<String, List<Error>> byPointer = new TreeMap<>();
    for (Error e : withoutShapeMismatches(errors)) {
      byPointer.computeIfAbsent(JsonSchemas.pointer(e), p -> new ArrayList<>()).add(e);
    }
    List<Violation> out = new ArrayList<>();
    byPointer.forEach((pointer, at) -> out.add(new Violation(pointer, message(pointer, at))));
    return List.copyOf(out);
  }

  /**
   * Drops the errors of {@code anyOf}/{@code oneOf} branches that only say "the value has another
   * shape", when a sibling branch accepted the shape (its errors lie deeper in the value) or
   * objects to the value itself (an error other than {@code type} at the same place).
   */
  private static List<Error> withoutShapeMismatches(List<Error> errors) {
    Set<Error> dropped = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Map<Integer, List<Error>> branches : branchPoints(errors)) {
      String at =
          branches.values().stream()
              .flatMap(List::stream)
              .map(JsonSchemas::pointer)
              .min(Comparator.comparingInt(String::length))
              .orElse("");
      boolean someWentInside =
          branches.values().stream()
              .anyMatch(b -> b.stream().noneMatch(e -> JsonSchemas.pointer(e).equals(at)));
      boolean someObjectToTheValue =
          branches.values().stream()
              .flatMap(List::stream)
              .anyMatch(e -> JsonSchemas.pointer(e).equals(at) && !isType(e));
      for (List<Error> branch : branches.values()) {
        boolean allHere = branch.stream().allMatch(e -> JsonSchemas.pointer(e).equals(at));
        boolean onlyShape = allHere && branch.stream().allMatch(MetaSchemaMessages::isType);
        if (someWentInside ? allHere : someObjectToTheValue && onlyShape) {
          dropped.addAll(branch);
        }
      }
    }
    return errors.stream().filter(e -> !dropped.contains(e)).toList();
  }

  /**
   * The errors of each {@code anyOf}/{@code oneOf} the schema went through, by branch. One place of
   * the meta-schema applies to many places of the schema (every property's {@code type}), so the
   * errors of one place of the meta-schema are split by the place of the schema they concern: the
   * outermost pointers, each with the errors at or below it.
   */
  private static List<Map<Integer, List<Error>>> branchPoints(List<Error> errors) {
    Map<String, Map<Error, Integer>> byRule = new LinkedHashMap<>();
    for (Error e : errors) {
      String path = e.getEvaluationPath().toString();
      Matcher m = BRANCH.matcher(path);
      while (m.find()) {
        byRule
            .computeIfAbsent(path.substring(0, m.start(1)), k -> new LinkedHashMap<>())
            .put(e, Integer.parseInt(m.group(1)));
      }
    }
    List<Map<Integer, List<Error>>> out = new ArrayList<>();
    for (Map<Error, Integer> rule : byRule.values()) {
      List<String> roots = new ArrayList<>();
      rule.keySet().stream()
          .map(JsonSchemas::pointer)
          .sorted(Comparator.comparingInt(String::length))
          .filter(p -> roots.stream().noneMatch(r -> within(p, r)))
          .forEach(roots::add);
      for (String root : roots) {
        Map<Integer, List<Error>> branches = new TreeMap<>();
        rule.forEach(
            (e, branch) -> {
              if (within(JsonSchemas.pointer(e), root)) {
                branches.computeIfAbsent(branch, k -> new ArrayList<>()).add(e);
              }
            });
        out.add(branches);
      }
    }
    return out;
  }

  private static boolean within(String pointer, String root) {
    return pointer.equals(root) || pointer.startsWith(root + "/");
  }

  private static boolean isType(Error e) {
    return "type".equals(e.getKeyword());
  }

  private static String message(String pointer, List<Error> errors) {
    JsonNode value = errors.getFirst().getInstanceNode();
    Set<String> expected = new LinkedHashSet<>();
    Set<String> messages = new LinkedHashSet<>();
    String typeNames = "";
    for (Error e : errors) {
      JsonNode rule = e.getSchemaNode();
      switch (e.getKeyword()) {
        case "type" -> {
          if (rule.isArray()) {
            rule.forEach(t -> expected.add(t.asString()));
          } else {
            expected.add(rule.asString());
          }
        }
        case "enum" -> {
          if (String.valueOf(e.getSchemaLocation()).endsWith("/simpleTypes/enum")) {
            typeNames = typeNameMessage(value);
          } else {
            messages.add(
                describe(value)
                    + " is not one of "
                    + String.join(", ", names(rule))
                    + suggestion(value, names(rule)));
          }
        }
        case "minimum" -> messages.add("must be at least " + rule + ", not " + value);
        case "uniqueItems" -> messages.add("must not list the same value twice");
        case "minItems" -> messages.add("must not be empty");
        case "format" ->
            messages.add(
                describe(value)
                    + " is not a valid "
                    + ("regex".equals(e.getArguments()[0])
                        ? "regular expression (ECMA-262)"
                        : String.valueOf(e.getArguments()[0])));
        default -> messages.add(e.getMessage().replaceFirst("^/[^ ]*: ", ""));
      }
    }
    List<String> out = new ArrayList<>();
    if (!expected.isEmpty()) {
      out.add(wrongShape(pointer, expected, value));
    }
    out.addAll(messages);
    // A non-name "type" that is also a bad list is explained by the list's own message.
    if (!typeNames.isEmpty() && (value.isString() || out.isEmpty())) {
      out.addFirst(typeNames);
    }
    return String.join("; ", out);
  }

  private static String typeNameMessage(JsonNode value) {
    if (value.isString()) {
      return describe(value)
          + " is not a JSON Schema type"
          + suggestion(value, TYPES)
          + "; use one of "
          + String.join(", ", TYPES);
    }
    return "must be a type name ("
        + String.join(", ", TYPES)
        + ") or a list of them, not "
        + describe(value);
  }

  /** {@code must be a list, not the string 'city'; write [city]}. */
  private static String wrongShape(String pointer, Set<String> expected, JsonNode value) {
    List<String> wanted = new ArrayList<>();
    Set<String> rest = new LinkedHashSet<>(expected);
    if (rest.contains("object") && rest.contains("boolean")) {
      wanted.add("a schema (an object such as {type: string}, or true/false)");
      rest.remove("object");
      rest.remove("boolean");
    }
    rest.forEach(t -> wanted.add(typeInWords(t)));
    String key = pointer.substring(pointer.lastIndexOf('/') + 1);
    return "must be "
        + String.join(" or ", wanted)
        + ", not "
        + describe(value)
        + fix(key, expected, value);
  }

  private static String fix(String key, Set<String> expected, JsonNode value) {
    String text = value.isString() ? value.asString() : "";
    if (expected.contains("object") && TYPES.contains(text)) {
      return "; write {type: " + text + "}";
    }
    if (expected.contains("array") && value.isString()) {
      return "; write [" + text + "]";
    }
    if ((expected.contains("number") || expected.contains("integer"))
        && text.matches("-?\\d+(\\.\\d+)?")) {
      return "; write " + text + " without quotes";
    }
    if (expected.contains("integer") && value.isNumber()) {
      return "; use a whole number";
    }
    if (key.equals("items") && value.isArray()) {
      return "; items is one schema for every element (for one schema per position, use"
          + " prefixItems)";
    }
    if (key.equals("properties") && value.isArray()) {
      return "; map each property name to its schema, e.g. {city: {type: string}}";
    }
    return "";
  }

  private static String typeInWords(String type) {
    return switch (type) {
      case "object" -> "an object";
      case "array" -> "a list";
      case "integer" -> "a whole number";
      case "boolean" -> "true or false";
      case "null" -> "null";
      default -> "a " + type;
    };
  }

  /** The value as a message names it: {@code 'strin'}, {@code the number 5}, {@code a list}. */
  private static String describe(JsonNode value) {
    if (value == null || value.isMissingNode()) {
      return "nothing";
    }
    if (value.isString()) {
      return "'" + value.asString() + "'";
    }
    if (value.isNumber()) {
      return "the number " + value;
    }
    if (value.isArray()) {
      return "a list";
    }
    if (value.isObject()) {
      return "an object";
    }
    return value.toString();
  }

  private static String suggestion(JsonNode value, List<String> names) {
    if (!value.isString()) {
      return "";
    }
    return Strings.closest(value.asString(), names, 1).stream()
        .map(n -> " (did you mean '" + n + "'?)")
        .findFirst()
        .orElse("");
  }

  private static List<String> names(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(v -> out.add(v.isString() ? v.asString() : v.toString()));
    return out;
  }
}
