package io.toolgate.mcp.server;

import io.modelcontextprotocol.spec.McpSchema;
import io.toolgate.Toolgate;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.exposure.ExposedTools;
import io.toolgate.exposure.Exposure;
import io.toolgate.exposure.MetaTools;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * Answers {@code tools/list} with the {@link Exposure} of the catalog as it is now: in registry
 * mode the meta-tools and pinned tools, in {@code all} mode every tool, page by page; a caller
 * limited to some tools (an API key's filter) sees only those besides the meta-tools.
 *
 * <p>Tools come meta-tools first, then by name. A cursor names the last tool of the previous page,
 * so paging stays correct while tools come and go: a tool added behind the cursor shows on a later
 * page, one removed is skipped. Thread-safe.
 */
final class ToolsListing {
  private static final String CURSOR_PREFIX = "after:";
  private static final Comparator<String> NAME_ORDER =
      Comparator.comparing((String name) -> MetaTools.isMetaTool(name) ? 0 : 1)
          .thenComparing(Comparator.naturalOrder());
  private static final Comparator<ToolDefinition> ORDER =
      Comparator.comparing(ToolDefinition::name, NAME_ORDER);

  private final Toolgate gate;
  private final Exposure exposure;
  // One instance per embedder state: an Exposure logs each warning once per instance.
  private final Exposure withVectors;
  private final Exposure withoutVectors;
  private final int pageSize;

  ToolsListing(Toolgate gate, Exposure exposure, int pageSize) {
    this.gate = gate;
    this.exposure = exposure;
    this.withVectors = exposure.withEmbedderAvailable(true);
    this.withoutVectors = exposure.withEmbedderAvailable(false);
    this.pageSize = pageSize;
  }

  /**
   * What a model sees now. {@code auto} mode counts an embedder as available when the search
   * reports a {@code vector} backend.
   */
  ExposedTools exposed() {
    boolean vectors = gate.capabilities().backends().contains("vector");
    Exposure now = vectors ? withVectors : withoutVectors;
    // A pinned tool of an upstream server that is not connected yet is not in the catalog: list
    // the others rather than failing tools/list until it comes.
    List<String> pinned = exposure.pinned().stream().filter(gate.registry()::contains).toList();
    if (pinned.size() != exposure.pinned().size()) {
      now = now.withPinned(pinned);
    }
    return now.apply(gate.registry().definitions());
  }

  /** Every listed tool, in list order. */
  List<ToolDefinition> listed() {
    return listed(tool -> true);
  }

  /**
   * The listed tools a caller may see, in list order: the meta-tools always (their searches and
   * calls apply the caller's filter themselves), other tools when {@code allow} accepts them.
   */
  List<ToolDefinition> listed(Predicate<ToolDefinition> allow) {
    ExposedTools exposed = exposed();
    List<ToolDefinition> tools = new ArrayList<>();
    for (ToolDefinition tool : exposed.tools()) {
      if (exposed.isMetaTool(tool.name()) || allow.test(tool)) {
        tools.add(tool);
      }
    }
    tools.sort(ORDER);
    return tools;
  }

  /**
   * One page of the tools a caller may see.
   *
   * @param cursor the {@code nextCursor} of the previous page, or null for the first
   * @param allow which catalog tools the caller may see
   * @throws IllegalArgumentException for a cursor this server did not hand out
   */
  McpSchema.ListToolsResult page(String cursor, Predicate<ToolDefinition> allow) {
    List<ToolDefinition> all = listed(allow);
    int from = 0;
    if (cursor != null && !cursor.isEmpty()) {
      String after = decode(cursor);
      from = all.size();
      for (int i = 0; i < all.size(); i++) {
        if (NAME_ORDER.compare(all.get(i).name(), after) > 0) {
          from = i;
          break;
        }
      }
    }
    int to = Math.min(all.size(), from + pageSize);
    List<McpSchema.Tool> tools = new ArrayList<>(to - from);
    for (ToolDefinition def : all.subList(from, to)) {
      tools.add(McpWire.tool(def));
    }
    String next = to < all.size() ? encode(all.get(to - 1).name()) : null;
    return McpSchema.ListToolsResult.builder(tools).nextCursor(next).build();
  }

  private static String encode(String lastName) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString((CURSOR_PREFIX + lastName).getBytes(StandardCharsets.UTF_8));
  }

  private static String decode(String cursor) {
    String text;
    try {
      text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      text = "";
    }
    if (!text.startsWith(CURSOR_PREFIX) || text.length() == CURSOR_PREFIX.length()) {
      throw new IllegalArgumentException(
          "invalid cursor '" + cursor + "': pass the nextCursor of the previous tools/list page");
    }
    return text.substring(CURSOR_PREFIX.length());
  }
}
