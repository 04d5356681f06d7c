package io.toolgate.server.console;

import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Serves the console's files from {@code io/toolgate/server/console/} on the classpath: {@code /}
 * is {@code index.html}, {@code /console/<file>} the rest. Files are read once and kept in memory;
 * responses carry a strict Content-Security-Policy (only this origin's scripts, styles and API).
 */
public final class ConsoleAssets {
  private static final String ROOT = "/io/toolgate/server/console/";
  private static final Map<String, String> TYPES =
      Map.of(
          "html", "text/html; charset=utf-8",
          "css", "text/css; charset=utf-8",
          "js", "text/javascript; charset=utf-8",
          "svg", "image/svg+xml",
          "png", "image/png",
          "ico", "image/x-icon");
  private static final String CSP =
      "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self';"
          + " connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

  private final Map<String, Optional<byte[]>> cache = new ConcurrentHashMap<>();

  /** {@code GET /}: the console page. */
  public void index(Context ctx) {
    send(ctx, "index.html");
  }

  /** {@code GET /console/{file}}: a script, stylesheet or image. */
  public void file(Context ctx) {
    String name = ctx.pathParam("file");
    if (!name.matches("[A-Za-z0-9_-]+\\.[a-z]+")) {
      ctx.status(404);
      return;
    }
    send(ctx, name);
  }

  private void send(Context ctx, String name) {
    Optional<byte[]> bytes = cache.computeIfAbsent(name, ConsoleAssets::load);
    if (bytes.isEmpty()) {
      throw new io.toolgate.server.ApiException(404, "not_found", "no console file '" + name + "'");
    }
    String ext = name.substring(name.lastIndexOf('.') + 1);
    ctx.header("Content-Security-Policy", CSP);
    ctx.header("X-Content-Type-Options", "nosniff");
    ctx.header("Referrer-Policy", "no-referrer");
    ctx.header("Cache-Control", "no-cache");
    ctx.contentType(TYPES.getOrDefault(ext, "application/octet-stream")).result(bytes.get());
  }

  private static Optional<byte[]> load(String name) {
    try (InputStream in = ConsoleAssets.class.getResourceAsStream(ROOT + name)) {
      return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
