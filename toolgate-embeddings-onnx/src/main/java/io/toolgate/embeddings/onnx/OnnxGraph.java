package io.toolgate.embeddings.onnx;

import io.toolgate.search.spi.EmbeddingException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Cuts an exported BERT-style model (an ONNX {@code ModelProto}) after its first encoder layers:
 * the graph that remains ends at layer {@code n}'s output, which becomes the graph's only output,
 * in place of {@code last_hidden_state}, and keeps only the nodes and weights that output needs.
 *
 * <pre>{@code
 * byte[] firstThree = OnnxGraph.firstLayers(Resources.readAll("all-minilm-l6-v2-q.onnx"), 3);
 * }</pre>
 *
 * <p>It edits the protobuf wire format directly (ONNX Runtime's Java API cannot), reading only the
 * fields it needs: a {@code GraphProto}'s nodes (1), initializers (5), outputs (12) and value infos
 * (13), a {@code NodeProto}'s inputs (1) and outputs (2), a {@code TensorProto}'s name (8), a
 * {@code ValueInfoProto}'s name (1); every other field is copied as it is. Layer outputs are found
 * by the names Hugging Face's exporter gives them ({@code /encoder/layer.2/output/LayerNorm/...}).
 * Stateless.
 */
final class OnnxGraph {
  private static final int MODEL_GRAPH = 7;
  private static final int GRAPH_NODE = 1;
  private static final int GRAPH_INITIALIZER = 5;
  private static final int GRAPH_OUTPUT = 12;
  private static final int GRAPH_VALUE_INFO = 13;
  private static final int NODE_INPUT = 1;
  private static final int NODE_OUTPUT = 2;
  private static final int TENSOR_NAME = 8;
  private static final int VALUE_INFO_NAME = 1;

  private OnnxGraph() {}

  /** The tensor that holds encoder layer {@code layer}'s output (counted from 1). */
  static String layerOutput(int layer) {
    return "/encoder/layer." + (layer - 1) + "/output/LayerNorm/Add_1_output_0";
  }

  /**
   * {@code model} with only its first {@code layers} encoder layers: same inputs, one output (that
   * layer's hidden states, {@code [batch, tokens, dimension]}).
   *
   * @throws EmbeddingException when the model has no such layer output, or is not a model
   */
  static byte[] firstLayers(byte[] model, int layers) {
    String target = layerOutput(layers);
    List<Field> modelFields = Field.parse(model, 0, model.length);
    Field graph =
        modelFields.stream()
            .filter(f -> f.number == MODEL_GRAPH)
            .findFirst()
            .orElseThrow(() -> new EmbeddingException("not an ONNX model: it has no graph"));
    List<Field> graphFields = Field.parse(model, graph.start, graph.end);
    Set<Integer> kept = neededNodes(model, graphFields, target);
    Set<String> used = new HashSet<>();
    for (int i : kept) {
      used.addAll(Field.strings(model, graphFields.get(i), NODE_INPUT));
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(model.length);
    boolean outputWritten = false;
    for (int i = 0; i < graphFields.size(); i++) {
      Field f = graphFields.get(i);
      switch (f.number) {
        case GRAPH_NODE -> {
          if (kept.contains(i)) {
            f.writeTo(model, out);
          }
        }
        case GRAPH_INITIALIZER -> {
          if (used.contains(Field.firstString(model, f, TENSOR_NAME))) {
            f.writeTo(model, out);
          }
        }
        case GRAPH_VALUE_INFO -> {} // shape hints of tensors, some of them gone: ONNX Runtime
        // infers
        case GRAPH_OUTPUT -> {
          if (!outputWritten) {
            Field.writeBytes(out, GRAPH_OUTPUT, renamed(model, f, target));
            outputWritten = true;
          }
        }
        default -> f.writeTo(model, out);
      }
    }
    ByteArrayOutputStream result = new ByteArrayOutputStream(model.length);
    for (Field f : modelFields) {
      if (f.number == MODEL_GRAPH) {
        Field.writeBytes(result, MODEL_GRAPH, out.toByteArray());
      } else {
        f.writeTo(model, result);
      }
    }
    return result.toByteArray();
  }

  /** The indices (in {@code graphFields}) of the nodes that {@code target} depends on. */
  private static Set<Integer> neededNodes(byte[] model, List<Field> graphFields, String target) {
    Map<String, Integer> producer = new HashMap<>();
    for (int i = 0; i < graphFields.size(); i++) {
      Field f = graphFields.get(i);
      if (f.number == GRAPH_NODE) {
        for (String output : Field.strings(model, f, NODE_OUTPUT)) {
          producer.put(output, i);
        }
      }
    }
    if (!producer.containsKey(target)) {
      throw new EmbeddingException(
          "cannot cut the model: no tensor named '"
              + target
              + "' (the model has fewer layers, or was not exported from Hugging Face's BERT)");
    }
    Set<Integer> kept = new HashSet<>();
    Deque<String> pending = new ArrayDeque<>(List.of(target));
    Set<String> seen = new HashSet<>();
    while (!pending.isEmpty()) {
      String tensor = pending.pop();
      Integer node = producer.get(tensor);
      if (seen.add(tensor) && node != null && kept.add(node)) {
        pending.addAll(Field.strings(model, graphFields.get(node), NODE_INPUT));
      }
    }
    return kept;
  }

  /** The output's {@code ValueInfoProto} with {@code name} instead of its own; type kept. */
  private static byte[] renamed(byte[] model, Field output, String name) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Field.writeBytes(out, VALUE_INFO_NAME, name.getBytes(StandardCharsets.UTF_8));
    for (Field f : Field.parse(model, output.start, output.end)) {
      if (f.number != VALUE_INFO_NAME) {
        f.writeTo(model, out);
      }
    }
    return out.toByteArray();
  }

  /**
   * One protobuf field of a message: its number and wire type, where its whole encoding starts
   * ({@code from}: tag included) and, for length-delimited fields, where its payload starts and
   * ends.
   */
  private record Field(int number, int wireType, int from, int start, int end) {
    private static final int VARINT = 0;
    private static final int FIXED64 = 1;
    private static final int LENGTH_DELIMITED = 2;
    private static final int FIXED32 = 5;

    static List<Field> parse(byte[] b, int from, int to) {
      List<Field> fields = new ArrayList<>();
      int[] at = {from};
      while (at[0] < to) {
        int fieldFrom = at[0];
        long tag = varint(b, at);
        int wireType = (int) (tag & 7);
        int number = (int) (tag >>> 3);
        int start;
        int end;
        switch (wireType) {
          case VARINT -> {
            varint(b, at);
            start = at[0];
            end = at[0];
          }
          case FIXED64 -> {
            start = at[0];
            end = at[0] += 8;
          }
          case LENGTH_DELIMITED -> {
            int length = Math.toIntExact(varint(b, at));
            start = at[0];
            end = at[0] += length;
          }
          case FIXED32 -> {
            start = at[0];
            end = at[0] += 4;
          }
          default ->
              throw new EmbeddingException(
                  "not an ONNX model: wire type " + wireType + " at byte " + fieldFrom);
        }
        if (end > to) {
          throw new EmbeddingException("not an ONNX model: a field overruns at byte " + fieldFrom);
        }
        fields.add(new Field(number, wireType, fieldFrom, start, end));
      }
      return fields;
    }

    /** The strings of field {@code number} of the message {@code message} holds. */
    static List<String> strings(byte[] b, Field message, int number) {
      List<String> out = new ArrayList<>();
      for (Field f : parse(b, message.start, message.end)) {
        if (f.number == number && f.wireType == LENGTH_DELIMITED) {
          out.add(new String(b, f.start, f.end - f.start, StandardCharsets.UTF_8));
        }
      }
      return out;
    }

    static String firstString(byte[] b, Field message, int number) {
      List<String> all = strings(b, message, number);
      return all.isEmpty() ? "" : all.getFirst();
    }

    void writeTo(byte[] b, ByteArrayOutputStream out) {
      out.write(b, from, end - from);
    }

    static void writeBytes(ByteArrayOutputStream out, int number, byte[] payload) {
      writeVarint(out, ((long) number << 3) | LENGTH_DELIMITED);
      writeVarint(out, payload.length);
      out.write(payload, 0, payload.length);
    }

    private static long varint(byte[] b, int[] at) {
      long value = 0;
      for (int shift = 0; shift < 64; shift += 7) {
        byte next = b[at[0]++];
        value |= (long) (next & 0x7f) << shift;
        if (next >= 0) {
          return value;
        }
      }
      throw new EmbeddingException("not an ONNX model: a varint runs over 10 bytes");
    }

    private static void writeVarint(ByteArrayOutputStream out, long value) {
      while ((value & ~0x7fL) != 0) {
        out.write((int) ((value & 0x7f) | 0x80));
        value >>>= 7;
      }
      out.write((int) value);
    }
  }
}
