/**
 * The gateway configuration ({@code toolgate.yaml}): {@link io.toolgate.config.ToolgateConfig}
 * reads it strictly, types the core sections and keeps the others as trees for their modules;
 * problems name file, line and key.
 */
package io.toolgate.config;
