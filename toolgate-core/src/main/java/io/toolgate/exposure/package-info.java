/**
 * What a model sees of the catalog.
 *
 * <ul>
 *   <li>{@link io.toolgate.exposure.ToolMode}: the {@code tools} setting ({@code all}, {@code
 *       search_registry}, {@code auto}, or a list of names), parsed from config;
 *   <li>{@link io.toolgate.exposure.Exposure}: applies a mode, pinned tools and the embedder's
 *       presence to a catalog, giving {@link io.toolgate.exposure.ExposedTools};
 *   <li>{@link io.toolgate.exposure.MetaTools} and {@link io.toolgate.exposure.Profile}: the
 *       definitions of {@code tool_search}/{@code tool_invoke} (Spice) and {@code
 *       find_tools}/{@code use_tool} (RFC 0001);
 *   <li>{@link io.toolgate.exposure.MetaToolCalls}: runs their calls (search, call, {@code
 *       find_tools}' rendering) for every surface that shows them.
 * </ul>
 *
 * <p>Rendering the chosen definitions for a provider is {@link io.toolgate.format.Format}'s job.
 */
package io.toolgate.exposure;
