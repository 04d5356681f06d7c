/**
 * Server plumbing shared by the route packages: JSON bodies and responses, the error shape, the
 * Javalin JSON mapper on Toolgate's Jackson 3, and the Host/Origin/CORS guard. Public only so the
 * sibling packages of this module can use it; not an API.
 */
package io.toolgate.server.http;
