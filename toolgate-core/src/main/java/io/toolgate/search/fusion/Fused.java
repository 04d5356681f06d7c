package io.toolgate.search.fusion;

/**
 * The fused score of every candidate tool.
 *
 * @param slots candidate slots
 * @param scores fused score of each candidate, parallel to {@code slots}
 * @param best the highest fused score any tool could reach with these channels: first in every
 *     channel. Dividing by it gives the reported 0..1 score.
 */
public record Fused(int[] slots, double[] scores, double best) {}
