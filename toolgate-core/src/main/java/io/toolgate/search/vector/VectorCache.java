package io.toolgate.search.vector;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tool vectors on disk, one file per embedding model, keyed by tool checksum, so that a restart
 * embeds only new or changed tools.
 *
 * <p>The file {@code vectors-<model>.bin} holds a header (magic {@code TGVC}, format version, model
 * id, dimension, document style) and then one record per tool: the 16-hex-digit checksum as 8 bytes
 * and the vector as {@code dimension} big-endian floats (1,544 bytes a tool at 384 dimensions). A
 * file whose header does not match the embedder (another model, dimension or document style) is
 * ignored and later overwritten. {@link #save} writes a temporary file and moves it over the old
 * one atomically, so a crash leaves the old or the new file, never half of one.
 *
 * <p>Not thread-safe; the embedding worker of one model owns its cache.
 */
public final class VectorCache implements ToolVectorCache {
  private static final Logger LOG = LoggerFactory.getLogger(VectorCache.class);
  private static final int MAGIC = 0x54475643; // "TGVC"
  private static final int FORMAT = 1;

  private final Path file;
  private final String modelId;
  private final int dimension;
  private final String documentStyle;

  /**
   * A cache in {@code directory} for vectors of {@code modelId}.
   *
   * @param documentStyle what text was embedded; part of the header so a change invalidates
   */
  public VectorCache(Path directory, String modelId, int dimension, String documentStyle) {
    this.file = directory.resolve("vectors-" + modelId.replaceAll("[^A-Za-z0-9_.-]", "_") + ".bin");
    this.modelId = modelId;
    this.dimension = dimension;
    this.documentStyle = documentStyle;
  }

  /** The cache file. */
  public Path file() {
    return file;
  }

  @Override
  public String describe() {
    return file.toString();
  }

  /**
   * Reads every cached vector by checksum; empty when the file is missing, unreadable or for
   * another model.
   */
  @Override
  public Map<Long, float[]> load() {
    if (!Files.isRegularFile(file)) {
      return new HashMap<>();
    }
    try (InputStream raw = Files.newInputStream(file);
        DataInputStream in = new DataInputStream(new BufferedInputStream(raw, 1 << 16))) {
      if (in.readInt() != MAGIC
          || in.readInt() != FORMAT
          || !in.readUTF().equals(modelId)
          || in.readInt() != dimension
          || !in.readUTF().equals(documentStyle)) {
        LOG.info("ignoring vector cache {}: written for another model or format", file);
        return new HashMap<>();
      }
      int count = in.readInt();
      Map<Long, float[]> vectors = HashMap.newHashMap(count);
      for (int i = 0; i < count; i++) {
        long key = in.readLong();
        float[] vector = new float[dimension];
        for (int d = 0; d < dimension; d++) {
          vector[d] = in.readFloat();
        }
        vectors.put(key, vector);
      }
      return vectors;
    } catch (EOFException e) {
      LOG.warn("ignoring truncated vector cache {}", file);
      return new HashMap<>();
    } catch (IOException e) {
      LOG.warn("cannot read vector cache {}: {}", file, e.toString());
      return new HashMap<>();
    }
  }

  /**
   * Replaces the file with {@code vectors} (temporary file, then an atomic move).
   *
   * @throws IOException when the directory is not writable; the old file stays
   */
  @Override
  public void save(Map<Long, float[]> vectors) throws IOException {
    Files.createDirectories(file.getParent());
    Path temp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
    try {
      try (OutputStream raw = Files.newOutputStream(temp);
          DataOutputStream out = new DataOutputStream(new BufferedOutputStream(raw, 1 << 16))) {
        out.writeInt(MAGIC);
        out.writeInt(FORMAT);
        out.writeUTF(modelId);
        out.writeInt(dimension);
        out.writeUTF(documentStyle);
        out.writeInt(vectors.size());
        for (Map.Entry<Long, float[]> e : vectors.entrySet()) {
          out.writeLong(e.getKey());
          for (float f : e.getValue()) {
            out.writeFloat(f);
          }
        }
      }
      try {
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /** The cache key of a tool checksum (16 hex digits). */
  public static long key(String checksum) {
    return Long.parseUnsignedLong(checksum, 16);
  }
}
