/**
 * Combining channel scores: {@link io.toolgate.search.fusion.ZScoreFusion} (the default) and {@link
 * io.toolgate.search.fusion.RrfFusion}, chosen by {@link io.toolgate.search.fusion.FusionMethod};
 * {@link io.toolgate.search.fusion.Ranking} orders a channel (score, then name).
 */
package io.toolgate.search.fusion;
