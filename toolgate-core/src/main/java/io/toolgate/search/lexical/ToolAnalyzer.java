package io.toolgate.search.lexical;

import java.io.Reader;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.core.FlattenGraphFilter;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.miscellaneous.WordDelimiterGraphFilter;
import org.apache.lucene.analysis.pattern.PatternReplaceCharFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;

/**
 * The analysis of tool text and queries: Unicode word boundaries, identifiers split into their
 * words, lower case, and (for the {@link Kind#STEMMED} view) English stop words and stemming.
 *
 * <pre>{@code
 * "getWeather_forecast"  -> [get, weather, forecast]            (STEMMED)
 * "math.factorial"       -> [math.factorial, math, factorial]   (EXACT keeps the identifier too)
 * "Wetterbericht für Köln" -> [wetterbericht, für, köln]        (non-ASCII letters are kept)
 * }</pre>
 *
 * <p>{@link StandardTokenizer} finds words by UAX#29, so text in any script survives (CJK comes out
 * one ideograph a token); {@link WordDelimiterGraphFilter} then splits on {@code _ - . : /} and
 * case changes ({@code HTMLParser} → {@code HTML}, {@code Parser}) but not between letters and
 * digits ({@code sha256} stays whole). Thread-safe, like every Lucene analyzer.
 */
public final class ToolAnalyzer extends Analyzer {

  /** Which view of the text an analyzer produces. */
  public enum Kind {
    /** Words, minus English stop words, Porter-stemmed: the {@code full_text} view. */
    STEMMED,
    /**
     * Every word as written (lower-cased), plus each whole identifier: the {@code keyword} view.
     */
    EXACT
  }

  private static final CharArraySet STOP_WORDS = EnglishAnalyzer.ENGLISH_STOP_WORDS_SET;
  // WordDelimiterGraphFilter splits "getWeather" but not an acronym from the next word.
  private static final Pattern ACRONYM_END = Pattern.compile("(\\p{Lu})(\\p{Lu}\\p{Ll})");

  private final Kind kind;
  private final boolean indexing;

  private ToolAnalyzer(Kind kind, boolean indexing) {
    super(PER_FIELD_REUSE_STRATEGY);
    this.kind = kind;
    this.indexing = indexing;
  }

  /** The analyzer that writes documents of this view (token graphs flattened for the index). */
  public static ToolAnalyzer forIndexing(Kind kind) {
    return new ToolAnalyzer(kind, true);
  }

  /** The analyzer that reads queries of this view. */
  public static ToolAnalyzer forQueries(Kind kind) {
    return new ToolAnalyzer(kind, false);
  }

  /** The view this analyzer produces. */
  public Kind kind() {
    return kind;
  }

  @Override
  protected Reader initReader(String fieldName, Reader reader) {
    return new PatternReplaceCharFilter(ACRONYM_END, "$1 $2", reader);
  }

  @Override
  protected TokenStreamComponents createComponents(String fieldName) {
    StandardTokenizer source = new StandardTokenizer();
    source.setMaxTokenLength(128);
    int flags =
        WordDelimiterGraphFilter.GENERATE_WORD_PARTS
            | WordDelimiterGraphFilter.GENERATE_NUMBER_PARTS
            | WordDelimiterGraphFilter.SPLIT_ON_CASE_CHANGE;
    if (kind == Kind.EXACT) {
      // The whole identifier as well, so a query naming "math.factorial" hits it exactly.
      flags |= WordDelimiterGraphFilter.PRESERVE_ORIGINAL;
    }
    TokenStream stream = new WordDelimiterGraphFilter(source, flags, null);
    if (indexing) {
      stream = new FlattenGraphFilter(stream);
    }
    stream = new LowerCaseFilter(stream);
    if (kind == Kind.STEMMED) {
      stream = new EnglishPossessiveFilter(stream);
      stream = new StopFilter(stream, STOP_WORDS);
      stream = new PorterStemFilter(stream);
    }
    return new TokenStreamComponents(source, stream);
  }
}
