/**
 * Tool search: the request and response of {@code tool_search}, and the {@link
 * io.toolgate.search.ToolSearch} contract that the hybrid index implements.
 */
package io.toolgate.search;
