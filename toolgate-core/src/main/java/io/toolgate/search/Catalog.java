package io.toolgate.search;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.search.lexical.LexicalDocument;
import io.toolgate.search.vector.VectorCache;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An immutable snapshot of the indexed tools, each at a slot: the index every channel reports hits
 * by. A replaced tool keeps its slot; a removed tool's slot is reused by the next new tool.
 */
final class Catalog {
  static final Catalog EMPTY = new Catalog(new ToolDefinition[0], Map.of(), 0);

  final ToolDefinition[] tools;
  final String[] names;
  final long[] keys;
  final Map<String, Integer> slots;
  final int live;
  // Derived on first use by a search that needs them; a snapshot never changes, so a race only
  // computes the same value twice.
  private volatile Families families;
  private volatile Set<String> verbs;

  private Catalog(ToolDefinition[] tools, Map<String, Integer> slots, int live) {
    this.tools = tools;
    this.slots = slots;
    this.live = live;
    this.names = new String[tools.length];
    this.keys = new long[tools.length];
    for (int i = 0; i < tools.length; i++) {
      if (tools[i] != null) {
        names[i] = tools[i].name();
        keys[i] = VectorCache.key(tools[i].checksum());
      } else {
        names[i] = "";
      }
    }
  }

  /**
   * The names of the tools, from the slot array: walking it reads far less scattered memory than
   * the keys of {@link #slots} (on 100,000 tools, ~10 ms less for the similar-name hint). Only
   * those {@code allowed} marks (by slot), or all when it is null: a hint built from names must not
   * show a caller the tools its filter hides.
   */
  List<String> liveNames(boolean[] allowed) {
    List<String> out = new java.util.ArrayList<>(live);
    for (int i = 0; i < tools.length; i++) {
      if (tools[i] != null && (allowed == null || allowed[i])) {
        out.add(names[i]);
      }
    }
    return out;
  }

  /**
   * The family of each slot: tools of one MCP server ({@code source} {@code mcp:<server>}) or with
   * one name prefix ({@code github__…}, {@code kinematics.…}).
   *
   * @param ids each slot's family, -1 for a tool without one (and for free slots)
   * @param count how many families there are; ids are below it
   */
  record Families(int[] ids, int count) {}

  Families families() {
    Families f = families;
    if (f == null) {
      Map<String, Integer> ids = new HashMap<>();
      int[] out = new int[tools.length];
      for (int i = 0; i < tools.length; i++) {
        String key = tools[i] == null ? null : familyKey(tools[i]);
        out[i] = key == null ? -1 : ids.computeIfAbsent(key, k -> ids.size());
      }
      f = new Families(out, ids.size());
      families = f;
    }
    return f;
  }

  /** {@code github__search} → {@code github}; {@code math.hcf} → {@code math}; else the server. */
  static String familyKey(ToolDefinition tool) {
    String name = tool.name();
    int ns = name.indexOf("__");
    if (ns > 0) {
      return name.substring(0, ns);
    }
    int dot = name.lastIndexOf('.');
    if (dot > 0) {
      return name.substring(0, dot);
    }
    return tool.source().startsWith("mcp:") ? tool.source() : null;
  }

  /**
   * The words that start two or more tool names ({@code get}, {@code calculate}, {@code book}): the
   * catalog's verbs, which {@link QueryClauses} splits "… and book a hotel" at.
   */
  Set<String> verbs() {
    Set<String> v = verbs;
    if (v == null) {
      Map<String, Integer> counts = new HashMap<>();
      for (ToolDefinition tool : tools) {
        if (tool != null) {
          String first = firstWord(tool.name());
          if (first.length() > 1) {
            counts.merge(first, 1, Integer::sum);
          }
        }
      }
      Set<String> out = new java.util.HashSet<>();
      counts.forEach(
          (word, n) -> {
            if (n >= 2) {
              out.add(word);
            }
          });
      v = Set.copyOf(out);
      verbs = v;
    }
    return v;
  }

  /** {@code kinematics.calculateSpeed} → {@code calculate}; {@code gh__search_issues} → search. */
  static String firstWord(String name) {
    int ns = name.lastIndexOf("__");
    int start = Math.max(name.lastIndexOf('.') + 1, ns < 0 ? 0 : ns + 2);
    while (start < name.length() && !Character.isLetter(name.charAt(start))) {
      start++;
    }
    int end = start;
    while (end < name.length()
        && Character.isLetter(name.charAt(end))
        && (end == start || !Character.isUpperCase(name.charAt(end)))) {
      end++;
    }
    return name.substring(start, end).toLowerCase(java.util.Locale.ROOT);
  }

  /** The change to apply to the catalog and the lexical index. */
  record Change(Catalog next, List<LexicalDocument> upserts, List<String> removals) {}

  /** This catalog with {@code upserts} added or replaced by name and {@code removals} removed. */
  Change apply(Collection<ToolDefinition> upserts, Collection<String> removals) {
    ToolDefinition[] next = Arrays.copyOf(tools, tools.length);
    Map<String, Integer> nextSlots = new HashMap<>(slots);
    List<String> removed = new ArrayList<>();
    for (String name : removals) {
      Integer slot = nextSlots.remove(name);
      if (slot != null) {
        next[slot] = null;
        removed.add(name);
      }
    }
    int free = 0;
    List<LexicalDocument> docs = new ArrayList<>(upserts.size());
    for (ToolDefinition tool : upserts) {
      Integer slot = nextSlots.get(tool.name());
      if (slot == null) {
        while (free < next.length && next[free] != null) {
          free++;
        }
        if (free == next.length) {
          next = Arrays.copyOf(next, Math.max(16, next.length + (next.length >> 1)));
        }
        slot = free;
        nextSlots.put(tool.name(), slot);
      }
      next[slot] = tool;
      docs.add(LexicalDocument.of(slot, tool));
    }
    return new Change(new Catalog(next, Map.copyOf(nextSlots), nextSlots.size()), docs, removed);
  }
}
