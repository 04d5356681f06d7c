/**
 * Observability: Prometheus metrics ({@link io.toolgate.server.metrics.Telemetry}) and the audit
 * log of every call ({@link io.toolgate.server.metrics.AuditLog}), both fed by the invocation
 * pipeline's {@link io.toolgate.invoke.CallObserver} hook.
 */
package io.toolgate.server.metrics;
