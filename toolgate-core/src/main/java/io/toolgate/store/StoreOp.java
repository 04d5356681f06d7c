package io.toolgate.store;

import java.util.Objects;

/**
 * One change to a {@link RegistryStore}. A list of ops passed to {@link RegistryStore#commit}
 * becomes durable as a unit: after a crash either all of them are there or none.
 */
public sealed interface StoreOp {

  /** The namespace the op touches, e.g. {@link RegistryStore#TOOLS}. */
  String namespace();

  /** The key within the namespace. */
  String key();

  /**
   * Sets {@code key} to {@code value}.
   *
   * @param namespace the namespace
   * @param key the key
   * @param value the bytes to store; copied
   */
  record Put(String namespace, String key, byte[] value) implements StoreOp {
    public Put {
      checkName("namespace", namespace);
      checkName("key", key);
      Objects.requireNonNull(value, "value");
      value = value.clone();
    }

    @Override
    public byte[] value() {
      return value.clone();
    }

    /** The stored bytes without a defensive copy, for the store's own use. */
    byte[] bytes() {
      return value;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Put p
          && p.namespace.equals(namespace)
          && p.key.equals(key)
          && java.util.Arrays.equals(p.value, value);
    }

    @Override
    public int hashCode() {
      return Objects.hash(namespace, key, java.util.Arrays.hashCode(value));
    }

    @Override
    public String toString() {
      return "Put[" + namespace + "/" + key + ", " + value.length + " bytes]";
    }
  }

  /**
   * Removes {@code key}; removing an absent key is not an error.
   *
   * @param namespace the namespace
   * @param key the key
   */
  record Delete(String namespace, String key) implements StoreOp {
    public Delete {
      checkName("namespace", namespace);
      checkName("key", key);
    }
  }

  /** The longest namespace or key, in UTF-8 bytes. */
  int MAX_NAME_BYTES = 1024;

  private static void checkName(String what, String value) {
    Objects.requireNonNull(value, what);
    if (value.isEmpty()) {
      throw new IllegalArgumentException(what + " must not be empty");
    }
    int bytes = value.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    if (bytes > MAX_NAME_BYTES) {
      throw new IllegalArgumentException(
          what + " is " + bytes + " bytes of UTF-8, over the limit of " + MAX_NAME_BYTES);
    }
  }
}
