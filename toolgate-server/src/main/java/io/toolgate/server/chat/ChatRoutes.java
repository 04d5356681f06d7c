package io.toolgate.server.chat;

import io.javalin.http.Context;
import io.toolgate.server.RouteModule;
import io.toolgate.server.ServerRoutes;
import io.toolgate.server.auth.Caller;
import io.toolgate.server.auth.Scope;
import io.toolgate.server.http.Responses;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * The chat proxy's HTTP routes: {@code POST /v1/chat/completions} and {@code GET /v1/models}, both
 * needing the {@code invoke} scope (the proxy runs tools). The only class of the proxy that knows
 * Javalin; everything else is in {@link ChatProxy}.
 *
 * <pre>{@code
 * ChatProxy proxy = ChatProxy.builder(gate).models(models).build();
 * ToolgateServer.builder(gate, settings).routes(new ChatRoutes(proxy))…build().start();
 * }</pre>
 *
 * <p>The caller's API key restricts what the model sees and runs (its tool filter), like on every
 * other surface; the {@value ChatContext#SESSION_HEADER} header names the conversation.
 */
public final class ChatRoutes implements RouteModule {
  private final ChatProxy proxy;

  public ChatRoutes(ChatProxy proxy) {
    this.proxy = Objects.requireNonNull(proxy, "proxy");
  }

  @Override
  public void register(ServerRoutes routes) {
    routes
        .post("/v1/chat/completions", Scope.INVOKE, ctx -> completions(routes, ctx))
        .get("/v1/models", Scope.INVOKE, ctx -> ServerRoutes.json(ctx, 200, proxy.listModels()));
  }

  private void completions(ServerRoutes routes, Context ctx) throws IOException {
    ObjectNode request = routes.jsonObject(ctx, "chat completion request");
    Caller caller = ServerRoutes.caller(ctx);
    ChatContext context =
        new ChatContext(
            Optional.ofNullable(ctx.header(ChatContext.SESSION_HEADER)),
            caller.callOptions(Map.of(), Map.of()));
    if (ChatProxy.isStream(request)) {
      proxy.stream(request, context, new ServletSink(ctx));
    } else {
      reply(ctx, proxy.complete(request, context));
    }
  }

  private static void reply(Context ctx, ChatReply reply) {
    reply.headers().forEach(ctx::header);
    if (!reply.ok()) {
      ctx.attribute(Responses.ERROR_WRITTEN, Boolean.TRUE); // keep the OpenAI-shaped body
    }
    ServerRoutes.json(ctx, reply.status(), reply.body());
  }

  /** Writes SSE frames straight to the servlet response, flushing each. */
  private static final class ServletSink implements SseSink {
    private final Context ctx;
    private OutputStream out;

    ServletSink(Context ctx) {
      this.ctx = ctx;
    }

    @Override
    public void fail(ChatReply reply) {
      reply(ctx, reply);
    }

    @Override
    public void send(String frame) throws IOException {
      if (out == null) {
        ctx.status(200);
        ctx.res().setContentType("text/event-stream; charset=utf-8");
        ctx.res().setHeader("Cache-Control", "no-cache");
        ctx.res().setHeader("X-Accel-Buffering", "no");
        out = ctx.res().getOutputStream();
      }
      out.write(frame.getBytes(StandardCharsets.UTF_8));
      out.flush();
    }
  }
}
