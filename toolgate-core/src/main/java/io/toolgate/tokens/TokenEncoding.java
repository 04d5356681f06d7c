package io.toolgate.tokens;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingRegistry;
import com.knuddels.jtokkit.api.EncodingType;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The byte-pair encodings Toolgate counts tokens with (via jtokkit, exact, offline).
 *
 * <p>{@link #O200K_BASE} is the tokenizer of OpenAI's GPT-4o family and later; {@link #CL100K_BASE}
 * that of GPT-4 and GPT-3.5. Anthropic and Google do not publish their tokenizers, so for their
 * formats these counts are a close proxy, not the billed figure. The vocabularies load on first use
 * (a few hundred milliseconds) and are shared; counting is thread-safe.
 */
public enum TokenEncoding {
  /** GPT-4o, GPT-4.1, o-series. */
  O200K_BASE("o200k_base", EncodingType.O200K_BASE),
  /** GPT-4, GPT-3.5-turbo, text-embedding-3. */
  CL100K_BASE("cl100k_base", EncodingType.CL100K_BASE);

  private final String id;
  private final EncodingType type;

  TokenEncoding(String id, EncodingType type) {
    this.id = id;
    this.type = type;
  }

  /** The tokenizer's usual name, e.g. {@code o200k_base}. */
  public String id() {
    return id;
  }

  /**
   * How many tokens {@code text} is. Special-token markers such as {@code <|endoftext|>} in the
   * text count as ordinary text, as they do when sent inside a tool definition.
   */
  public int count(String text) {
    return encoding().countTokensOrdinary(text);
  }

  private Encoding encoding() {
    return Registry.INSTANCE.getEncoding(type);
  }

  /**
   * The encoding named {@code text}, e.g. {@code o200k_base} (case-insensitive, {@code o200k} also
   * works).
   *
   * @throws IllegalArgumentException listing the known encodings
   */
  public static TokenEncoding parse(String text) {
    String key = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
    for (TokenEncoding e : values()) {
      if (e.id.equals(key) || e.id.equals(key + "_base")) {
        return e;
      }
    }
    throw new IllegalArgumentException(
        "unknown token encoding '"
            + text
            + "'; known: "
            + Arrays.stream(values()).map(TokenEncoding::id).collect(Collectors.joining(", ")));
  }

  /** Holder so the vocabularies load only when first counted. */
  private static final class Registry {
    static final EncodingRegistry INSTANCE = Encodings.newLazyEncodingRegistry();
  }
}
