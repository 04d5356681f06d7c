package io.toolgate.server.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.toolgate.Toolgate;
import io.toolgate.invoke.CallEvent;
import io.toolgate.invoke.CallObserver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The server's metrics, in Prometheus form at {@code /metrics}.
 *
 * <pre>{@code
 * Telemetry telemetry = Telemetry.create();
 * ToolInvoker invoker = ToolInvoker.builder(registry)
 *     .observer(CallObserver.all(List.of(telemetry.callObserver(), auditLog)))
 *     .build();
 * ToolgateServer.builder(toolgate, settings).telemetry(telemetry)…
 * }</pre>
 *
 * <table>
 *   <caption>Metrics</caption>
 *   <tr><th>name</th><th>labels</th><th>what</th></tr>
 *   <tr><td>{@code toolgate_http_requests_seconds}</td><td>method, route, status</td>
 *       <td>every HTTP request, by route template (never the raw path)</td></tr>
 *   <tr><td>{@code toolgate_search_seconds}</td><td>mode</td>
 *       <td>searches served over REST ({@code hybrid_rrf}, {@code lexical_rrf}, …)</td></tr>
 *   <tr><td>{@code toolgate_tool_calls_seconds}</td><td>tool, outcome</td>
 *       <td>every call, from any surface; outcome is {@code ok} or the error code</td></tr>
 *   <tr><td>{@code toolgate_tool_errors_total}</td><td>tool, code</td><td>failed calls</td></tr>
 *   <tr><td>{@code toolgate_tools}, {@code toolgate_vectors_ready}</td><td></td>
 *       <td>catalog size; 1 once tool vectors are ready</td></tr>
 *   <tr><td>{@code toolgate_rate_limited_total}</td><td>key</td><td>requests refused with 429</td></tr>
 * </table>
 *
 * <p>Trace ids ({@code flow_id}, {@code step_id}) are unbounded, so they go to logs and the audit
 * log, never into labels. Latency histograms use fixed buckets from 0.5 ms to 10 s. JVM, GC and
 * process metrics are included. Thread-safe.
 */
public final class Telemetry implements AutoCloseable {
  private static final Duration[] BUCKETS = {
    Duration.ofMillis(1).dividedBy(2),
    Duration.ofMillis(1),
    Duration.ofMillis(2),
    Duration.ofMillis(5),
    Duration.ofMillis(10),
    Duration.ofMillis(20),
    Duration.ofMillis(50),
    Duration.ofMillis(100),
    Duration.ofMillis(250),
    Duration.ofMillis(500),
    Duration.ofSeconds(1),
    Duration.ofMillis(2500),
    Duration.ofSeconds(5),
    Duration.ofSeconds(10)
  };

  private final PrometheusMeterRegistry registry;
  private final JvmGcMetrics gc;
  private final AtomicBoolean observerHandedOut = new AtomicBoolean();
  private final CallObserver callObserver = this::recordCall;
  // Micrometer's builders sort tags and look up the meter on every use; requests and calls are
  // hot, so their meters are remembered by a plain string key.
  private final Map<String, Timer> requestTimers = new ConcurrentHashMap<>();
  private final Map<String, Timer> searchTimers = new ConcurrentHashMap<>();
  private final Map<String, Timer> callTimers = new ConcurrentHashMap<>();

  private Telemetry() {
    this.registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    new ClassLoaderMetrics().bindTo(registry);
    new JvmMemoryMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    this.gc = new JvmGcMetrics();
    gc.bindTo(registry);
  }

  /** A fresh set of metrics. */
  public static Telemetry create() {
    return new Telemetry();
  }

  /**
   * The hook to install in the invocation pipeline ({@code ToolInvoker.Builder.observer}), so that
   * calls from every surface (REST, MCP, chat proxy) are counted.
   */
  public CallObserver callObserver() {
    observerHandedOut.set(true);
    return callObserver;
  }

  /** Whether {@link #callObserver()} was ever asked for, i.e. presumably installed. */
  public boolean callObserverInstalled() {
    return observerHandedOut.get();
  }

  /** Adds gauges for the catalog size and vector readiness of {@code toolgate}. */
  public void watch(Toolgate toolgate) {
    Objects.requireNonNull(toolgate, "toolgate");
    Gauge.builder("toolgate.tools", toolgate, t -> t.registry().size())
        .description("Tools in the catalog")
        .register(registry);
    Gauge.builder("toolgate.vectors.ready", toolgate, t -> t.capabilities().vectorsReady() ? 1 : 0)
        .description("1 when every tool has its vector (hybrid search in effect)")
        .register(registry);
  }

  /** Records one HTTP request. */
  public void recordRequest(String method, String route, int status, long nanos) {
    requestTimers
        .computeIfAbsent(
            method + ' ' + status + ' ' + route,
            k ->
                Timer.builder("toolgate.http.requests")
                    .description("HTTP requests by route template")
                    .tags(
                        Tags.of(
                            "method", method, "route", route, "status", Integer.toString(status)))
                    .serviceLevelObjectives(BUCKETS)
                    .register(registry))
        .record(nanos, TimeUnit.NANOSECONDS);
  }

  /** Records one search served by the server. */
  public void recordSearch(String mode, long nanos) {
    searchTimers
        .computeIfAbsent(
            mode,
            k ->
                Timer.builder("toolgate.search")
                    .description("Tool searches by search mode")
                    .tags("mode", mode)
                    .serviceLevelObjectives(BUCKETS)
                    .register(registry))
        .record(nanos, TimeUnit.NANOSECONDS);
  }

  /** Counts a request refused by a rate limit. */
  public void recordRateLimited(String key) {
    Counter.builder("toolgate.rate.limited")
        .description("Requests refused with 429")
        .tags("key", key)
        .register(registry)
        .increment();
  }

  private void recordCall(CallEvent event) {
    // Names of unknown tools come from callers: one label value for all keeps the series bounded.
    String tool =
        event.error().filter(c -> c == io.toolgate.ErrorCode.UNKNOWN_TOOL).isPresent()
            ? "(unknown)"
            : event.toolId();
    String outcome = event.outcome();
    callTimers
        .computeIfAbsent(
            tool + ' ' + outcome,
            k ->
                Timer.builder("toolgate.tool.calls")
                    .description("Tool calls from every surface, by tool and outcome")
                    .tags("tool", tool, "outcome", outcome)
                    .serviceLevelObjectives(BUCKETS)
                    .register(registry))
        .record((long) (event.latencyMs() * 1_000_000), TimeUnit.NANOSECONDS);
    event
        .error()
        .ifPresent(
            code ->
                Counter.builder("toolgate.tool.errors")
                    .description("Failed tool calls by error code")
                    .tags("tool", tool, "code", code.wire())
                    .register(registry)
                    .increment());
  }

  /** The Prometheus text exposition of every metric. */
  public String scrape() {
    return registry.scrape();
  }

  /** The underlying registry, to add application metrics. */
  public PrometheusMeterRegistry meterRegistry() {
    return registry;
  }

  /** Observers to combine with this one's: a convenience for composition roots. */
  public CallObserver callObserverWith(List<CallObserver> others) {
    return CallObserver.all(
        java.util.stream.Stream.concat(java.util.stream.Stream.of(callObserver()), others.stream())
            .toList());
  }

  @Override
  public void close() {
    gc.close();
    registry.close();
  }
}
