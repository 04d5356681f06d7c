/**
 * Sandboxes: named execution profiles that group tools (the jazzmine model, done for real).
 *
 * <ul>
 *   <li>{@link io.toolgate.sandbox.SandboxConfig} — name, base dependencies and secrets, runtime
 *       ({@link io.toolgate.sandbox.SandboxRuntime}), limits, docker image.
 *   <li>{@link io.toolgate.sandbox.Sandboxes} — follows the registry: aggregates dependencies and
 *       secrets, computes checksums, reports {@link io.toolgate.sandbox.SandboxStatus}, builds what
 *       changed, and gives each sandbox's command tools their {@code CommandRuntime}.
 *   <li>{@link io.toolgate.sandbox.Dependency} — {@code npm:} and {@code pip:} package specs.
 *   <li>{@link io.toolgate.sandbox.DockerRecipe} — the Dockerfile and tag of a docker sandbox.
 *   <li>{@link io.toolgate.sandbox.SandboxStateStore} — where the last build of each is remembered
 *       ({@link io.toolgate.sandbox.BuildState}).
 * </ul>
 */
package io.toolgate.sandbox;
