/**
 * The catalog: {@link io.toolgate.catalog.ToolDefinition} (what a tool is), {@link
 * io.toolgate.catalog.ToolRegistry} (every tool by name, with change listeners), naming rules,
 * stable ids and checksums, and the JSON form in {@link io.toolgate.catalog.ToolDefinitionCodec}.
 */
package io.toolgate.catalog;
