/**
 * What a tool definition looks like to each model provider.
 *
 * <ul>
 *   <li>{@link io.toolgate.format.Format}: the entry point, {@code Format.OPENAI.render(tools)} for
 *       OpenAI Chat Completions and Responses, Anthropic, Gemini, MCP and the XML prompt;
 *   <li>{@link io.toolgate.format.RenderedTools}: the payload and the name table to read calls
 *       back;
 *   <li>{@link io.toolgate.format.ProviderNames} and {@link io.toolgate.format.NameRule}: the
 *       reversible mapping of names a provider forbids (dots, more than 64 characters);
 *   <li>{@link io.toolgate.format.GeminiSchemas}: JSON Schema to Gemini's OpenAPI subset;
 *   <li>{@link io.toolgate.format.XmlToolsPrompt}: the XML tools block per sandbox.
 * </ul>
 */
package io.toolgate.format;
