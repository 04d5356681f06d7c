/**
 * Command tools: {@link io.toolgate.invoke.command.CommandToolExecutor} runs a child process from
 * an argv template (never through a shell) with the arguments as JSON on stdin, a clean
 * environment, capped output and a process-tree kill on timeout; {@link
 * io.toolgate.invoke.command.CommandRuntime} is where a sandbox decides where and how it starts.
 */
package io.toolgate.invoke.command;
