/**
 * Exact token counts of what a model receives: {@link io.toolgate.tokens.TokenEncoding} (jtokkit's
 * o200k_base and cl100k_base) and {@link io.toolgate.tokens.TokenReport} (every tool directly
 * against the search registry, per format).
 */
package io.toolgate.tokens;
