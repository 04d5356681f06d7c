package io.toolgate.server.admin;

import io.toolgate.catalog.Implementation;
import io.toolgate.catalog.InvalidToolException;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolDefinitionCodec;
import io.toolgate.catalog.ToolNames;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.invoke.spi.ToolExecutor;
import io.toolgate.server.ApiException;
import io.toolgate.store.Registrations;
import io.toolgate.store.Registrations.Registration;
import io.toolgate.store.StoreException;
import io.toolgate.store.StoreOp;
import io.toolgate.store.StoreUnavailableException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Registers, replaces and removes HTTP and command tools at run time, durably.
 *
 * <p>Every change follows the same order under one lock: validate the definition and build its
 * executor, check it against the catalog, write it to the store (which returns only once it is on
 * disk), then apply it to the registry. A failure at any step leaves both unchanged; a crash after
 * the store write is repaired by {@link #restore()} at the next start. Only tools of the {@link
 * #SOURCE} source (or {@code api:<label>}) can be replaced or deleted, so the API cannot shadow
 * catalog files, domains or MCP servers; no name may take the namespace of a configured MCP server
 * ({@code <server>__…}), connected or not.
 *
 * <p>Thread-safe.
 */
public final class RuntimeTools {
  private static final Logger LOG = LoggerFactory.getLogger(RuntimeTools.class);

  /** The source of tools registered through the API. */
  public static final String SOURCE = "api";

  private final ToolRegistry registry;
  private final Optional<Registrations> store;
  private final Function<ToolDefinition, ToolExecutor> executors;
  private final java.util.function.Consumer<ToolDefinition> check;
  private final Set<String> namespaces;
  private final Object lock = new Object();

  /**
   * @param registry the catalog to change
   * @param store where registrations are kept; empty keeps them in memory only
   * @param executors builds the executor of a declared HTTP or command tool
   * @param check further validation, e.g. that the tool's sandbox exists; throws to refuse
   * @param namespaces reserved for other sources whatever their state, e.g. the names of the
   *     configured upstream MCP servers: no registration may be called {@code <namespace>__…}
   */
  public RuntimeTools(
      ToolRegistry registry,
      Optional<Registrations> store,
      Function<ToolDefinition, ToolExecutor> executors,
      java.util.function.Consumer<ToolDefinition> check,
      Set<String> namespaces) {
    this.registry = Objects.requireNonNull(registry, "registry");
    this.store = Objects.requireNonNull(store, "store");
    this.executors = Objects.requireNonNull(executors, "executors");
    this.check = Objects.requireNonNull(check, "check");
    this.namespaces = Set.copyOf(namespaces);
  }

  /**
   * Who makes a change, and which tools it may see: an admin key with a tool filter registers,
   * replaces and deletes only inside that filter, and learns nothing of the tools outside it.
   *
   * @param id recorded with each registration, e.g. the API key id
   * @param sees the tools it may see; {@code t -> true} for all
   */
  public record Principal(String id, Predicate<ToolDefinition> sees) {
    public Principal {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(sees, "sees");
    }

    /**
     * Refuses {@code tool} when it would land outside what this principal sees, or when its name is
     * taken by a tool it cannot see. Both get the same answer, so that a filtered key cannot tell a
     * hidden tool from a name it may not use.
     */
    void requireInside(ToolDefinition tool, Optional<RegisteredTool> existing) {
      if (!sees.test(tool) || existing.filter(e -> !sees.test(e.definition())).isPresent()) {
        throw new ApiException(
            403,
            "forbidden",
            "key '"
                + id
                + "' may not register tool '"
                + tool.name()
                + "': a key with a tool filter registers, replaces and deletes only tools inside"
                + " its filter (name, tags and source); pick a name and tags the filter allows");
      }
    }
  }

  /** Whether registrations outlive the process. */
  public boolean durable() {
    return store.isPresent();
  }

  /**
   * Loads every stored registration into the registry. A registration that no longer validates, or
   * whose name a catalog tool now uses, is skipped with a warning (and kept in the store).
   *
   * @return how many tools were restored
   */
  public int restore() {
    if (store.isEmpty()) {
      return 0;
    }
    synchronized (lock) {
      List<RegisteredTool> tools = new ArrayList<>();
      for (Registration r : store.get().list()) {
        try {
          ToolDefinition def = ToolDefinitionCodec.fromJson(r.definition(), SOURCE);
          Optional<RegisteredTool> existing = registry.get(def.name());
          if (existing.isPresent() && !isRuntime(existing.get().definition())) {
            LOG.warn(
                "registered tool '{}' is not restored: {} now has a tool of that name",
                def.name(),
                existing.get().definition().source());
            continue;
          }
          requireOwnNamespace(def);
          check.accept(def);
          tools.add(new RegisteredTool(def, executors.apply(def)));
        } catch (RuntimeException e) {
          LOG.warn("registered tool '{}' is not restored: {}", r.name(), e.getMessage());
        }
      }
      for (RegisteredTool t : tools) {
        registry.put(t);
      }
      return tools.size();
    }
  }

  /**
   * Applies registrations and removals that other replicas committed to a shared store (what a
   * {@link io.toolgate.store.StoreListener} following {@link io.toolgate.store.RegistryStore#TOOLS}
   * hears). Runs under the same lock as local changes, so a remote change that came after a local
   * one is applied after it. An entry that does not validate here, or whose name a catalog tool of
   * this replica uses, is skipped with a warning.
   */
  public void applyRemote(List<StoreOp> ops) {
    synchronized (lock) {
      for (StoreOp op : ops) {
        try {
          switch (op) {
            case StoreOp.Put put -> applyRemotePut(put);
            case StoreOp.Delete delete -> applyRemoteDelete(delete.key());
          }
        } catch (RuntimeException e) {
          LOG.warn(
              "registration of '{}' from another replica not applied: {}",
              op.key(),
              e.getMessage());
        }
      }
    }
  }

  private void applyRemotePut(StoreOp.Put put) {
    Registration r = Registrations.decode(put.key(), put.value());
    ToolDefinition def = ToolDefinitionCodec.fromJson(r.definition(), SOURCE);
    Optional<RegisteredTool> existing = registry.get(def.name());
    if (existing.isPresent()) {
      if (!isRuntime(existing.get().definition())) {
        throw new IllegalStateException(
            "this replica has a tool of that name from " + existing.get().definition().source());
      }
      if (existing.get().definition().checksum().equals(def.checksum())) {
        return; // already here (a replay, or seen through restore)
      }
    }
    check.accept(def);
    registry.put(new RegisteredTool(def, executors.apply(def)));
  }

  private void applyRemoteDelete(String name) {
    registry.get(name).filter(t -> isRuntime(t.definition())).ifPresent(t -> registry.remove(name));
  }

  /**
   * Registers a new tool.
   *
   * @return the registered definition
   * @throws ApiException 400 for an invalid definition, 403 when it is outside what {@code
   *     principal} may see (or its name is taken by a tool it cannot see), 409 when the name is
   *     taken
   */
  public ToolDefinition create(ObjectNode json, Principal principal) {
    synchronized (lock) {
      RegisteredTool tool = build(json);
      principal.requireInside(tool.definition(), registry.get(tool.name()));
      registry
          .get(tool.name())
          .ifPresent(
              existing -> {
                throw new ApiException(
                    409,
                    "conflict",
                    "tool '"
                        + tool.name()
                        + "' already exists (source "
                        + existing.definition().source()
                        + "); use PUT /v1/tools/"
                        + tool.name()
                        + " to replace a registered tool, or pick another name");
              });
      persist(tool.definition(), principal.id());
      registry.register(tool);
      return tool.definition();
    }
  }

  /**
   * Registers or replaces the tool called {@code name}.
   *
   * @return true when it replaced a tool, false when it created one
   * @throws ApiException 400 for an invalid definition or a name that differs from the path, 403 as
   *     for {@link #create}, 409 when the name belongs to a tool from another source
   */
  public boolean replace(String name, ObjectNode json, Principal principal) {
    synchronized (lock) {
      if (!json.has("name")) {
        json = json.deepCopy().put("name", name);
      }
      RegisteredTool tool = build(json);
      if (!tool.name().equals(name)) {
        throw ApiException.badRequest(
            "the body names tool '" + tool.name() + "' but the path names '" + name + "'");
      }
      Optional<RegisteredTool> existing = registry.get(name);
      principal.requireInside(tool.definition(), existing);
      if (existing.isPresent() && !isRuntime(existing.get().definition())) {
        throw notRuntime(existing.get().definition());
      }
      persist(tool.definition(), principal.id());
      registry.put(tool);
      return existing.isPresent();
    }
  }

  /**
   * Removes a registered tool.
   *
   * @throws ApiException 404 when there is none or {@code principal} cannot see it, 409 when it
   *     comes from another source
   */
  public ToolDefinition delete(String name, Principal principal) {
    synchronized (lock) {
      RegisteredTool existing =
          registry
              .get(name)
              .filter(t -> principal.sees().test(t.definition()))
              .orElseThrow(
                  () -> new ApiException(404, "unknown_tool", "unknown tool '" + name + "'"));
      if (!isRuntime(existing.definition())) {
        throw notRuntime(existing.definition());
      }
      if (store.isPresent()) {
        try {
          store.get().remove(name);
        } catch (StoreException e) {
          throw storeFailed(e);
        }
      }
      registry.remove(name);
      return existing.definition();
    }
  }

  /** Whether {@code tool} was registered through the API. */
  public static boolean isRuntime(ToolDefinition tool) {
    return tool.source().equals(SOURCE) || tool.source().startsWith(SOURCE + ":");
  }

  private RegisteredTool build(ObjectNode json) {
    ToolDefinition def;
    try {
      def = ToolDefinitionCodec.fromJson(json, SOURCE);
    } catch (InvalidToolException e) {
      throw new ApiException(
          400, "invalid_tool", e.getMessage() + pointer(e.pointer()), java.util.Map.of());
    }
    if (!isRuntime(def)) {
      throw ApiException.badRequest(
          "tool '"
              + def.name()
              + "': 'source' must be "
              + SOURCE
              + " or "
              + SOURCE
              + ":<label> for tools registered through the API, got '"
              + def.source()
              + "'");
    }
    if (def.implementation() instanceof Implementation.Provided) {
      throw new ApiException(
          400,
          "invalid_tool",
          "tool '"
              + def.name()
              + "': declare how it runs, with 'http' {method, url, …} or 'command' [program, …]");
    }
    try {
      requireOwnNamespace(def);
      check.accept(def);
      return new RegisteredTool(def, executors.apply(def));
    } catch (InvalidToolException e) {
      throw new ApiException(400, "invalid_tool", e.getMessage() + pointer(e.pointer()));
    } catch (RuntimeException e) {
      String message = e.getMessage() == null ? e.toString() : e.getMessage();
      throw new ApiException(
          400,
          "invalid_tool",
          message.contains(def.name()) ? message : "tool '" + def.name() + "': " + message);
    }
  }

  /**
   * Refuses a name in the namespace of another source: a registered {@code mem__read_graph} would
   * take the place of MCP server {@code mem}'s tool while {@code mem} is down, and keep it.
   */
  private void requireOwnNamespace(ToolDefinition def) {
    Optional<String> namespace = ToolNames.namespaceOf(def.name()).filter(namespaces::contains);
    if (namespace.isPresent()) {
      throw new InvalidToolException(
          "tool '"
              + def.name()
              + "': the namespace '"
              + namespace.get()
              + ToolNames.NAMESPACE_SEPARATOR
              + "' belongs to the upstream MCP server '"
              + namespace.get()
              + "' (whether or not it is connected); pick a name outside it, e.g. '"
              + def.name().replace(ToolNames.NAMESPACE_SEPARATOR, "_")
              + "'",
          "/name");
    }
  }

  private void persist(ToolDefinition def, String principal) {
    if (store.isEmpty()) {
      return;
    }
    try {
      store.get().save(new Registration(ToolDefinitionCodec.toJson(def), principal, Instant.now()));
    } catch (StoreException e) {
      throw storeFailed(e);
    }
  }

  private static ApiException storeFailed(StoreException e) {
    if (e instanceof StoreUnavailableException) {
      LOG.warn("registration refused: {}", e.getMessage());
      return new ApiException(
          503,
          "unavailable",
          "the registry store is unavailable, so the change was not made (nothing was written);"
              + " retry once it is back: "
              + e.getMessage(),
          java.util.Map.of("Retry-After", "1"));
    }
    LOG.error("registration not stored", e);
    return new ApiException(
        503,
        "store_unavailable",
        "the change could not be made durable and was not applied: " + e.getMessage());
  }

  private static ApiException notRuntime(ToolDefinition tool) {
    return new ApiException(
        409,
        "conflict",
        "tool '"
            + tool.name()
            + "' comes from "
            + tool.source()
            + "; only tools registered through the API (source "
            + SOURCE
            + ") can be replaced or deleted here");
  }

  private static String pointer(String pointer) {
    return pointer == null || pointer.isEmpty() ? "" : " (at " + pointer + ")";
  }
}
