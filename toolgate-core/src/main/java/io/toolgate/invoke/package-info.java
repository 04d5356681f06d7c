/**
 * Invocation: the call pipeline ({@link io.toolgate.invoke.Invoker}), its normalized {@link
 * io.toolgate.invoke.ToolResult}, executors for HTTP and command tools, and call policies.
 */
package io.toolgate.invoke;
