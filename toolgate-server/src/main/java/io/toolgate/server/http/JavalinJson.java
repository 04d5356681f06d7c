package io.toolgate.server.http;

import io.javalin.json.JsonMapper;
import io.toolgate.json.Json;
import java.io.InputStream;
import java.lang.reflect.Type;

/**
 * Javalin's {@link JsonMapper} on Toolgate's shared Jackson 3 mapper, so {@code ctx.json(…)} and
 * {@code ctx.bodyAsClass(…)} behave like every other JSON path in Toolgate (no Jackson 2 on the
 * classpath).
 */
public final class JavalinJson implements JsonMapper {

  @Override
  public String toJsonString(Object obj, Type type) {
    return Json.mapper().writeValueAsString(obj);
  }

  @Override
  public InputStream toJsonStream(Object obj, Type type) {
    return new java.io.ByteArrayInputStream(Json.mapper().writeValueAsBytes(obj));
  }

  @Override
  public <T> T fromJsonString(String json, Type targetType) {
    return Json.mapper().readValue(json, Json.mapper().constructType(targetType));
  }

  @Override
  public <T> T fromJsonStream(InputStream json, Type targetType) {
    return Json.mapper().readValue(json, Json.mapper().constructType(targetType));
  }
}
