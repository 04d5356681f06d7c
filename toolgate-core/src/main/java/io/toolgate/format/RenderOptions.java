package io.toolgate.format;

/**
 * Choices a caller may make when rendering; {@link #DEFAULTS} fits every provider.
 *
 * @param openAiStrict mark OpenAI functions {@code "strict": true} when their schema already meets
 *     OpenAI's strict-mode rules (every object closed with {@code additionalProperties: false} and
 *     listing all its properties as required); other tools are sent without the flag. Strict mode
 *     makes the model's arguments always match the schema, but it cannot express optional fields,
 *     so Toolgate never rewrites a schema to fit it.
 */
public record RenderOptions(boolean openAiStrict) {
  /** No strict flags. */
  public static final RenderOptions DEFAULTS = new RenderOptions(false);

  /** A copy with {@link #openAiStrict} set. */
  public RenderOptions withOpenAiStrict(boolean strict) {
    return new RenderOptions(strict);
  }
}
