package io.toolgate.exposure;

import io.toolgate.catalog.Strings;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides which tool definitions a model sees, from the catalog and the tool setting.
 *
 * <pre>{@code
 * Exposure exposure = Exposure.of(ToolMode.AUTO)
 *     .withPinned(List.of("time_now"))
 *     .withEmbedderAvailable(search.capabilities().embeddingModel().isPresent());
 * ExposedTools seen = exposure.apply(registry.definitions());
 * }</pre>
 *
 * <p>The rules:
 *
 * <ul>
 *   <li>{@code all}: every catalog tool.
 *   <li>{@code search_registry}: the profile's two meta-tools, then the pinned tools. A catalog
 *       tool with a reserved name ({@code tool_search}, {@code tool_invoke}, {@code find_tools},
 *       {@code use_tool}) is an {@link ExposureException} naming it and its source. Unlike Spice,
 *       no embedder is required: search always has its lexical channels (the keyword backend RFC
 *       0001 requires), so without one the registry works with a warning that search is
 *       lexical-only.
 *   <li>{@code auto}: the registry when the catalog holds more than {@link #autoThreshold()} tools
 *       (default {@value #AUTO_THRESHOLD}) <em>and</em> an embedder is available; otherwise every
 *       tool. With more tools than the threshold, falling back to direct tools gives a warning: no
 *       embedder, or a reserved-name clash (which auto survives instead of failing).
 *   <li>a list of names: exactly those tools, in that order, then the pinned ones. A name that is
 *       no tool may name a group ({@link ToolGroups}: a domain, a tag or a source such as {@code
 *       mcp:fs}) and selects all its tools; a name that is neither is an {@link ExposureException}
 *       listing close names and the groups that exist. A meta-tool name no catalog tool takes shows
 *       that meta-tool.
 * </ul>
 *
 * <p>Tools with {@code as_tool: false} ({@link ToolDefinition#asTool()}) are never shown: they are
 * left out of every mode, do not count towards the auto threshold, and naming or pinning one is an
 * {@link ExposureException} that says so.
 *
 * <p>Pinned tools are always shown; an unknown pinned name is an {@link ExposureException}.
 * Warnings are returned in {@link ExposedTools#warnings()} and logged once per distinct message by
 * each instance.
 *
 * <p>Instances are immutable (the {@code with…} methods return copies) and thread-safe.
 */
public final class Exposure {
  /** Auto shows the registry when the catalog holds more tools than this (Spice uses 20). */
  public static final int AUTO_THRESHOLD = 20;

  private static final Logger LOG = LoggerFactory.getLogger(Exposure.class);
  private static final List<String> KEYWORDS = List.of("all", "auto", "search_registry");

  private final ToolMode mode;
  private final Profile profile;
  private final List<String> pinned;
  private final boolean embedderAvailable;
  private final int autoThreshold;
  private final Set<String> logged = ConcurrentHashMap.newKeySet();

  private Exposure(
      ToolMode mode,
      Profile profile,
      List<String> pinned,
      boolean embedderAvailable,
      int autoThreshold) {
    this.mode = Objects.requireNonNull(mode, "mode");
    this.profile = Objects.requireNonNull(profile, "profile");
    this.pinned = List.copyOf(new LinkedHashSet<>(pinned));
    this.embedderAvailable = embedderAvailable;
    if (autoThreshold < 0) {
      throw new IllegalArgumentException(
          "illegal auto threshold " + autoThreshold + ", must be 0 or more tools");
    }
    this.autoThreshold = autoThreshold;
  }

  /** The given mode with the defaults: Spice profile, nothing pinned, no embedder, threshold 20. */
  public static Exposure of(ToolMode mode) {
    return new Exposure(mode, Profile.SPICE, List.of(), false, AUTO_THRESHOLD);
  }

  /** A copy with another mode. */
  public Exposure withMode(ToolMode newMode) {
    return new Exposure(newMode, profile, pinned, embedderAvailable, autoThreshold);
  }

  /** A copy showing the meta-tools of {@code newProfile}. */
  public Exposure withProfile(Profile newProfile) {
    return new Exposure(mode, newProfile, pinned, embedderAvailable, autoThreshold);
  }

  /** Tools shown in every mode, e.g. one the model needs to orient itself. */
  public Exposure withPinned(List<String> newPinned) {
    return new Exposure(mode, profile, newPinned, embedderAvailable, autoThreshold);
  }

  /** Whether search has an embedder (its vector channel); {@code auto} needs one. */
  public Exposure withEmbedderAvailable(boolean available) {
    return new Exposure(mode, profile, pinned, available, autoThreshold);
  }

  /** Auto shows the registry above this many catalog tools. */
  public Exposure withAutoThreshold(int threshold) {
    return new Exposure(mode, profile, pinned, embedderAvailable, threshold);
  }

  /** The mode asked for. */
  public ToolMode mode() {
    return mode;
  }

  /** The meta-tool names shown by the registry. */
  public Profile profile() {
    return profile;
  }

  /** Tools shown in every mode, in order. */
  public List<String> pinned() {
    return pinned;
  }

  /** Whether search has an embedder. */
  public boolean embedderAvailable() {
    return embedderAvailable;
  }

  /** Auto shows the registry above this many tools. */
  public int autoThreshold() {
    return autoThreshold;
  }

  /**
   * What a model sees of {@code catalog}.
   *
   * @param catalog every tool definition, e.g. {@code registry.definitions()}; names unique
   * @throws ExposureException for a reserved-name clash under {@code search_registry}, or an
   *     unknown named or pinned tool
   */
  public ExposedTools apply(List<ToolDefinition> everyTool) {
    Map<String, ToolDefinition> byName = new LinkedHashMap<>();
    Set<String> hidden = new java.util.HashSet<>();
    for (ToolDefinition tool : everyTool) {
      if (byName.containsKey(tool.name()) || hidden.contains(tool.name())) {
        throw new IllegalArgumentException("the catalog lists tool '" + tool.name() + "' twice");
      }
      if (tool.asTool()) {
        byName.put(tool.name(), tool);
      } else {
        hidden.add(tool.name()); // as_tool: false: never shown to a model
      }
    }
    List<ToolDefinition> catalog = List.copyOf(byName.values());
    List<ToolDefinition> pinnedTools = pinnedTools(byName, hidden);
    List<String> warnings = new ArrayList<>();
    ExposedTools result =
        switch (mode) {
          case ToolMode.All all -> direct(catalog, warnings);
          case ToolMode.Named named -> named(named, byName, hidden, pinnedTools);
          case ToolMode.SearchRegistry registry -> searchRegistry(byName, pinnedTools, warnings);
          case ToolMode.Auto auto -> auto(catalog, byName, pinnedTools, warnings);
        };
    for (String warning : result.warnings()) {
      if (logged.add(warning)) {
        LOG.warn(warning);
      }
    }
    return result;
  }

  private ExposedTools direct(List<ToolDefinition> catalog, List<String> warnings) {
    return new ExposedTools(mode, ToolMode.ALL, profile, catalog, catalog.size(), warnings);
  }

  private ExposedTools registry(
      Map<String, ToolDefinition> byName, List<ToolDefinition> pinnedTools, List<String> warnings) {
    List<ToolDefinition> shown = new ArrayList<>(MetaTools.of(profile));
    shown.addAll(pinnedTools);
    return new ExposedTools(
        mode, ToolMode.SEARCH_REGISTRY, profile, shown, byName.size(), warnings);
  }

  private ExposedTools searchRegistry(
      Map<String, ToolDefinition> byName, List<ToolDefinition> pinnedTools, List<String> warnings) {
    List<ToolDefinition> clashes = clashes(byName);
    if (!clashes.isEmpty()) {
      throw new ExposureException(
          "tools: search_registry cannot show the meta-tools: "
              + describe(clashes)
              + "; rename the tool, load its source with a namespace (e.g. ns__"
              + clashes.getFirst().name()
              + "), or use tools: all");
    }
    if (!embedderAvailable) {
      warnings.add(
          "tools: search_registry without an embedder: "
              + profile.searchTool()
              + " ranks with the lexical channels only (search_mode lexical_rrf); configure"
              + " embeddings for semantic matches");
    }
    return registry(byName, pinnedTools, warnings);
  }

  private ExposedTools auto(
      List<ToolDefinition> catalog,
      Map<String, ToolDefinition> byName,
      List<ToolDefinition> pinnedTools,
      List<String> warnings) {
    if (catalog.size() <= autoThreshold) {
      return direct(catalog, warnings);
    }
    String many = catalog.size() + " tools (more than " + autoThreshold + ")";
    if (!embedderAvailable) {
      warnings.add(
          "tools: auto shows all "
              + many
              + " directly because no embedder is configured; configure embeddings, or set"
              + " tools: search_registry to use the lexical registry");
      return direct(catalog, warnings);
    }
    List<ToolDefinition> clashes = clashes(byName);
    if (!clashes.isEmpty()) {
      warnings.add(
          "tools: auto shows all "
              + many
              + " directly instead of the search registry: "
              + describe(clashes)
              + "; rename it to enable the registry");
      return direct(catalog, warnings);
    }
    return registry(byName, pinnedTools, warnings);
  }

  private ExposedTools named(
      ToolMode.Named named,
      Map<String, ToolDefinition> byName,
      Set<String> hidden,
      List<ToolDefinition> pinnedTools) {
    Map<String, ToolDefinition> shown = new LinkedHashMap<>();
    ToolGroups groups = new ToolGroups(List.copyOf(byName.values()));
    List<String> unknown = new ArrayList<>();
    for (String name : named.names()) {
      ToolDefinition tool = byName.get(name);
      if (tool == null && !hidden.contains(name)) {
        tool = MetaTools.get(name).orElse(null);
      }
      if (tool != null) {
        shown.putIfAbsent(name, tool);
        continue;
      }
      List<ToolDefinition> group = hidden.contains(name) ? List.of() : groups.select(name);
      if (group.isEmpty()) {
        unknown.add(name);
      }
      group.forEach(t -> shown.putIfAbsent(t.name(), t));
    }
    if (!unknown.isEmpty()) {
      throw new ExposureException(
          "tools: "
              + unknownMessage(unknown, byName.keySet(), hidden, true)
              + "; list tool names, domains, tags or sources ("
              + groups.describe()
              + ")");
    }
    pinnedTools.forEach(t -> shown.putIfAbsent(t.name(), t));
    return new ExposedTools(
        mode, named, profile, List.copyOf(shown.values()), byName.size(), List.of());
  }

  private List<ToolDefinition> pinnedTools(Map<String, ToolDefinition> byName, Set<String> hidden) {
    List<String> unknown = pinned.stream().filter(p -> !byName.containsKey(p)).toList();
    if (!unknown.isEmpty()) {
      throw new ExposureException(
          "pinned "
              + unknownMessage(unknown, byName.keySet(), hidden, false)
              + "; pin catalog tools only");
    }
    return pinned.stream().map(byName::get).toList();
  }

  private static List<ToolDefinition> clashes(Map<String, ToolDefinition> byName) {
    return byName.values().stream().filter(t -> ToolNames.isReserved(t.name())).toList();
  }

  private static String describe(List<ToolDefinition> clashes) {
    return clashes.stream()
        .map(t -> "tool '" + t.name() + "' from " + t.source() + " takes a reserved meta-tool name")
        .collect(Collectors.joining("; "));
  }

  private static String unknownMessage(
      List<String> unknown, Set<String> catalogNames, Set<String> hidden, boolean suggestModes) {
    List<String> candidates = new ArrayList<>(catalogNames);
    if (suggestModes) {
      candidates.addAll(KEYWORDS);
      candidates.addAll(ToolNames.RESERVED);
    }
    List<String> parts = new ArrayList<>();
    for (String name : unknown) {
      if (hidden.contains(name)) {
        parts.add(
            "tool '"
                + name
                + "' is hidden from models (as_tool: false); remove it here or set as_tool: true");
        continue;
      }
      List<String> close = Strings.closest(name, candidates, 5);
      parts.add(
          "tool '"
              + name
              + "' is not in the catalog"
              + (close.isEmpty() ? "" : " (did you mean " + String.join(", ", close) + "?)"));
    }
    return String.join("; ", parts);
  }
}
