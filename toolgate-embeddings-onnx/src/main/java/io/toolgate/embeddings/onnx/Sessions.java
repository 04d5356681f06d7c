package io.toolgate.embeddings.onnx;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.toolgate.search.spi.EmbeddingException;

/**
 * Creates the ONNX Runtime sessions of an {@link OnnxEmbedder}, each a native call through the
 * {@linkplain ExitGate#JVM JVM's exit gate}: JVM exit waits for a session being created, and no
 * session starts being created once exit began.
 */
final class Sessions {
  private Sessions() {}

  /**
   * ONNX Runtime's environment, loading the native library the first time, after hooking the JVM's
   * exit: the first model of the process registers the hook, and {@linkplain EnvironmentPin pins}
   * the environment until then.
   *
   * @throws EmbeddingException when the JVM is exiting or ONNX Runtime cannot start
   */
  static OrtEnvironment environment() {
    ExitGate.JVM.hookJvmExit();
    try {
      return ExitGate.JVM.call(
          () -> {
            OrtEnvironment environment = OrtEnvironment.getEnvironment();
            EnvironmentPin.pin();
            return environment;
          });
    } catch (OrtException e) {
      throw new EmbeddingException("cannot start ONNX Runtime: " + e, e);
    }
  }

  /**
   * A session of {@code of}'s {@code weights} with {@code threads} intra-op threads.
   *
   * @param spinWithinRuns whether intra-op threads spin within a run (queries: short runs)
   * @throws EmbeddingException when the model cannot be loaded, or the JVM is exiting
   */
  static OrtSession create(
      OrtEnvironment environment,
      LocalModel of,
      byte[] weights,
      int threads,
      boolean spinWithinRuns) {
    try {
      return ExitGate.JVM.call(() -> create(environment, weights, threads, spinWithinRuns));
    } catch (OrtException e) {
      throw new EmbeddingException(
          "cannot load model " + of.id() + " from '" + of.modelResource() + "': " + e, e);
    }
  }

  private static OrtSession create(
      OrtEnvironment environment, byte[] weights, int threads, boolean spinWithinRuns)
      throws OrtException {
    try (OrtSession.SessionOptions sessionOptions = new OrtSession.SessionOptions()) {
      sessionOptions.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
      sessionOptions.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
      sessionOptions.setIntraOpNumThreads(threads);
      sessionOptions.setInterOpNumThreads(1);
      // ONNX Runtime's intra-op threads spin after each call by default. Two models in one process
      // (the default configuration) then fight over the cores: a query embedded by both took
      // 18 ms at the median instead of the 7 ms their calls take alone (QueryEmbeddingBenchmark).
      // A session of its own for queries may spin within a run (its parallel sections follow each
      // other closely) but stops at the end: 4.6 ms a query instead of 5.5 (all-MiniLM-L6-v2-q,
      // two threads, 24 tokens, AMD EPYC), and no core is held between searches.
      boolean spin = spinWithinRuns && threads > 1;
      sessionOptions.addConfigEntry("session.intra_op.allow_spinning", spin ? "1" : "0");
      if (spin) {
        sessionOptions.addConfigEntry("session.force_spinning_stop", "1");
      }
      return environment.createSession(weights, sessionOptions);
    }
  }
}
