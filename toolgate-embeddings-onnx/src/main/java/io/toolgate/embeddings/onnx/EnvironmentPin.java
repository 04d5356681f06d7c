package io.toolgate.embeddings.onnx;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtLoggingLevel;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A reference of this module's own to ONNX Runtime's native environment, held until the calls in
 * flight at JVM exit have left.
 *
 * <p>ONNX Runtime's Java binding registers a shutdown hook of its own when it creates the
 * environment ({@code OrtEnvironment$OrtEnvCloser}), which releases the native environment (its
 * logger, allocators and thread pools). Shutdown hooks run side by side, so that hook freed the
 * environment while sessions were still being created or run on other threads: SIGSEGV in {@code
 * libonnxruntime}. The native environment is reference-counted ({@code OrtEnv::GetInstance} and
 * {@code Release}); with a second reference, ONNX Runtime's hook only drops its own, and {@link
 * ExitGate}'s hook drops this one once no call is in flight, which frees the environment then.
 *
 * <p>The binding has no public call for a second reference, so this calls its private {@code
 * OrtEnvironment.createHandle} and {@code close} (the binding is on the class path, open to
 * reflection). When a later ONNX Runtime renames them, it logs a warning and holds nothing: calls
 * are still waited for, but ONNX Runtime's hook may free the environment under them.
 */
final class EnvironmentPin {
  private static final Logger LOG = LoggerFactory.getLogger(EnvironmentPin.class);

  private static long apiHandle;
  private static long envHandle;
  private static boolean tried;

  private EnvironmentPin() {}

  /** Takes the reference, once; call it under a permit, after the environment was created. */
  static synchronized void pin() {
    if (tried) {
      return;
    }
    tried = true;
    try {
      Field api = Class.forName("ai.onnxruntime.OnnxRuntime").getDeclaredField("ortApiHandle");
      api.setAccessible(true);
      Method create =
          OrtEnvironment.class.getDeclaredMethod(
              "createHandle", long.class, int.class, String.class);
      create.setAccessible(true);
      long handle = api.getLong(null);
      // An existing environment is returned as it is, with one more reference (level, name unused).
      envHandle =
          (long)
              create.invoke(
                  null,
                  handle,
                  OrtLoggingLevel.ORT_LOGGING_LEVEL_WARNING.getValue(),
                  OrtEnvironment.DEFAULT_NAME);
      apiHandle = handle;
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.warn(
          "cannot hold ONNX Runtime's environment until model calls end at exit ({}); a JVM"
              + " stopped while a model runs may crash",
          e instanceof InvocationTargetException t ? t.getCause() : e.toString());
    }
  }

  /** Drops the reference, once; the exit hook's last step, when no call is in flight. */
  static synchronized void release() {
    if (envHandle == 0) {
      return;
    }
    long handle = envHandle;
    envHandle = 0;
    try {
      Method close = OrtEnvironment.class.getDeclaredMethod("close", long.class, long.class);
      close.setAccessible(true);
      close.invoke(null, apiHandle, handle);
    } catch (ReflectiveOperationException | RuntimeException e) {
      // The process is exiting: the environment goes with it.
      LOG.debug("cannot release ONNX Runtime's environment at exit: {}", e.toString());
    }
  }

  /** Whether the reference is held. */
  static synchronized boolean held() {
    return envHandle != 0;
  }
}
