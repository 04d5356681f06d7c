package io.toolgate.domain.core;

/**
 * A {@link CharSequence} that counts how often the regex engine reads it and stops the match when a
 * step budget is spent or the thread is interrupted.
 *
 * <p>{@link java.util.regex} backtracks; a pattern such as {@code (a+)+$} on {@code "aaaa…!"} takes
 * exponential time and cannot be cancelled from outside. Every step of the engine reads a
 * character, so counting reads bounds the work deterministically, whatever the machine's speed.
 */
final class BudgetedText implements CharSequence {
  /** Thrown when the budget is spent. */
  static final class BudgetExceeded extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BudgetExceeded(String message) {
      super(message, null, false, false);
    }
  }

  private final CharSequence text;
  private final long[] steps;
  private final long budget;

  BudgetedText(CharSequence text, long budget) {
    this(text, new long[1], budget);
  }

  private BudgetedText(CharSequence text, long[] steps, long budget) {
    this.text = text;
    this.steps = steps;
    this.budget = budget;
  }

  @Override
  public char charAt(int index) {
    long n = ++steps[0];
    if (n > budget) {
      throw new BudgetExceeded("the match took more than " + budget + " steps");
    }
    if ((n & 0xFFFF) == 0 && Thread.currentThread().isInterrupted()) {
      throw new BudgetExceeded("the match was interrupted");
    }
    return text.charAt(index);
  }

  @Override
  public int length() {
    return text.length();
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return new BudgetedText(text.subSequence(start, end), steps, budget);
  }

  @Override
  public String toString() {
    return text.toString();
  }

  /** How many characters the engine has read so far. */
  long steps() {
    return steps[0];
  }
}
