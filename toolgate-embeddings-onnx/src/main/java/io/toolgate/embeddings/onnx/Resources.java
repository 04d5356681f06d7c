package io.toolgate.embeddings.onnx;

import io.toolgate.search.spi.EmbeddingException;
import java.io.IOException;
import java.io.InputStream;

/** Reads the model files that the model artifacts put at the root of the classpath. */
final class Resources {
  private Resources() {}

  static InputStream open(String name) {
    InputStream in = Resources.class.getClassLoader().getResourceAsStream(name);
    if (in == null) {
      throw new EmbeddingException(
          "resource '"
              + name
              + "' is not on the classpath; add the model's artifact (see LocalModel) as a"
              + " dependency");
    }
    return in;
  }

  static byte[] readAll(String name) {
    try (InputStream in = open(name)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new EmbeddingException("cannot read resource '" + name + "': " + e.getMessage(), e);
    }
  }
}
