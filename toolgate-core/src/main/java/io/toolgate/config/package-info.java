/**
 * The gateway configuration ({@code toolgate.yaml}): {@link io.toolgate.config.ToolgateConfig}
 * reads it strictly, types the core sections and keeps the others as trees for their modules;
 * problems name file, line and key.
 *
 * <ul>
 *   <li>{@link io.toolgate.config.ToolgateConfig} — the file, its typed sections and raw trees.
 *   <li>{@link io.toolgate.config.OptionReader} — how a module reads its own section ({@code
 *       server:}, {@code models:}): types, ranges, durations, byte counts, unknown keys; errors are
 *       {@link io.toolgate.config.OptionException}s that {@code ToolgateConfig.error} locates.
 *   <li>{@link io.toolgate.config.ConfigProblem}, {@link io.toolgate.config.ConfigException} — what
 *       is wrong, at file:line:column.
 *   <li>{@link io.toolgate.config.UnsetVariables}, {@link io.toolgate.config.UnsetVariable} — an
 *       unset {@code ${NAME}} fails the config, or ({@code validate}) is a warning at its line.
 * </ul>
 */
package io.toolgate.config;
