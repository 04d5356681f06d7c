/**
 * Built-in tool domains: {@link io.toolgate.domain.ToolDomains} finds {@link
 * io.toolgate.catalog.spi.ToolDomain}s with {@link java.util.ServiceLoader} and decides which are
 * enabled ({@code domains:} in the config, {@code TOOLGATE_DOMAINS}, default {@code core}); {@link
 * io.toolgate.domain.core.CoreDomain} is the {@code core} domain of everyday utilities.
 */
package io.toolgate.domain;
