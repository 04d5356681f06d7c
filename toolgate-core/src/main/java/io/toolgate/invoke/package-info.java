/**
 * Invocation: calling a tool safely and getting one normalized result.
 *
 * <ul>
 *   <li>{@link io.toolgate.invoke.Invoker} — the contract every surface calls; {@link
 *       io.toolgate.invoke.ToolInvoker} is the pipeline (resolve, authorize, validate, run under
 *       {@link io.toolgate.invoke.CallPolicy}, normalize).
 *   <li>{@link io.toolgate.invoke.ToolResult}, {@link io.toolgate.invoke.ToolError} and their wire
 *       form {@link io.toolgate.invoke.ToolResultJson}.
 *   <li>{@link io.toolgate.invoke.CallOptions} — who calls, with what context and permissions;
 *       {@link io.toolgate.invoke.CallObserver} hears about every call (audit, metrics).
 *   <li>{@link io.toolgate.invoke.UseTool} — {@code use_tool(query, params)}.
 *   <li>{@link io.toolgate.invoke.ExecutorFactory} — executors for declared HTTP and command tools
 *       ({@code invoke.http}, {@code invoke.command}).
 * </ul>
 */
package io.toolgate.invoke;
