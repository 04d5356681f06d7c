package io.toolgate.catalog.java;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method as a tool. {@link JavaToolScanner} turns it into a definition whose parameter
 * schema is derived from the method's signature, and makes the method its executor.
 *
 * <pre>{@code
 * @Tool(
 *     name = "time_now",
 *     description = "Current date and time in an IANA time zone.",
 *     readOnly = Hint.TRUE,
 *     examples = "{\"zone\": \"Europe/Lisbon\"}")
 * public TimeNow now(@ToolParam(description = "IANA zone, e.g. Europe/Lisbon") Optional<String> zone) {
 *   …
 * }
 * }</pre>
 *
 * <p>Parameter names come from the compiled class, so compile with {@code -parameters}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Tool {

  /** The tool name; empty means the method name in snake case ({@code timeNow} → time_now). */
  String name() default "";

  /** What the tool does, written for the model: when to use it, what it returns. */
  String description();

  /** A short human label. */
  String title() default "";

  /** The tool's version. */
  String version() default "0.1.0";

  /** Free labels used by search filters. */
  String[] tags() default {};

  /**
   * Whether models see the tool (Spice's {@code as_tool}); false keeps it out of search and of what
   * models are shown, callable by the operator only.
   */
  boolean asTool() default true;

  /** The sandbox it runs in; empty means the default sandbox. */
  String sandbox() default "";

  /** Packages the tool needs, e.g. {@code pip:pandas}. */
  String[] dependencies() default {};

  /** Environment variables the tool may read. */
  String[] secrets() default {};

  /**
   * Example argument objects as JSON text, e.g. {@code "{\"zone\": \"UTC\"}"}; each must be a JSON
   * object, checked when the class is scanned.
   */
  String[] examples() default {};

  /** MCP {@code readOnlyHint}: the tool does not modify its environment. */
  Hint readOnly() default Hint.UNSET;

  /** MCP {@code destructiveHint}: the tool may perform destructive updates. */
  Hint destructive() default Hint.UNSET;

  /** MCP {@code idempotentHint}: repeating a call has no further effect. */
  Hint idempotent() default Hint.UNSET;

  /** MCP {@code openWorldHint}: the tool reaches an open world of external entities. */
  Hint openWorld() default Hint.UNSET;

  /** The call timeout in milliseconds; 0 inherits the sandbox's or the gateway's. */
  long timeoutMs() default 0;
}
