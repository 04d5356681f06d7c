package io.toolgate.server;

import io.toolgate.invoke.CallObserver;
import io.toolgate.server.metrics.AuditLog;
import io.toolgate.server.metrics.Telemetry;
import io.toolgate.store.EmbeddedRegistryStore;
import io.toolgate.store.RegistryStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the server needs wired into the rest of the gateway before the {@link io.toolgate.Toolgate}
 * is built: the durable store, the metrics, and the audit log, with one {@link CallObserver} for
 * the invocation pipeline so calls from every surface are measured and audited.
 *
 * <pre>{@code
 * ServerHooks hooks = ServerHooks.open(settings);            // opens <data>/store when set
 * ToolInvoker invoker = ToolInvoker.builder(registry)
 *     .observer(hooks.callObserver())
 *     .maxArgumentBytes(settings.limits().maxArgumentBytes())
 *     .build();
 * Toolgate gate = Toolgate.builder()…invoker(invoker).build();
 * ToolgateServer server = ToolgateServer.builder(gate, settings).hooks(hooks)…build().start();
 * }</pre>
 *
 * <p>The server closes its hooks when it stops. Thread-safe.
 */
public final class ServerHooks implements AutoCloseable {
  private final Optional<RegistryStore> store;
  private final boolean ownsStore;
  private final Telemetry telemetry;
  private final Optional<AuditLog> audit;
  private volatile boolean observerHandedOut;

  private ServerHooks(
      Optional<RegistryStore> store, boolean ownsStore, Telemetry telemetry, boolean auditArgs) {
    this.store = store;
    this.ownsStore = ownsStore;
    this.telemetry = telemetry;
    this.audit = store.map(s -> new AuditLog(s, auditArgs));
  }

  /**
   * Hooks for {@code settings}: an {@link EmbeddedRegistryStore} in its data directory (owned and
   * closed with the hooks), or none when it has no data directory.
   *
   * @throws io.toolgate.store.StoreException when the store cannot be opened
   */
  public static ServerHooks open(ServerSettings settings) {
    Optional<RegistryStore> store =
        settings.dataDir().map(dir -> (RegistryStore) EmbeddedRegistryStore.open(dir));
    return new ServerHooks(store, true, Telemetry.create(), settings.auditArguments());
  }

  /** Hooks over a store the caller owns (e.g. a shared PostgreSQL store); not closed here. */
  public static ServerHooks withStore(RegistryStore store, ServerSettings settings) {
    return new ServerHooks(
        Optional.of(Objects.requireNonNull(store, "store")),
        false,
        Telemetry.create(),
        settings.auditArguments());
  }

  /** Hooks without persistence: registrations last until the process ends, no audit log. */
  public static ServerHooks inMemory() {
    return new ServerHooks(Optional.empty(), false, Telemetry.create(), false);
  }

  /** The observer to install in the invocation pipeline: metrics and audit for every call. */
  public CallObserver callObserver() {
    observerHandedOut = true;
    return observers();
  }

  /** The same observer, without counting as installed: the server's own fallback. */
  CallObserver observers() {
    List<CallObserver> all = new ArrayList<>();
    all.add(telemetry.callObserver());
    audit.ifPresent(a -> all.add(a.callObserver()));
    return CallObserver.all(all);
  }

  /** Whether {@link #callObserver()} was handed out (and so, presumably, installed). */
  public boolean callObserverInstalled() {
    return observerHandedOut;
  }

  /** The durable store, when there is one. */
  public Optional<RegistryStore> store() {
    return store;
  }

  /** The metrics. */
  public Telemetry telemetry() {
    return telemetry;
  }

  /** The audit log, when there is a store to write it to. */
  public Optional<AuditLog> audit() {
    return audit;
  }

  @Override
  public void close() {
    telemetry.close();
    if (ownsStore) {
      store.ifPresent(RegistryStore::close);
    }
  }
}
