package io.toolgate.schema;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Finds local {@code $ref}s that can never finish: a chain of references and in-place applicators
 * ({@code allOf}, {@code anyOf}, {@code oneOf}, {@code not}, {@code if}/{@code then}/{@code else},
 * {@code dependentSchemas}) that comes back to where it started without descending into the
 * arguments. A validator following {@code {"a": {"$ref": "#/properties/b"}, "b": {"$ref":
 * "#/properties/a"}}} recurses until the stack overflows, so such a schema is refused when it is
 * accepted, not when it is first called. Recursion through {@code properties} or {@code items} (a
 * tree of nodes) descends into the arguments at every step and is fine.
 *
 * <p>Also refuses a local {@code $ref} that points at nothing, which the validator would only
 * notice on a call. References to other documents are left to the validator. Not thread-safe; one
 * instance checks one schema.
 */
final class RefCycles {
  /** Keywords whose value is one subschema applied to the same value as its parent. */
  private static final Set<String> IN_PLACE = Set.of("not", "if", "then", "else");

  /** Keywords whose value is a list of subschemas applied to the same value. */
  private static final Set<String> IN_PLACE_LISTS = Set.of("allOf", "anyOf", "oneOf");

  /** Keywords whose value is a map of subschemas applied to the same value. */
  private static final Set<String> IN_PLACE_MAPS = Set.of("dependentSchemas", "dependencies");

  /** Keywords whose subschemas apply to a part of the value (one schema). */
  private static final Set<String> DESCENDING =
      Set.of(
          "items",
          "additionalItems",
          "additionalProperties",
          "unevaluatedProperties",
          "unevaluatedItems",
          "contains",
          "propertyNames");

  /** Keywords whose value is a map of subschemas for parts of the value, or for reference. */
  private static final Set<String> SCHEMA_MAPS =
      Set.of("properties", "patternProperties", "$defs", "definitions");

  /** Keywords whose value is a list of subschemas for parts of the value. */
  private static final Set<String> SCHEMA_LISTS = Set.of("prefixItems", "items");

  private static final Set<String> REFS = Set.of("$ref", "$dynamicRef", "$recursiveRef");

  private final ObjectNode root;
  private final Map<String, String> anchors = new HashMap<>();
  private final Map<String, List<Edge>> edges = new LinkedHashMap<>();
  private final List<Violation> problems = new ArrayList<>();

  /**
   * One step that stays on the same value, through the keyword at {@code via}: to the subschema at
   * pointer {@code target}, or for a reference, to what the {@code #…} reference {@code target}
   * resolves to.
   */
  private record Edge(String via, String target) {
    boolean isRef() {
      return target.startsWith("#");
    }
  }

  private RefCycles(ObjectNode root) {
    this.root = root;
  }

  /** Each reference cycle (once, at the {@code $ref} that closes it) and each dangling ref. */
  static List<Violation> of(ObjectNode schema) {
    if (hasNestedId(schema)) {
      return List.of(); // "#…" then resolves against the nearest $id: left to the validator
    }
    RefCycles r = new RefCycles(schema);
    r.collect(schema, "");
    r.findCycles();
    return List.copyOf(r.problems);
  }

  /** Records the in-place edges of the schema at {@code at} and of every schema under it. */
  private void collect(JsonNode schema, String at) {
    if (!(schema instanceof ObjectNode object)) {
      return;
    }
    List<Edge> out = edges.computeIfAbsent(at, k -> new ArrayList<>());
    for (String keyword : List.of("$anchor", "$dynamicAnchor")) {
      JsonNode anchor = object.get(keyword);
      if (anchor != null && anchor.isString()) {
        anchors.putIfAbsent(anchor.asString(), at);
      }
    }
    for (Map.Entry<String, JsonNode> e : object.properties()) {
      String key = e.getKey();
      JsonNode value = e.getValue();
      String here = at + "/" + escape(key);
      if (IN_PLACE.contains(key)) {
        out.add(new Edge(here, here));
        collect(value, here);
      } else if (IN_PLACE_LISTS.contains(key) && value.isArray()) {
        for (int i = 0; i < value.size(); i++) {
          out.add(new Edge(here + "/" + i, here + "/" + i));
          collect(value.get(i), here + "/" + i);
        }
      } else if (IN_PLACE_MAPS.contains(key) && value.isObject()) {
        for (Map.Entry<String, JsonNode> m : value.properties()) {
          String sub = here + "/" + escape(m.getKey());
          out.add(new Edge(sub, sub));
          collect(m.getValue(), sub);
        }
      } else if (SCHEMA_LISTS.contains(key) && value.isArray()) {
        for (int i = 0; i < value.size(); i++) {
          collect(value.get(i), here + "/" + i);
        }
      } else if (SCHEMA_MAPS.contains(key) && value.isObject()) {
        for (Map.Entry<String, JsonNode> m : value.properties()) {
          collect(m.getValue(), here + "/" + escape(m.getKey()));
        }
      } else if (DESCENDING.contains(key)) {
        collect(value, here);
      }
    }
    for (String ref : REFS) {
      JsonNode value = object.get(ref);
      if (value != null && value.isString() && value.asString().startsWith("#")) {
        out.add(new Edge(at + "/" + escape(ref), value.asString()));
      }
    }
  }

