/**
 * The {@link io.toolgate.store.RegistryStore} on PostgreSQL, for N gateway replicas sharing one
 * catalog (fleet mode, {@code store.url} in {@code toolgate.yaml}).
 *
 * <ul>
 *   <li>{@link io.toolgate.store.postgres.PostgresRegistryStore} — the store: commits numbered by
 *       one change sequence, reads, {@code follow}, {@code status}, shared counters.
 *   <li>{@link io.toolgate.store.postgres.PostgresStoreConfig} — the {@code store:} section (URL,
 *       user, {@code password_env}, pool size, schema, connect timeout).
 *   <li>{@code ChangeFollower} — {@code LISTEN/NOTIFY} plus a catch-up query: follows other
 *       replicas' commits and replays what it missed after a reconnect.
 *   <li>{@code SchemaMigrations} — versioned DDL applied at open under an advisory lock.
 *   <li>{@code PostgresAudit}, {@code PostgresCounters} — the audit table (written in the
 *       background) and fleet-wide rate-limit windows.
 * </ul>
 *
 * <p>It runs core's {@code RegistryStoreContract}, like the embedded store. See {@code
 * docs/fleet.md}.
 */
package io.toolgate.store.postgres;
