package io.toolgate.embeddings.onnx;

import io.toolgate.search.spi.EmbeddingException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * BERT's WordPiece tokenizer: turns text into the token ids a BERT-family model reads.
 *
 * <p>Text is split into words by {@link BertPreTokenizer}; each word is then cut greedily into the
 * longest pieces found in the vocabulary, continuation pieces carrying the {@code ##} prefix
 * ({@code "unaffable"} becomes {@code una ##ffa ##ble}). A word longer than 100 characters, or one
 * that cannot be cut into known pieces, becomes a single {@code [UNK]}. The ids are framed as
 * {@code [CLS] … [SEP]} and truncated to a maximum length.
 *
 * <p>The vocabulary comes from a Hugging Face {@code tokenizer.json} (its {@code model.vocab} and
 * {@code normalizer} settings) or from a BERT {@code vocab.txt} (one token a line, the line number
 * being the id, uncased). Instances are immutable and thread-safe.
 */
final class WordPieceTokenizer {
  private static final String CONTINUATION_PREFIX = "##";
  private static final int MAX_INPUT_CHARS_PER_WORD = 100;

  private final Map<String, Integer> vocab;
  private final BertPreTokenizer preTokenizer;
  private final int unkId;
  private final int clsId;
  private final int sepId;
  private final int padId;

  WordPieceTokenizer(Map<String, Integer> vocab, BertPreTokenizer preTokenizer) {
    this.vocab = Map.copyOf(vocab);
    this.preTokenizer = preTokenizer;
    this.unkId = requiredId("[UNK]");
    this.clsId = requiredId("[CLS]");
    this.sepId = requiredId("[SEP]");
    this.padId = requiredId("[PAD]");
  }

  /**
   * Loads a tokenizer from a classpath resource named {@code *.json} (Hugging Face tokenizer) or
   * {@code *.txt} (BERT vocabulary, uncased).
   *
   * @throws EmbeddingException when the resource is missing or unreadable
   */
  static WordPieceTokenizer fromResource(String name) {
    try (InputStream in = Resources.open(name)) {
      return name.endsWith(".json") ? fromTokenizerJson(in, name) : fromVocabTxt(in);
    } catch (IOException | UncheckedIOException | JacksonException e) {
      throw new EmbeddingException("cannot read tokenizer resource '" + name + "': " + e, e);
    }
  }

  static WordPieceTokenizer fromTokenizerJson(InputStream in, String name) {
    JsonNode root = JsonMapper.shared().readTree(in);
    JsonNode model = root.path("model");
    if (!"WordPiece".equals(model.path("type").asString(""))) {
      throw new EmbeddingException(
          "tokenizer '"
              + name
              + "' has model type '"
              + model.path("type").asString("")
              + "', expected WordPiece");
    }
    Map<String, Integer> vocab = new HashMap<>();
    for (Map.Entry<String, JsonNode> entry : model.path("vocab").properties()) {
      vocab.put(entry.getKey(), entry.getValue().asInt());
    }
    JsonNode normalizer = root.path("normalizer");
    boolean lowercase = normalizer.path("lowercase").asBoolean(true);
    JsonNode stripAccents = normalizer.path("strip_accents");
    // As in Hugging Face's BertNormalizer, an unset strip_accents follows lowercase.
    boolean strip = stripAccents.isBoolean() ? stripAccents.booleanValue() : lowercase;
    return new WordPieceTokenizer(vocab, new BertPreTokenizer(lowercase, strip));
  }

  static WordPieceTokenizer fromVocabTxt(InputStream in) throws IOException {
    Map<String, Integer> vocab = new HashMap<>();
    try (BufferedReader reader =
        new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        vocab.putIfAbsent(line.strip(), vocab.size());
      }
    }
    return new WordPieceTokenizer(vocab, new BertPreTokenizer(true, true));
  }

  /** The id padding positions carry. */
  int padId() {
    return padId;
  }

  /**
   * The ids of {@code [CLS] text [SEP]}, keeping at most {@code maxTokens} ids in all (the tail of
   * a longer text is dropped).
   *
   * @throws IllegalArgumentException when {@code maxTokens} is less than 2
   */
  int[] encode(String text, int maxTokens) {
    if (maxTokens < 2) {
      throw new IllegalArgumentException(
          "illegal maxTokens " + maxTokens + ", must be at least 2 for [CLS] and [SEP]");
    }
    int[] ids = new int[Math.min(maxTokens, 16 + text.length())];
    int count = 0;
    ids[count++] = clsId;
    int limit = maxTokens - 1;
    List<String> words = preTokenizer.split(text);
    for (int w = 0; w < words.size() && count < limit; w++) {
      int[] pieces = wordPieces(words.get(w));
      int take = Math.min(pieces.length, limit - count);
      if (count + take + 1 > ids.length) {
        ids = Arrays.copyOf(ids, Math.min(maxTokens, Math.max(ids.length * 2, count + take + 1)));
      }
      System.arraycopy(pieces, 0, ids, count, take);
      count += take;
    }
    ids[count++] = sepId;
    return Arrays.copyOf(ids, count);
  }

  /** The token strings of {@code text} without {@code [CLS]}/{@code [SEP]}, for diagnostics. */
  List<String> tokens(String text) {
    Map<Integer, String> byId = new HashMap<>();
    vocab.forEach((token, id) -> byId.put(id, token));
    int[] ids = encode(text, Integer.MAX_VALUE);
    return Arrays.stream(ids, 1, ids.length - 1).mapToObj(byId::get).toList();
  }

  /** Greedy longest-match-first WordPiece; the whole word is {@code [UNK]} if any part fails. */
  private int[] wordPieces(String word) {
    if (word.codePointCount(0, word.length()) > MAX_INPUT_CHARS_PER_WORD) {
      return new int[] {unkId};
    }
    int[] pieces = new int[word.length()];
    int count = 0;
    int start = 0;
    while (start < word.length()) {
      int end = word.length();
      Integer id = null;
      while (start < end) {
        String piece = word.substring(start, end);
        id = vocab.get(start > 0 ? CONTINUATION_PREFIX + piece : piece);
        if (id != null) {
          break;
        }
        end = word.offsetByCodePoints(end, -1);
      }
      if (id == null) {
        return new int[] {unkId};
      }
      pieces[count++] = id;
      start = end;
    }
    return Arrays.copyOf(pieces, count);
  }

  private int requiredId(String token) {
    Integer id = vocab.get(token);
    if (id == null) {
      throw new EmbeddingException("tokenizer vocabulary has no " + token + " token");
    }
    return id;
  }
}
