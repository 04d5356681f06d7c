/**
 * HTTP tools: {@link io.toolgate.invoke.http.HttpToolExecutor} sends one request built from a
 * tool's URL, query, header and body templates, filled only with validated arguments and declared
 * secrets, on a fixed origin, with a capped response body.
 */
package io.toolgate.invoke.http;
