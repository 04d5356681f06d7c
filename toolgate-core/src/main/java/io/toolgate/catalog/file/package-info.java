/**
 * Catalog files: YAML and JSON documents of tool definitions ({@code tools:} lists), found with
 * {@code catalogs:} globs or in a class-path folder, loaded by {@link
 * io.toolgate.catalog.file.CatalogFiles} with every problem located by file, line and column.
 */
package io.toolgate.catalog.file;
