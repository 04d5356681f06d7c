package io.toolgate.store;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolDefinitionCodec;
import io.toolgate.json.Json;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Tools registered at run time, as kept in a {@link RegistryStore} ({@link RegistryStore#TOOLS}).
 *
 * <pre>{@code
 * Registrations registrations = new Registrations(store);
 * registrations.save(Registration.of(definition, "admin-key"));   // durable when it returns
 * for (Registration r : registrations.list()) { registry.put(toTool(r.definition())); }
 * }</pre>
 *
 * <p>Each value is {@code {"definition": <ToolDefinitionCodec JSON>, "registered_by": …,
 * "registered_at": …}}; the definition is re-read with {@link ToolDefinitionCodec#fromJson} on
 * restore, so it passes the same validation as a fresh registration. Thread-safe.
 */
public final class Registrations {
  private final RegistryStore store;

  public Registrations(RegistryStore store) {
    this.store = Objects.requireNonNull(store, "store");
  }

  /**
   * One registered tool.
   *
   * @param definition the tool's JSON form (what {@link ToolDefinitionCodec#toJson} writes)
   * @param registeredBy who registered it (an API key id, or {@code anonymous})
   * @param registeredAt when
   */
  public record Registration(ObjectNode definition, String registeredBy, Instant registeredAt) {
    public Registration {
      Objects.requireNonNull(definition, "definition");
      if (!definition.path("name").isString()) {
        throw new IllegalArgumentException("a registration's definition needs a name");
      }
      definition = definition.deepCopy();
      Objects.requireNonNull(registeredBy, "registeredBy");
      Objects.requireNonNull(registeredAt, "registeredAt");
    }

    /** A registration of {@code definition} by {@code who}, now. */
    public static Registration of(ToolDefinition definition, String who) {
      return new Registration(ToolDefinitionCodec.toJson(definition), who, Instant.now());
    }

    /** The tool name. */
    public String name() {
      return definition.get("name").asString();
    }

    @Override
    public ObjectNode definition() {
      return definition.deepCopy();
    }
  }

  /**
   * Every registration, sorted by name.
   *
   * @throws StoreException naming an entry that cannot be read
   */
  public List<Registration> list() {
    List<Registration> out = new ArrayList<>();
    for (Map.Entry<String, byte[]> e : store.list(RegistryStore.TOOLS).entrySet()) {
      out.add(decode(e.getKey(), e.getValue()));
    }
    return List.copyOf(out);
  }

  /** The registration of {@code name}, if any. */
  public Optional<Registration> get(String name) {
    return store.get(RegistryStore.TOOLS, name).map(b -> decode(name, b));
  }

  /** Stores {@code registration}, replacing one of the same name; durable when it returns. */
  public void save(Registration registration) {
    ObjectNode value = Json.object();
    value.set("definition", registration.definition);
    value.put("registered_by", registration.registeredBy());
    value.put("registered_at", registration.registeredAt().toString());
    store.put(
        RegistryStore.TOOLS,
        registration.name(),
        Json.write(value).getBytes(StandardCharsets.UTF_8));
  }

  /** Removes the registration of {@code name}; durable when it returns. */
  public boolean remove(String name) {
    return store.delete(RegistryStore.TOOLS, name);
  }

  /**
   * Reads a stored value, e.g. one delivered to a {@link StoreListener} following {@link
   * RegistryStore#TOOLS}.
   *
   * @throws StoreException naming the entry when it cannot be read
   */
  public static Registration decode(String name, byte[] bytes) {
    try {
      JsonNode value = Json.parse(new String(bytes, StandardCharsets.UTF_8));
      if (!(value.get("definition") instanceof ObjectNode definition)) {
        throw new IllegalArgumentException("no definition object");
      }
      return new Registration(
          definition,
          value.path("registered_by").asString("unknown"),
          Instant.parse(value.path("registered_at").asString(Instant.EPOCH.toString())));
    } catch (RuntimeException e) {
      throw new StoreException(
          "the stored registration of '" + name + "' cannot be read: " + e.getMessage(), e);
    }
  }
}
