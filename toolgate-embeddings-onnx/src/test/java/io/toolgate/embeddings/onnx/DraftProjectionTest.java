package io.toolgate.embeddings.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.search.spi.EmbeddingException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DraftProjectionTest {
  @TempDir Path dir;

  @Test
  void theIdentityLeavesANormalizedVectorAsItIs() {
    float[] v = Pooling.normalize(new float[] {3, 4, 0});

    assertThat(DraftProjection.identity(2, 3).apply(v)).containsExactly(v);
  }

  @Test
  void aProjectionMapsThenAddsTheBiasThenNormalizes() {
    // rows: x0 -> (0, 1), x1 -> (1, 0); bias (1, 0)
    DraftProjection swap = new DraftProjection(1, 2, new float[] {0, 1, 1, 0, 1, 0});

    assertThat(swap.apply(new float[] {1, 0})).containsExactly(0.70710677f, 0.70710677f);
  }

  @Test
  void aWrittenProjectionReadsBackTheSame() throws Exception {
    DraftProjection written = new DraftProjection(3, 2, new float[] {1, 2, 3, 4, 5, 6});
    Path file = dir.resolve("drafts/m.draft");

    written.write(file);
    DraftProjection read = DraftProjection.read(Files.readAllBytes(file), file.toString());

    assertThat(read.layers()).isEqualTo(3);
    assertThat(read.checksum()).isEqualTo(written.checksum());
    assertThat(read.apply(new float[] {1, 1})).containsExactly(written.apply(new float[] {1, 1}));
  }

  @Test
  void theChecksumFollowsTheWeights() {
    assertThat(new DraftProjection(3, 2, new float[] {1, 2, 3, 4, 5, 6}).checksum())
        .isNotEqualTo(new DraftProjection(3, 2, new float[] {1, 2, 3, 4, 5, 7}).checksum());
  }

  @Test
  void aFileOfAnotherKindIsAnError() {
    assertThatThrownBy(() -> DraftProjection.read(new byte[] {1, 2, 3, 4, 5}, "x.draft"))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("x.draft is not a query draft projection");
  }

  @Test
  void weightsOfTheWrongCountAreRefused() {
    assertThatThrownBy(() -> new DraftProjection(3, 2, new float[5]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("needs 6 weights, got 5");
  }
}
