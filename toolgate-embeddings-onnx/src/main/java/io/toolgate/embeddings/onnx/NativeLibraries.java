package io.toolgate.embeddings.onnx;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts ONNX Runtime's native libraries in a folder of the data directory, once, and points ONNX
 * Runtime at it, so that loading a local model leaves nothing behind in the temp folder.
 *
 * <pre>{@code
 * NativeLibraries.useDataDirectory(Path.of("/home/me/.toolgate"));  // before the first model
 * OnnxEmbedder embedder = OnnxEmbedder.load(LocalModel.ALL_MINILM_L6_V2);
 * // libraries in /home/me/.toolgate/native/onnxruntime-1.20.0-linux-x64/
 * }</pre>
 *
 * <p>Left to itself, ONNX Runtime's Java loader copies {@code libonnxruntime} and its JNI library
 * into a fresh {@code onnxruntime-java*} folder of {@code java.io.tmpdir} at every start, and its
 * clean-up on exit deletes the files but not the folder (the folder is registered for deletion
 * last, so it is tried first, while still full): every run left one empty folder. When the system
 * property {@value #PROPERTY} names a folder, the loader loads both libraries from there and its
 * temp folder stays empty, which the same clean-up then removes. The folder's name holds the ONNX
 * Runtime version and platform, so an upgrade extracts anew; files are written under a temporary
 * name and moved into place atomically, so processes starting together never load half a file.
 *
 * <p>Thread-safe. It must run before ONNX Runtime loads (the first {@link OnnxEmbedder}), and it
 * loads it; once ONNX Runtime is loaded it changes nothing.
 */
public final class NativeLibraries {
  /** The system property ONNX Runtime (1.20 and later) reads the libraries' folder from. */
  public static final String PROPERTY = "onnxruntime.native.path";

  private static final Logger LOG = LoggerFactory.getLogger(NativeLibraries.class);
  private static final String RESOURCES = "/ai/onnxruntime/native/";
  private static final List<String> LIBRARIES = List.of("onnxruntime", "onnxruntime4j_jni");

  private static Optional<Path> loadedFrom;

  private NativeLibraries() {}

  /**
   * Extracts the libraries for this platform into {@code
   * <dataDirectory>/native/onnxruntime-<version>-<platform>/} unless they are there already, and
   * sets {@value #PROPERTY} to that folder.
   *
   * @return the folder ONNX Runtime will load from; empty when {@value #PROPERTY} was already set
   *     by someone else, the ONNX Runtime jar has no libraries for this platform, or the folder
   *     cannot be written (then ONNX Runtime extracts to the temp folder as before, with a warning)
   */
  public static synchronized Optional<Path> useDataDirectory(Path dataDirectory) {
    if (loadedFrom != null) {
      return loadedFrom;
    }
    if (System.getProperty(PROPERTY) != null) {
      loadedFrom = Optional.empty();
      return loadedFrom;
    }
    Optional<Path> folder = extractAll(dataDirectory);
    folder.ifPresent(NativeLibraries::loadFrom);
    loadedFrom = folder;
    return folder;
  }

  /** The libraries' folder under {@code dataDirectory}, filled; empty when that is not possible. */
  static Optional<Path> extractAll(Path dataDirectory) {
    Optional<String> platform = platform();
    if (platform.isEmpty()) {
      return Optional.empty();
    }
    Path folder =
        dataDirectory
            .resolve("native")
            .resolve("onnxruntime-" + version() + "-" + platform.get())
            .toAbsolutePath();
    try {
      for (String library : LIBRARIES) {
        String file = System.mapLibraryName(library);
        if (!extract(RESOURCES + platform.get() + "/" + file, folder.resolve(file))) {
          return Optional.empty();
        }
      }
      return Optional.of(folder);
    } catch (IOException e) {
      LOG.warn(
          "cannot put ONNX Runtime's native libraries in {} ({}); it extracts them to the temp"
              + " folder instead",
          folder,
          e.toString());
      return Optional.empty();
    }
  }

  /**
   * Loads ONNX Runtime from {@code folder} now, then clears the property again: the runtime loads
   * once per process, so the property matters only here, and no later code (or test) inherits a
   * folder that may be gone by then.
   */
  private static void loadFrom(Path folder) {
    System.setProperty(PROPERTY, folder.toString());
    try {
      Sessions.environment();
    } catch (RuntimeException | LinkageError e) {
      if (!ExitGate.JVM.exiting()) { // else the JVM is exiting, and the model's load says so
        LOG.warn("ONNX Runtime did not load from {}: {}", folder, e.toString());
      }
    } finally {
      System.clearProperty(PROPERTY);
    }
  }

  /** Copies {@code resource} to {@code target} unless it is there; false when there is none. */
  private static boolean extract(String resource, Path target) throws IOException {
    if (Files.isRegularFile(target) && Files.size(target) > 0) {
      return true;
    }
    try (InputStream in = NativeLibraries.class.getResourceAsStream(resource)) {
      if (in == null) {
        return false;
      }
      Files.createDirectories(target.getParent());
      Path partial =
          Files.createTempFile(target.getParent(), target.getFileName().toString(), ".partial");
      try {
        Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
        Files.move(
            partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } finally {
        Files.deleteIfExists(partial);
      }
      return true;
    }
  }

  /** The ONNX Runtime version from its jar's manifest (reading it does not load the runtime). */
  static String version() {
    Package p = ai.onnxruntime.OrtEnvironment.class.getPackage();
    String v = p == null ? null : p.getImplementationVersion();
    return v == null || v.isBlank() ? "unknown" : v.strip();
  }

  /** The platform folder ONNX Runtime's jar uses: {@code linux-x64}, {@code osx-aarch64}, … */
  static Optional<String> platform() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    String osPart =
        os.contains("mac") || os.contains("darwin")
            ? "osx"
            : os.startsWith("win") ? "win" : os.contains("linux") ? "linux" : null;
    String archPart =
        switch (arch) {
          case "amd64", "x86_64" -> "x64";
          case "aarch64", "arm64" -> "aarch64";
          default -> null;
        };
    return osPart == null || archPart == null
        ? Optional.empty()
        : Optional.of(osPart + "-" + archPart);
  }
}
