package io.toolgate.invoke;

import java.util.List;

/**
 * Hears about every call a {@link ToolInvoker} finishes, successful or not: the hook for audit logs
 * and metrics.
 *
 * <pre>{@code
 * CallObserver metrics = e -> histogram(e.toolId(), e.outcome()).record(e.latencyMs());
 * ToolInvoker invoker = ToolInvoker.builder(registry).observer(metrics).build();
 * }</pre>
 *
 * <p>Called on the caller's thread after the result is known and before it is returned; keep it
 * fast. An exception it throws is logged and does not change the result. Must be thread-safe.
 */
@FunctionalInterface
public interface CallObserver {
  /** Observes nothing. */
  CallObserver NONE = event -> {};

  void onCall(CallEvent event);

  /** An observer that tells each of {@code observers}, in order. */
  static CallObserver all(List<CallObserver> observers) {
    List<CallObserver> copy = List.copyOf(observers);
    return event -> copy.forEach(o -> o.onCall(event));
  }
}
