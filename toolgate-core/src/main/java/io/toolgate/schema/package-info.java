/**
 * JSON Schema: checking tool parameter schemas against their meta-schema and validating call
 * arguments, with errors as JSON Pointer {@link io.toolgate.schema.Violation}s.
 */
package io.toolgate.schema;
