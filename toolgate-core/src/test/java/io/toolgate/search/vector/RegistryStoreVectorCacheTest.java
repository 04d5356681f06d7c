package io.toolgate.search.vector;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.store.EmbeddedRegistryStore;
import io.toolgate.store.RegistryStore;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tool vectors kept in a registry store, as replicas sharing one keep them. */
class RegistryStoreVectorCacheTest {
  @TempDir Path data;

  @Test
  void vectorsSavedByOneCacheAreLoadedAndFetchedByAnother() throws Exception {
    try (RegistryStore store = EmbeddedRegistryStore.open(data)) {
      ToolVectorCache.Factory caches = ToolVectorCache.inRegistryStore(store);
      ToolVectorCache first = caches.open("m", 3, "PLAIN");
      first.load();
      first.save(Map.of(1L, new float[] {1, 2, 3}, 0xffff_ffff_ffff_ffffL, new float[] {4, 5, 6}));

      ToolVectorCache second = caches.open("m", 3, "PLAIN");
      assertThat(second.load()).containsOnlyKeys(1L, 0xffff_ffff_ffff_ffffL);
      assertThat(second.load().get(1L)).containsExactly(1, 2, 3);
      assertThat(second.fetch(Set.of(1L, 2L))).containsOnlyKeys(1L);
      // another model, dimension or document style is another namespace
      assertThat(caches.open("m", 3, "JSON").load()).isEmpty();
      assertThat(caches.open("other", 3, "PLAIN").load()).isEmpty();
    }
  }

  @Test
  void aSharedCacheWritesOnlyWhatItLacksAndNeverDeletes() throws Exception {
    try (RegistryStore store = EmbeddedRegistryStore.open(data)) {
      ToolVectorCache cache = ToolVectorCache.inRegistryStore(store).open("m", 2, "PLAIN");
      cache.load();
      cache.save(Map.of(1L, new float[] {1, 1}, 2L, new float[] {2, 2}));
      long before = store.status().appliedSeq();

      cache.save(Map.of(1L, new float[] {1, 1})); // 2 dropped from this catalog, nothing new

      assertThat(store.status().appliedSeq()).isEqualTo(before);
      assertThat(store.list("vectors/m/2/PLAIN")).hasSize(2);
    }
  }
}