  /** A depth-first walk of the in-place edges; a step back onto the walk's path is a cycle. */
  private void findCycles() {
    Set<String> done = new HashSet<>();
    for (String start : List.copyOf(edges.keySet())) {
      walk(start, new ArrayList<>(), new HashSet<>(), done);
    }
  }

  private void walk(String node, List<String> path, Set<String> onPath, Set<String> done) {
    if (done.contains(node)) {
      return;
    }
    path.add(node);
    onPath.add(node);
    for (Edge edge : edges.getOrDefault(node, List.of())) {
      Optional<String> target = resolve(edge);
      if (target.isEmpty()) {
        continue;
      }
      String next = target.get();
      if (onPath.contains(next)) {
        cycle(path.subList(path.indexOf(next), path.size()), edge);
      } else {
        edges.computeIfAbsent(next, k -> new ArrayList<>()); // a target no keyword reached
        walk(next, path, onPath, done);
      }
    }
    path.removeLast();
    onPath.remove(node);
    done.add(node);
  }

  /** The pointer of the schema an edge leads to; empty (and a problem) when it is dangling. */
  private Optional<String> resolve(Edge edge) {
    if (!edge.isRef()) {
      return Optional.of(edge.target());
    }
    String fragment = decode(edge.target().substring(1));
    String pointer;
    if (fragment.isEmpty() || fragment.startsWith("/")) {
      pointer = fragment;
    } else if (anchors.containsKey(fragment)) {
      pointer = anchors.get(fragment);
    } else {
      dangling(edge, "names no $anchor '" + fragment + "' in this schema");
      return Optional.empty();
    }
    JsonNode target = pointer.isEmpty() ? root : root.at(pointer);
    if (target.isMissingNode()) {
      dangling(edge, "points at nothing: there is no " + pointer + " in this schema");
      return Optional.empty();
    }
    if (!edges.containsKey(pointer)) {
      collect(target, pointer); // a schema in a place no keyword walks (e.g. an unknown key)
    }
    return Optional.of(pointer);
  }

  private void dangling(Edge edge, String why) {
    problems.add(
        new Violation(
            edge.via(), "'" + edge.target() + "' " + why + "; point the $ref at a schema here"));
    edges.computeIfAbsent(edge.via(), k -> new ArrayList<>());
  }

  private void cycle(List<String> loop, Edge closing) {
    StringBuilder chain = new StringBuilder();
    for (String node : loop) {
      chain.append('#').append(node).append(" -> ");
    }
    chain.append('#').append(loop.getFirst());
    problems.add(
        new Violation(
            closing.via(),
            "'"
                + closing.target()
                + "' closes a $ref cycle ("
                + chain
                + ") that never reaches a type, so no value could ever be checked against it;"
                + " make one of these schemas say what the value is instead of referring on"));
  }

  private static boolean hasNestedId(JsonNode root) {
    for (JsonNode child : root.values()) {
      if (child.isObject() && child.has("$id") || hasNestedId(child)) {
        return true;
      }
    }
    return false;
  }

  private static String escape(String key) {
    return key.replace("~", "~0").replace("/", "~1");
  }

  /** The fragment with its percent-escapes decoded ({@code #/properties/a%20b}). */
  private static String decode(String fragment) {
    if (fragment.indexOf('%') < 0) {
      return fragment;
    }
    try {
      return URI.create("#" + fragment).getFragment();
    } catch (IllegalArgumentException e) {
      return fragment;
    }
  }
}
