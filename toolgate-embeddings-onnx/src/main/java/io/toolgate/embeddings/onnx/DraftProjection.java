package io.toolgate.embeddings.onnx;

import io.toolgate.search.spi.EmbeddingException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HexFormat;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * The linear map that takes a model's first {@link #layers()} layers, mean-pooled and normalized,
 * into the vector space of the whole model: how a query draft ({@link OnnxEmbedder#draftQueries})
 * gets close enough to the exact query vector to rank tools with.
 *
 * <p>{@link DraftFit} fits it at build time, by ridge regression over a few thousand short texts
 * (tool names, descriptions' first sentences, parameter descriptions), and writes it as the
 * classpath resource {@code io/toolgate/embeddings/onnx/drafts/<query weights id>.draft}: the magic
 * number {@code TGD1}, the layer count, the dimension {@code d}, then {@code (d + 1) × d} floats
 * (the map's rows, the bias last), big-endian. Immutable.
 */
final class DraftProjection {
  private static final int MAGIC = 0x54474431; // "TGD1"
  private static final String RESOURCE_FOLDER = "io/toolgate/embeddings/onnx/drafts/";

  private final int layers;
  private final int dimension;
  private final float[] weights;
  private final String checksum;

  DraftProjection(int layers, int dimension, float[] weights) {
    if (weights.length != (dimension + 1) * dimension) {
      throw new IllegalArgumentException(
          "a projection of dimension "
              + dimension
              + " needs "
              + (dimension + 1) * dimension
              + " weights, got "
              + weights.length);
    }
    this.layers = layers;
    this.dimension = dimension;
    this.weights = weights.clone();
    CRC32 crc = new CRC32();
    crc.update(bytes());
    this.checksum = HexFormat.of().toHexDigits((int) crc.getValue());
  }

  /** The projection that leaves the first layers' vectors as they are: {@link DraftFit}'s input. */
  static DraftProjection identity(int layers, int dimension) {
    float[] weights = new float[(dimension + 1) * dimension];
    for (int i = 0; i < dimension; i++) {
      weights[i * dimension + i] = 1;
    }
    return new DraftProjection(layers, dimension, weights);
  }

  /** The resource a model's projection is read from. */
  static String resource(LocalModel queryModel) {
    return RESOURCE_FOLDER + queryModel.weightsId() + ".draft";
  }

  /**
   * {@code queryModel}'s projection, or empty when the build did not make one (a build that skipped
   * {@link DraftFit}, or a model without drafts).
   *
   * @throws EmbeddingException when the resource is there but broken
   */
  static Optional<DraftProjection> load(LocalModel queryModel) {
    String resource = resource(queryModel);
    try (InputStream in = DraftProjection.class.getClassLoader().getResourceAsStream(resource)) {
      return in == null ? Optional.empty() : Optional.of(read(in.readAllBytes(), resource));
    } catch (IOException e) {
      throw new EmbeddingException("cannot read " + resource + ": " + e, e);
    }
  }

  static DraftProjection read(byte[] bytes, String source) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      if (in.readInt() != MAGIC) {
        throw new EmbeddingException(source + " is not a query draft projection");
      }
      int layers = in.readInt();
      int dimension = in.readInt();
      float[] weights = new float[(dimension + 1) * dimension];
      for (int i = 0; i < weights.length; i++) {
        weights[i] = in.readFloat();
      }
      return new DraftProjection(layers, dimension, weights);
    } catch (IOException e) {
      throw new EmbeddingException(source + " is cut short: " + e, e);
    }
  }

  /** Writes the projection to {@code file}, atomically. */
  void write(Path file) {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Path temp = Files.createTempFile(file.toAbsolutePath().getParent(), "draft", ".tmp");
      Files.write(temp, bytes());
      Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  private byte[] bytes() {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream(8 + 4 * weights.length);
    try (DataOutputStream out = new DataOutputStream(buffer)) {
      out.writeInt(MAGIC);
      out.writeInt(layers);
      out.writeInt(dimension);
      for (float w : weights) {
        out.writeFloat(w);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return buffer.toByteArray();
  }

  /** How many of the model's layers the draft runs. */
  int layers() {
    return layers;
  }

  /** A short checksum of the weights, part of the drafts' model id. */
  String checksum() {
    return checksum;
  }

  /** The normalized image of {@code pooled} (a draft's pooled, normalized hidden state). */
  float[] apply(float[] pooled) {
    if (pooled.length != dimension) {
      throw new IllegalArgumentException(
          "a vector of dimension " + pooled.length + " for a projection of " + dimension);
    }
    float[] out = new float[dimension];
    System.arraycopy(weights, dimension * dimension, out, 0, dimension); // the bias
    for (int i = 0; i < dimension; i++) {
      float x = pooled[i];
      int row = i * dimension;
      for (int j = 0; j < dimension; j++) {
        out[j] += x * weights[row + j];
      }
    }
    return Pooling.normalize(out);
  }
}
