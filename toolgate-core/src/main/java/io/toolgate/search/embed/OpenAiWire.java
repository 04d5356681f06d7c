package io.toolgate.search.embed;

import io.toolgate.search.spi.EmbeddingException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.OptionalInt;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The wire format of OpenAI's {@code POST /embeddings}, mapped in this one place.
 *
 * <p>Request: {@code {"model": "…", "input": ["…", …], "dimensions": 256}} ({@code dimensions} only
 * when set). Response: {@code {"data": [{"index": 0, "embedding": [0.1, …]}, …], …}}; the entries
 * may come in any order and are put back in input order by {@code index}.
 */
final class OpenAiWire {
  private static final JsonMapper JSON = JsonMapper.shared();
  private static final int MAX_ERROR_CHARS = 300;

  private OpenAiWire() {}

  static byte[] request(String model, List<String> inputs, OptionalInt dimensions) {
    ObjectNode body = JSON.createObjectNode();
    body.put("model", model);
    ArrayNode input = body.putArray("input");
    // OpenAI rejects empty strings ("'$.input' is invalid"); a lone space stands in for them.
    inputs.forEach(text -> input.add(text.isEmpty() ? " " : text));
    dimensions.ifPresent(d -> body.put("dimensions", d));
    return JSON.writeValueAsBytes(body);
  }

  /**
   * The L2-normalized vectors of a 2xx response body, in input order.
   *
   * @throws EmbeddingException naming {@code url} when the body is not the expected shape
   */
  static float[][] vectors(byte[] body, int expected, String url) {
    JsonNode data;
    try {
      data = JSON.readTree(body).path("data");
    } catch (JacksonException e) {
      throw malformed(url, "not JSON: " + e.getOriginalMessage());
    }
    if (!data.isArray() || data.size() != expected) {
      throw malformed(
          url, "expected " + expected + " embeddings in 'data', got " + describeSize(data));
    }
    float[][] vectors = new float[expected][];
    for (JsonNode item : data) {
      JsonNode index = item.path("index");
      if (!index.canConvertToInt() || index.asInt() < 0 || index.asInt() >= expected) {
        throw malformed(url, "illegal index " + index + ", must be in [0, " + (expected - 1) + "]");
      }
      int i = index.asInt();
      if (vectors[i] != null) {
        throw malformed(url, "index " + i + " appears twice");
      }
      vectors[i] = normalized(item.path("embedding"), url, i);
    }
    return vectors;
  }

  /**
   * The server's own words from an error body: {@code error.message} (OpenAI), {@code error},
   * {@code message} or {@code detail} (other servers), else the start of the body.
   */
  static String errorMessage(byte[] body) {
    String text = new String(body, StandardCharsets.UTF_8).strip();
    try {
      JsonNode root = JSON.readTree(body);
      for (JsonNode candidate :
          List.of(
              root.path("error").path("message"),
              root.path("error"),
              root.path("message"),
              root.path("detail"))) {
        if (candidate.isString() && !candidate.stringValue().isBlank()) {
          text = candidate.stringValue().strip();
          break;
        }
      }
    } catch (JacksonException notJson) {
      // Plain-text or HTML error pages: keep the raw start of the body.
    }
    text = text.replaceAll("\\s+", " ");
    return text.length() <= MAX_ERROR_CHARS ? text : text.substring(0, MAX_ERROR_CHARS) + "…";
  }

  private static float[] normalized(JsonNode embedding, String url, int index) {
    if (!embedding.isArray() || embedding.isEmpty()) {
      throw malformed(url, "data[index=" + index + "].embedding is not a non-empty number array");
    }
    float[] vector = new float[embedding.size()];
    double sumOfSquares = 0;
    for (int d = 0; d < vector.length; d++) {
      JsonNode value = embedding.get(d);
      if (!value.isNumber()) {
        throw malformed(url, "data[index=" + index + "].embedding[" + d + "] is not a number");
      }
      vector[d] = value.floatValue();
      sumOfSquares += (double) vector[d] * vector[d];
    }
    // Most servers already normalize; dividing again is harmless and guarantees cosine == dot.
    if (sumOfSquares > 0) {
      float scale = (float) (1 / Math.sqrt(sumOfSquares));
      for (int d = 0; d < vector.length; d++) {
        vector[d] *= scale;
      }
    }
    return vector;
  }

  private static String describeSize(JsonNode data) {
    return data.isArray()
        ? String.valueOf(data.size())
        : data.isMissingNode() ? "none" : "a non-array";
  }

  private static EmbeddingException malformed(String url, String problem) {
    return new EmbeddingException("embedding response from " + url + " is malformed: " + problem);
  }
}
