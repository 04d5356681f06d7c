package io.toolgate.search;

import java.util.List;
import java.util.Optional;

/**
 * What a search backend can do right now, for the capabilities endpoint and resource.
 *
 * @param backends active backends: {@code keyword} always, {@code vector} when an embedder is
 *     loaded
 * @param embeddingModel the embedder's model id, when one is configured
 * @param vectorsReady whether every tool has its vector (hybrid search is in effect)
 * @param indexedTools how many tools the index holds
 * @param fusion the fusion method, e.g. {@code rrf}
 */
public record SearchCapabilities(
    List<String> backends,
    Optional<String> embeddingModel,
    boolean vectorsReady,
    int indexedTools,
    String fusion) {
  public SearchCapabilities {
    backends = List.copyOf(backends);
  }
}
