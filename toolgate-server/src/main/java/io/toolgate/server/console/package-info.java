/**
 * The web console: a single-page app (plain HTML, CSS and JavaScript, no build step and nothing
 * fetched from elsewhere) served from the classpath at {@code /}, calling the REST API.
 */
package io.toolgate.server.console;
