/**
 * JSON and YAML handling shared by every module: the mappers, tree helpers and canonical JSON
 * (sorted keys) used for checksums.
 */
package io.toolgate.json;
