/**
 * Tools written as Java methods: annotate with {@link io.toolgate.catalog.java.Tool} and {@link
 * io.toolgate.catalog.java.ToolParam}, then {@link io.toolgate.catalog.java.JavaToolScanner#scan}
 * an object (instance methods) or a class (static methods). {@link
 * io.toolgate.catalog.java.JavaSchemas} derives the JSON Schema from the signature.
 */
package io.toolgate.catalog.java;
