package io.toolgate.domain.core;

import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.java.JavaToolScanner;
import io.toolgate.catalog.spi.ToolDomain;
import io.toolgate.domain.ToolDomains;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The {@code core} domain: everyday utilities every agent needs and models get wrong on their own.
 *
 * <p>Time ({@code time_now}, {@code time_convert}, {@code time_add}, {@code time_diff}), ids and
 * encodings ({@code uuid_generate}, {@code hash_text}, {@code base64_encode}, {@code
 * base64_decode}), arithmetic ({@code math_evaluate}, a parser of its own, no script engine),
 * {@code unit_convert}, {@code json_query} (JSONPath), {@code regex_match} (with a step budget
 * against catastrophic backtracking) and {@code text_stats}. All are read-only and run in-process.
 * Enabled by default; registered in {@code META-INF/services}.
 */
public final class CoreDomain implements ToolDomain {
  /** The domain name. */
  public static final String NAME = "core";

  private final Clock clock;

  /** The domain on the system clock (what {@link java.util.ServiceLoader} creates). */
  public CoreDomain() {
    this(Clock.systemUTC());
  }

  /** The domain reading {@code clock}, for tests and replays. */
  public CoreDomain(Clock clock) {
    this.clock = clock;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "time, UUIDs, arithmetic, units, JSONPath, hashing, base64, regex and text statistics";
  }

  @Override
  public List<RegisteredTool> tools() {
    String source = ToolDomains.sourceOf(NAME);
    List<RegisteredTool> tools = new ArrayList<>();
    for (Object group :
        List.of(
            new TimeTools(clock),
            new EncodingTools(),
            new MathTools(),
            new UnitTools(),
            new JsonTools(),
            new TextTools())) {
      tools.addAll(JavaToolScanner.scan(group, source));
    }
    tools.sort(Comparator.comparing(RegisteredTool::name));
    return List.copyOf(tools);
  }
}
