package io.toolgate.search.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.search.DraftingEmbedder;
import io.toolgate.search.FakeEmbedder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QueryVectorCacheTest {
  private static final List<String> QUERIES = List.of("weather in Lisbon", "send an email");

  @TempDir Path dir;

  @Test
  void forwardsWhetherAndUnderWhichIdTheEmbedderDrafts() {
    DraftingEmbedder drafting = new DraftingEmbedder();
    QueryVectorCache cache = new QueryVectorCache(drafting, dir);

    assertThat(cache.draftsQueries()).isTrue();
    assertThat(cache.draftModelId()).isEqualTo(drafting.draftModelId());
    assertThat(new QueryVectorCache(new FakeEmbedder(), dir).draftsQueries()).isFalse();
  }

  @Test
  void draftsAreKeptOnDiskUnderTheDraftModelsIdAndReadBackByTheNextRun() {
    DraftingEmbedder drafting = new DraftingEmbedder();
    QueryVectorCache first = new QueryVectorCache(drafting, dir);
    float[][] drafts = first.draftQueries(QUERIES);
    first.flush();

    assertThat(dir.resolve("drafts-" + drafting.draftModelId() + ".bin")).isRegularFile();
    drafting.resetCounts();
    QueryVectorCache second = new QueryVectorCache(drafting, dir);
    assertThat(second.draftQueries(QUERIES)).isDeepEqualTo(drafts);
    assertThat(drafting.draftCalls()).isZero();
  }

  @Test
  void draftsAndExactVectorsOfOneQueryAreKeptApart() {
    DraftingEmbedder drafting = new DraftingEmbedder();
    QueryVectorCache first = new QueryVectorCache(drafting, dir);
    float[][] drafts = first.draftQueries(QUERIES);
    first.flush();

    QueryVectorCache second = new QueryVectorCache(drafting, dir);
    float[][] exact = second.embedQueries(QUERIES);

    assertThat(drafting.exact.queryCalls()).isEqualTo(1);
    assertThat(exact[0]).isNotEqualTo(drafts[0]);
    assertThat(exact).isDeepEqualTo(drafting.exact.embedQueries(QUERIES));
  }

  @Test
  void anEmbedderThatDoesNotDraftGetsItsCachedExactVectorsAndNoDraftFile() {
    FakeEmbedder exact = new FakeEmbedder();
    QueryVectorCache cache = new QueryVectorCache(exact, dir);

    float[][] embedded = cache.embedQueries(QUERIES);
    assertThat(cache.draftQueries(QUERIES)).isDeepEqualTo(embedded);
    cache.flush();

    assertThat(exact.queryCalls()).isEqualTo(1);
    assertThat(dir.resolve("queries-" + exact.queryModelId() + ".bin")).isRegularFile();
    assertThat(dir.toFile().list()).noneMatch(f -> f.startsWith("drafts-"));
  }
}
