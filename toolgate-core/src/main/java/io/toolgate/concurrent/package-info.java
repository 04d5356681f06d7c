/** Small concurrency helpers shared by the call pipeline and search. */
package io.toolgate.concurrent;
