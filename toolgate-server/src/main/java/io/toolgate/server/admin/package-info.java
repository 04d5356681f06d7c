/**
 * Tools registered at run time through {@code POST/PUT/DELETE /v1/tools}: validated, made durable
 * in the {@link io.toolgate.store.RegistryStore}, then applied to the registry (so search and MCP
 * {@code list_changed} follow at once), and restored at start.
 */
package io.toolgate.server.admin;
