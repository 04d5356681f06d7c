/**
 * Durable state: the {@link io.toolgate.store.RegistryStore} SPI and its embedded implementation.
 *
 * <ul>
 *   <li>{@link io.toolgate.store.RegistryStore} — what must outlive a process: tools registered at
 *       run time, keyed state (tool-vector cache, sandbox build state — see {@code
 *       SandboxStateStore.inRegistryStore} —, API keys) and the audit log.
 *   <li>{@link io.toolgate.store.EmbeddedRegistryStore} — the default, in the data directory: an
 *       append-only journal of CRC-framed records plus atomic snapshots; crash-safe. Its
 *       package-private parts: {@code StoreState}, {@code Journal}, {@code SnapshotFile}, {@code
 *       Records} and {@code FrameReader} (the frame format), {@code Recovery}, {@code StoreDamage},
 *       {@code DirectoryLock}, {@code StoreFiles}.
 *   <li>{@link io.toolgate.store.StoreOp} — one change; a list of them commits atomically.
 *   <li>{@link io.toolgate.store.Registrations} — the typed view of registered tools.
 * </ul>
 *
 * <p>The SPI is a small namespaced key-value model on purpose: the PostgreSQL implementation
 * ({@code toolgate-store-postgres}) is one table {@code (namespace, key, value, seq)}, an audit
 * table, and {@code LISTEN/NOTIFY} feeding {@link io.toolgate.store.StoreListener}s, so N gateway
 * replicas share one catalog; {@link io.toolgate.store.StoreStatus} says how current a replica is
 * and {@link io.toolgate.store.SharedCounters} back fleet-wide rate limits. Every implementation
 * runs the shared {@code RegistryStoreContract} tests (core's test-jar).
 */
package io.toolgate.store;
