/** What executor plug-ins implement: {@link io.toolgate.invoke.spi.ToolExecutor}. */
package io.toolgate.invoke.spi;
