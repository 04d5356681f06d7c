package io.toolgate.embeddings.onnx;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * BERT's basic tokenization: normalizes text and splits it into words and punctuation marks.
 *
 * <p>Follows Hugging Face's {@code BertNormalizer} and {@code BertPreTokenizer} in this order:
 *
 * <ol>
 *   <li>drop NUL, U+FFFD and control or format characters (Unicode categories Cc, Cf, Cs, Co,
 *       except tab, newline and carriage return) and turn every whitespace character into a space;
 *   <li>surround CJK ideographs with spaces, so each becomes a word of its own;
 *   <li>optionally strip accents (NFD, then drop non-spacing marks) and lowercase;
 *   <li>split on whitespace, and make every punctuation character (ASCII punctuation, which
 *       includes {@code $ + < = > ^ ` | ~}, and Unicode categories P*) a word of its own.
 * </ol>
 *
 * <p>{@code "Crème brûlée, getUserById!"} becomes {@code [creme, brulee, ",", getuserbyid, "!"]}
 * when lowercasing. Instances are immutable and thread-safe.
 */
final class BertPreTokenizer {
  private final boolean lowercase;
  private final boolean stripAccents;

  BertPreTokenizer(boolean lowercase, boolean stripAccents) {
    this.lowercase = lowercase;
    this.stripAccents = stripAccents;
  }

  /** The normalized words and punctuation marks of {@code text}, in order; empty for blank text. */
  List<String> split(String text) {
    String normalized = normalize(text);
    List<String> words = new ArrayList<>();
    int wordStart = -1;
    for (int i = 0; i < normalized.length(); ) {
      int cp = normalized.codePointAt(i);
      int next = i + Character.charCount(cp);
      if (isWhitespace(cp) || isPunctuation(cp)) {
        if (wordStart >= 0) {
          words.add(normalized.substring(wordStart, i));
          wordStart = -1;
        }
        if (!isWhitespace(cp)) {
          words.add(normalized.substring(i, next));
        }
      } else if (wordStart < 0) {
        wordStart = i;
      }
      i = next;
    }
    if (wordStart >= 0) {
      words.add(normalized.substring(wordStart));
    }
    return words;
  }

  String normalize(String text) {
    StringBuilder cleaned = new StringBuilder(text.length() + 8);
    boolean ascii = true;
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      if (cp == 0 || cp == 0xFFFD || isControl(cp)) {
        continue;
      }
      ascii &= cp < 0x80;
      if (isWhitespace(cp)) {
        cleaned.append(' ');
      } else if (isCjkIdeograph(cp)) {
        cleaned.append(' ').appendCodePoint(cp).append(' ');
      } else {
        cleaned.appendCodePoint(cp);
      }
    }
    String result = cleaned.toString();
    // ASCII text has no accents to strip; skipping NFD keeps the common case fast.
    if (stripAccents && !ascii) {
      result = withoutNonSpacingMarks(Normalizer.normalize(result, Normalizer.Form.NFD));
    }
    if (!lowercase) {
      return result;
    }
    return ascii ? result.toLowerCase(Locale.ROOT) : lowercaseEachCharacter(result);
  }

  /**
   * Lowercases one character at a time, as Hugging Face does: a word-final capital sigma becomes
   * {@code σ}, not the {@code ς} that {@link String#toLowerCase} would choose from context.
   */
  private static String lowercaseEachCharacter(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      if (cp < 0x80) {
        out.append((char) Character.toLowerCase(cp));
      } else {
        out.append(Character.toString(cp).toLowerCase(Locale.ROOT));
      }
    }
    return out.toString();
  }

  private static String withoutNonSpacingMarks(String decomposed) {
    StringBuilder out = new StringBuilder(decomposed.length());
    decomposed
        .codePoints()
        .filter(cp -> Character.getType(cp) != Character.NON_SPACING_MARK)
        .forEach(out::appendCodePoint);
    return out.toString();
  }

  private static boolean isControl(int cp) {
    if (cp == '\t' || cp == '\n' || cp == '\r') {
      return false; // counted as whitespace instead
    }
    // Unassigned code points (Cn) stay: Hugging Face's category tables have no Cn.
    return switch (Character.getType(cp)) {
      case Character.CONTROL, Character.FORMAT, Character.SURROGATE, Character.PRIVATE_USE -> true;
      default -> false;
    };
  }

  /** Unicode White_Space: the space separators Zs, Zl, Zp plus the whitespace controls. */
  private static boolean isWhitespace(int cp) {
    return cp == ' '
        || (cp >= '\t' && cp <= '\r')
        || cp == 0x85
        || (cp > 0x7F && Character.isSpaceChar(cp));
  }

  private static boolean isPunctuation(int cp) {
    if (cp < 0x80) {
      return (cp >= 33 && cp <= 47)
          || (cp >= 58 && cp <= 64)
          || (cp >= 91 && cp <= 96)
          || (cp >= 123 && cp <= 126);
    }
    return switch (Character.getType(cp)) {
      case Character.CONNECTOR_PUNCTUATION,
          Character.DASH_PUNCTUATION,
          Character.START_PUNCTUATION,
          Character.END_PUNCTUATION,
          Character.INITIAL_QUOTE_PUNCTUATION,
          Character.FINAL_QUOTE_PUNCTUATION,
          Character.OTHER_PUNCTUATION ->
          true;
      default -> false;
    };
  }

  /** The CJK Unified Ideographs blocks BERT treats as single-character words. */
  private static boolean isCjkIdeograph(int cp) {
    return (cp >= 0x4E00 && cp <= 0x9FFF)
        || (cp >= 0x3400 && cp <= 0x4DBF)
        || (cp >= 0x20000 && cp <= 0x2A6DF)
        || (cp >= 0x2A700 && cp <= 0x2B73F)
        || (cp >= 0x2B740 && cp <= 0x2B81F)
        || (cp >= 0x2B820 && cp <= 0x2CEAF)
        || (cp >= 0xF900 && cp <= 0xFAFF)
        || (cp >= 0x2F800 && cp <= 0x2FA1F);
  }
}
