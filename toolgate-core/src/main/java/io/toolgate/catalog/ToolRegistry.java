package io.toolgate.catalog;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The catalog: every tool the gateway can search and call, by name.
 *
 * <pre>{@code
 * ToolRegistry registry = new ToolRegistry();
 * registry.addListener(events -> index.apply(events));
 * registry.register(new RegisteredTool(definition, executor));
 * registry.replaceSource("mcp:fs", freshTools);   // atomically swap one source's tools
 * }</pre>
 *
 * <p>Thread-safe. Reads see an immutable snapshot and never block; writes are serialized, and each
 * write is all-or-nothing: when one tool of a batch clashes, none is registered. Listeners hear
 * about each write once, in order, after it is visible.
 */
public final class ToolRegistry {
  private static final Logger LOG = LoggerFactory.getLogger(ToolRegistry.class);

  private final Object lock = new Object();
  private final List<RegistryListener> listeners = new CopyOnWriteArrayList<>();
  private volatile Snapshot snapshot = new Snapshot(Collections.emptyNavigableMap(), 0);

  private record Snapshot(NavigableMap<String, RegisteredTool> tools, long version) {}

  /** Adds a listener; it hears about changes made from now on. */
  public void addListener(RegistryListener listener) {
    listeners.add(listener);
  }

  public void removeListener(RegistryListener listener) {
    listeners.remove(listener);
  }

  /**
   * Adds a tool.
   *
   * @throws DuplicateToolException when the name is taken; the message names both sources
   */
  public void register(RegisteredTool tool) {
    registerAll(List.of(tool));
  }

  /**
   * Adds several tools at once, or none of them.
   *
   * @throws DuplicateToolException when a name is taken or repeated in {@code tools}
   */
  public void registerAll(Collection<RegisteredTool> tools) {
    synchronized (lock) {
      Map<String, RegisteredTool> incoming = new HashMap<>();
      for (RegisteredTool t : tools) {
        RegisteredTool twin = incoming.putIfAbsent(t.name(), t);
        if (twin != null) {
          throw clash(t.definition(), twin.definition());
        }
        RegisteredTool existing = snapshot.tools.get(t.name());
        if (existing != null) {
          throw clash(t.definition(), existing.definition());
        }
      }
      commit(new ArrayList<>(tools), List.of());
    }
  }

  /**
   * Adds a tool or replaces the one of the same name, whatever its source.
   *
   * @return the tool it replaced, if any
   */
  public Optional<RegisteredTool> put(RegisteredTool tool) {
    synchronized (lock) {
      Optional<RegisteredTool> previous = get(tool.name());
      commit(List.of(tool), List.of());
      return previous;
    }
  }

  /**
   * Removes a tool.
   *
   * @return the removed tool, or empty when there was none of that name
   */
  public Optional<RegisteredTool> remove(String name) {
    synchronized (lock) {
      Optional<RegisteredTool> previous = get(name);
      previous.ifPresent(p -> commit(List.of(), List.of(name)));
      return previous;
    }
  }

  /**
   * Makes {@code tools} the complete set of tools of {@code source}: tools of that source not in
   * the list are removed, the others added or replaced (unchanged ones produce no event).
   *
   * @throws DuplicateToolException when a tool's name belongs to another source; nothing changes
   */
  public void replaceSource(String source, Collection<RegisteredTool> tools) {
    synchronized (lock) {
      Set<String> keep = new HashSet<>();
      List<RegisteredTool> upserts = new ArrayList<>();
      for (RegisteredTool t : tools) {
        if (!t.definition().source().equals(source)) {
          throw new IllegalArgumentException(
              "tool '" + t.name() + "' is from " + t.definition().source() + ", not " + source);
        }
        if (!keep.add(t.name())) {
          throw new DuplicateToolException(
              "source " + source + " offers two tools named '" + t.name() + "'");
        }
        RegisteredTool existing = snapshot.tools.get(t.name());
        if (existing != null && !existing.definition().source().equals(source)) {
          throw clash(t.definition(), existing.definition());
        }
        upserts.add(t);
      }
      List<String> removals = new ArrayList<>();
      for (RegisteredTool t : snapshot.tools.values()) {
        if (t.definition().source().equals(source) && !keep.contains(t.name())) {
          removals.add(t.name());
        }
      }
      commit(upserts, removals);
    }
  }

  /** Removes every tool of {@code source}; returns how many. */
  public int removeSource(String source) {
    synchronized (lock) {
      int before = snapshot.tools.size();
      replaceSource(source, List.of());
      return before - snapshot.tools.size();
    }
  }

  /** The tool called {@code name}. */
  public Optional<RegisteredTool> get(String name) {
    return Optional.ofNullable(snapshot.tools.get(name));
  }

  /** Whether a tool of that name exists. */
  public boolean contains(String name) {
    return snapshot.tools.containsKey(name);
  }

  /** Every tool, sorted by name. */
  public List<RegisteredTool> list() {
    return List.copyOf(snapshot.tools.values());
  }

  /** Every definition, sorted by name. */
  public List<ToolDefinition> definitions() {
    return snapshot.tools.values().stream().map(RegisteredTool::definition).toList();
  }

  /** Every tool name, sorted. */
  public Set<String> names() {
    return Collections.unmodifiableSet(snapshot.tools.navigableKeySet());
  }

  public int size() {
    return snapshot.tools.size();
  }

  /** Incremented by every change; 0 for a new registry. */
  public long version() {
    return snapshot.version;
  }

  private void commit(List<RegisteredTool> upserts, List<String> removals) {
    TreeMap<String, RegisteredTool> next = new TreeMap<>(snapshot.tools);
    long version = snapshot.version;
    List<RegistryEvent> events = new ArrayList<>();
    for (RegisteredTool t : upserts) {
      RegisteredTool previous = next.put(t.name(), t);
      if (previous == null) {
        events.add(new RegistryEvent.Added(t.definition(), ++version));
      } else if (!previous.definition().equals(t.definition())
          || previous.executor() != t.executor()) {
        events.add(new RegistryEvent.Replaced(previous.definition(), t.definition(), ++version));
      }
    }
    for (String name : removals) {
      RegisteredTool previous = next.remove(name);
      if (previous != null) {
        events.add(new RegistryEvent.Removed(previous.definition(), ++version));
      }
    }
    if (events.isEmpty()) {
      return;
    }
    snapshot = new Snapshot(Collections.unmodifiableNavigableMap(next), version);
    List<RegistryEvent> delivered = List.copyOf(events);
    for (RegistryListener listener : listeners) {
      try {
        listener.onChange(delivered);
      } catch (RuntimeException e) {
        LOG.warn("registry listener {} failed on {} change(s)", listener, delivered.size(), e);
      }
    }
  }

  private static DuplicateToolException clash(ToolDefinition incoming, ToolDefinition existing) {
    return new DuplicateToolException(
        "tool '"
            + incoming.name()
            + "' from "
            + incoming.source()
            + " clashes with the tool of that name from "
            + existing.source()
            + "; rename one, or give one source a namespace (its tools become ns__name)");
  }
}
