package io.toolgate.search.vector;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.testing.ChildJvm;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link EmbeddingWorker#jvmExiting()}, which keeps an embedder's refusal at JVM exit out of the
 * warnings: false while the JVM runs, true in its shutdown hooks (in a child JVM: this one's hooks
 * run after the tests).
 */
class JvmExitingTest {
  @TempDir Path dir;

  @Test
  void aRunningJvmIsNotExiting() {
    assertThat(EmbeddingWorker.jvmExiting()).isFalse();
  }

  @Test
  void aJvmRunningItsShutdownHooksIsExiting() throws Exception {
    ChildJvm child = ChildJvm.start(dir, List.of(), Child.class.getName(), List.of());

    assertThat(child.awaitExit(120)).hasValue(0);
    assertThat(child.output()).contains("running: false").contains("in a shutdown hook: true");
  }

  /** Prints {@code jvmExiting()} while it runs and from a shutdown hook. */
  static final class Child {
    public static void main(String[] args) {
      System.out.println("running: " + EmbeddingWorker.jvmExiting());
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> System.out.println("in a shutdown hook: " + EmbeddingWorker.jvmExiting())));
    }
  }
}
