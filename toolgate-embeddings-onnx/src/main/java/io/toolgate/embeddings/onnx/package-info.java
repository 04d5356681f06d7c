/**
 * In-process embedding models on ONNX Runtime, for the {@code local:} embedder scheme.
 *
 * <ul>
 *   <li>{@link io.toolgate.embeddings.onnx.LocalModel} — the models: all-MiniLM-L6-v2 (float and
 *       quantized) and bge-small-en-v1.5 (quantized), with the classpath resources they load.
 *   <li>{@link io.toolgate.embeddings.onnx.OnnxEmbedder} — runs a model with true batching: one
 *       ONNX Runtime call per batch of length-sorted texts, batches side by side on the cores.
 *   <li>{@link io.toolgate.embeddings.onnx.LocalEmbedderProvider} — the {@link
 *       io.toolgate.search.spi.EmbedderProvider} for {@code local:all-minilm-l6-v2}, {@code
 *       local:all-minilm-l6-v2-q} and {@code local:bge-small-en-v1.5}, registered with {@link
 *       java.util.ServiceLoader}.
 * </ul>
 *
 * <p>JVM exit: every ONNX Runtime call (creating, running, closing a session) holds a permit of
 * {@code ExitGate}; its shutdown hook, registered when the first model loads, turns new calls away
 * ({@code EmbeddingException: ONNX Runtime is shutting down}) and waits up to 30 s for those in
 * flight. {@code EnvironmentPin} keeps ONNX Runtime's own shutdown hook from freeing the native
 * environment under them meanwhile; without both, SIGTERM during a load or a run crashed the JVM
 * (SIGSEGV in {@code libonnxruntime}, an {@code hs_err_pid*.log}).
 *
 * <p>Tokenization is a pure-Java BERT WordPiece tokenizer that reads the model's {@code
 * tokenizer.json}; it matches Hugging Face's {@code BertNormalizer}, {@code BertPreTokenizer} and
 * {@code WordPiece}.
 */
package io.toolgate.embeddings.onnx;
