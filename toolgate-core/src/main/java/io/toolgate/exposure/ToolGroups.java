package io.toolgate.exposure;

import io.toolgate.catalog.ToolDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Names in a tool list that stand for several tools (Spice's tool groups, {@code tools: memory,
 * sql}): a <b>domain</b> ({@code core} selects the tools whose source is {@code domain:core}), a
 * <b>tag</b> ({@code weather}) or a <b>source</b> ({@code mcp:fs}, {@code
 * file:tools/billing.yaml}). A group selects every tool of the catalog it names, in catalog order.
 *
 * <pre>{@code
 * ToolGroups groups = new ToolGroups(catalog);
 * List<ToolDefinition> fs = groups.select("mcp:fs");     // empty when nothing is called so
 * String known = groups.describe();                     // "domains: core; tags: …; sources: …"
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
final class ToolGroups {
  /** The prefix of the source label of tools that come from a {@code ToolDomain}. */
  static final String DOMAIN_SOURCE = "domain:";

  private static final int LISTED = 40;

  private final List<ToolDefinition> catalog;

  /** Groups over {@code catalog}, the tools a model may be shown. */
  ToolGroups(List<ToolDefinition> catalog) {
    this.catalog = List.copyOf(catalog);
  }

  /** The tools of the domain, tag or source {@code group}, in catalog order; empty for none. */
  List<ToolDefinition> select(String group) {
    List<ToolDefinition> out = new ArrayList<>();
    for (ToolDefinition tool : catalog) {
      if (tool.source().equals(DOMAIN_SOURCE + group)
          || tool.source().equals(group)
          || tool.tags().contains(group)) {
        out.add(tool);
      }
    }
    return out;
  }

  /** Every group name a list may use: {@code domains: …; tags: …; sources: …}. */
  String describe() {
    Set<String> domains = new TreeSet<>();
    Set<String> tags = new TreeSet<>();
    Set<String> sources = new TreeSet<>();
    for (ToolDefinition tool : catalog) {
      if (tool.source().startsWith(DOMAIN_SOURCE)) {
        domains.add(tool.source().substring(DOMAIN_SOURCE.length()));
      }
      sources.add(tool.source());
      tags.addAll(tool.tags());
    }
    return "domains: " + list(domains) + "; tags: " + list(tags) + "; sources: " + list(sources);
  }

  /** Up to {@value #LISTED} names, then how many more there are. */
  private static String list(Set<String> names) {
    if (names.isEmpty()) {
      return "none";
    }
    List<String> all = List.copyOf(names);
    String shown = String.join(", ", all.subList(0, Math.min(LISTED, all.size())));
    return all.size() > LISTED ? shown + " … (" + (all.size() - LISTED) + " more)" : shown;
  }
}
