package io.toolgate.embeddings.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import io.toolgate.search.spi.EmbeddingException;
import java.nio.LongBuffer;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OnnxGraphTest {
  private static final byte[] MINILM_Q =
      Resources.readAll(LocalModel.ALL_MINILM_L6_V2_Q.modelResource());

  @Test
  void theFirstLayersOfAModelRunAndEndInThatLayersHiddenStates() throws Exception {
    byte[] cut = OnnxGraph.firstLayers(MINILM_Q, 3);

    assertThat(cut.length).isLessThan(MINILM_Q.length);
    OrtEnvironment environment = Sessions.environment();
    try (OrtSession session = environment.createSession(cut, new OrtSession.SessionOptions())) {
      assertThat(session.getOutputNames()).containsExactly(OnnxGraph.layerOutput(3));
      long[] ids = {101, 7592, 2088, 102};
      long[] shape = {1, ids.length};
      try (OnnxTensor input = OnnxTensor.createTensor(environment, LongBuffer.wrap(ids), shape);
          OnnxTensor mask =
              OnnxTensor.createTensor(
                  environment, LongBuffer.wrap(new long[] {1, 1, 1, 1}), shape);
          OnnxTensor types =
              OnnxTensor.createTensor(environment, LongBuffer.wrap(new long[4]), shape);
          OrtSession.Result result =
              session.run(
                  Map.of("input_ids", input, "attention_mask", mask, "token_type_ids", types))) {
        assertThat(((TensorInfo) result.get(0).getInfo()).getShape())
            .containsExactly(1, 4, LocalModel.ALL_MINILM_L6_V2_Q.dimension());
      }
    }
  }

  @Test
  void aCutModelKeepsTheInputsAndDropsTheWeightsOfLaterLayers() throws Exception {
    byte[] one = OnnxGraph.firstLayers(MINILM_Q, 1);
    byte[] five = OnnxGraph.firstLayers(MINILM_Q, 5);

    assertThat(one.length).isLessThan(five.length);
    try (OrtSession session =
        Sessions.environment().createSession(one, new OrtSession.SessionOptions())) {
      Map<String, NodeInfo> inputs = session.getInputInfo();
      assertThat(inputs).containsOnlyKeys("input_ids", "attention_mask", "token_type_ids");
    }
  }

  @Test
  void aLayerTheModelDoesNotHaveIsAnErrorNamingTheTensor() {
    assertThatThrownBy(() -> OnnxGraph.firstLayers(MINILM_Q, 7))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("no tensor named '/encoder/layer.6/output/LayerNorm/Add_1_output_0'");
  }

  @Test
  void bytesThatAreNoModelAreAnError() {
    assertThatThrownBy(() -> OnnxGraph.firstLayers(new byte[] {0x3a, 0x7f, 1, 2}, 3))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("not an ONNX model");
  }
}
