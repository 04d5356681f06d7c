package io.toolgate.catalog.java;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Describes a parameter of a {@link Tool} method, or a component of a record used as a parameter.
 *
 * <pre>{@code
 * @Tool(name = "uuid_generate", description = "…")
 * public List<String> generate(
 *     @ToolParam(description = "How many, 1 to 100", defaultValue = "1") int count) { … }
 *
 * public record Stop(@ToolParam(description = "Street address") String address) {}
 * }</pre>
 *
 * <p>A parameter is required unless its type is {@code Optional}/{@code OptionalInt}/…, it carries
 * an annotation whose simple name is {@code Nullable}, {@link #required()} is false, or it has a
 * {@link #defaultValue()}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.PARAMETER, ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface ToolParam {

  /**
   * The argument's JSON name when it differs from the Java parameter name, e.g. {@code "url_safe"}
   * for {@code urlSafe}. Only for method parameters: record components keep their own names.
   */
  String name() default "";

  /** What the value means, with an example; becomes the schema's {@code description}. */
  String description() default "";

  /**
   * {@code false} makes the parameter optional even though its type is not; an absent value then
   * arrives as {@code null} (or 0 / false for primitives).
   */
  boolean required() default true;

  /**
   * The value used when the argument is absent, as JSON text ({@code "5"}, {@code "\"UTC\""},
   * {@code "[]"}); it becomes the schema's {@code default} and makes the parameter optional. A bare
   * word that is not JSON is taken as a string ({@code "UTC"}).
   */
  String defaultValue() default "";
}
