/**
 * The OpenAI-compatible chat proxy: any model gains the registry by changing one base URL.
 *
 * <ul>
 *   <li>{@link io.toolgate.server.chat.ModelConfig}: one {@code models:} entry (upstream endpoint,
 *       key, tool mode, recursion limit, pinned tools, meta-tool profile, session cache), read
 *       strictly from the raw config section;
 *   <li>{@link io.toolgate.server.chat.ChatProxy}: the framework-free service; shows the model its
 *       exposure, runs the registry tools it calls until it answers or the recursion limit is
 *       reached, streams or returns the answer with a {@code toolgate} report;
 *   <li>{@link io.toolgate.server.chat.ChatRoutes}: the HTTP routes ({@code POST
 *       /v1/chat/completions}, {@code GET /v1/models}) as a server route module;
 *   <li>{@link io.toolgate.server.chat.ChatContext}, {@link io.toolgate.server.chat.ChatReply},
 *       {@link io.toolgate.server.chat.SseSink}: what goes in and out of the service;
 *   <li>{@link io.toolgate.server.chat.SessionCacheConfig}: RFC 0001's per-conversation cache of
 *       retrieved tools.
 * </ul>
 *
 * <p>See {@code docs/chat-proxy.md} for the behaviour in full.
 */
package io.toolgate.server.chat;
