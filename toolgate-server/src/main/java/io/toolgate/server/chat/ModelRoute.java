package io.toolgate.server.chat;

import io.toolgate.exposure.Exposure;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * One configured model at run time: its config, upstream, session cache and exposures. Exposures
 * are kept per (embedder available, visible pinned tools) so each warns only once. Thread-safe.
 */
final class ModelRoute {
  final ModelConfig config;
  final Upstream upstream;
  final SessionCache sessions;
  private final Map<ExposureKey, Exposure> exposures = new ConcurrentHashMap<>();

  private record ExposureKey(boolean embedderAvailable, List<String> pinned) {}

  ModelRoute(ModelConfig config, Upstream upstream, LongSupplier nanoTime) {
    this.config = config;
    this.upstream = upstream;
    this.sessions = new SessionCache(config.sessionCache(), nanoTime);
  }

  /** The exposure of this model for a caller who may see {@code pinned} of its pinned tools. */
  Exposure exposure(boolean embedderAvailable, List<String> pinned) {
    return exposures.computeIfAbsent(
        new ExposureKey(embedderAvailable, List.copyOf(pinned)),
        k ->
            Exposure.of(config.tools())
                .withProfile(config.metaTools())
                .withPinned(k.pinned())
                .withEmbedderAvailable(k.embedderAvailable()));
  }
}
