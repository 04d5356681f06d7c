/**
 * The {@code core} tool domain ({@link io.toolgate.domain.core.CoreDomain}): time, UUIDs, safe
 * arithmetic, unit conversion, JSONPath, hashing, base64, regex matching and text statistics,
 * written as {@link io.toolgate.catalog.java.Tool} methods.
 */
package io.toolgate.domain.core;
