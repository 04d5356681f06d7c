package io.toolgate.schema;

import io.toolgate.ToolgateException;
import java.util.List;

/** A tool's parameter schema is not a usable JSON Schema object. */
public final class InvalidSchemaException extends ToolgateException {
  private static final long serialVersionUID = 1L;
  private final transient List<Violation> violations;

  public InvalidSchemaException(String message, List<Violation> violations) {
    super(message);
    this.violations = List.copyOf(violations);
  }

  /** Where the schema breaks its meta-schema. */
  public List<Violation> violations() {
    return violations;
  }
}
