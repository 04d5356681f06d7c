/**
 * The REST API under {@code /v1}: tools, search, invocation, administration, capabilities,
 * sandboxes and sources, plus the operational endpoints ({@code /healthz}, {@code /readyz}, {@code
 * /metrics}, {@code /v1/openapi.json}). Each class maps one group of routes to the {@link
 * io.toolgate.Toolgate} facade; wire shapes are built in {@link io.toolgate.server.rest.WireJson}.
 */
package io.toolgate.server.rest;
