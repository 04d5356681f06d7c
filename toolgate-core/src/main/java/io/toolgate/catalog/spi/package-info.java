/** What tool-source plug-ins implement: {@link io.toolgate.catalog.spi.ToolSource} and domains. */
package io.toolgate.catalog.spi;
