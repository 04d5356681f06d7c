package io.toolgate.invoke.command;

import io.toolgate.catalog.InvalidToolException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * An argv template: {@code {param}} placeholders naming declared parameters are replaced by the
 * argument's value, always inside one argv element (never split, never seen by a shell).
 *
 * <p>Braces that do not name a declared parameter stay literal, so inline scripts such as {@code
 * node -e "console.log({a: 1})"} work. An element whose placeholder has no argument (an optional
 * parameter left out) is dropped. Strings are inserted as they are; numbers, booleans, objects and
 * arrays as their JSON text. The program (element 0) may not hold a placeholder.
 */
final class ArgvTemplate {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z_][A-Za-z0-9_.-]*)}");

  private final List<String> argv;
  private final Set<String> declared;

  ArgvTemplate(String tool, List<String> argv, Set<String> declared) {
    this.argv = List.copyOf(argv);
    this.declared = Set.copyOf(declared);
    Matcher m = PLACEHOLDER.matcher(argv.getFirst());
    while (m.find()) {
      if (declared.contains(m.group(1))) {
        throw new InvalidToolException(
            "tool '"
                + tool
                + "': the program '"
                + argv.getFirst()
                + "' may not come from an argument; put {"
                + m.group(1)
                + "} in a later argv element",
            "/command/0");
      }
    }
  }

  /** The argv for {@code arguments}. */
  List<String> fill(JsonNode arguments) {
    List<String> out = new ArrayList<>(argv.size());
    for (String element : argv) {
      Matcher m = PLACEHOLDER.matcher(element);
      StringBuilder filled = new StringBuilder();
      boolean drop = false;
      while (m.find()) {
        String name = m.group(1);
        if (!declared.contains(name)) {
          m.appendReplacement(filled, Matcher.quoteReplacement(m.group()));
          continue;
        }
        JsonNode value = arguments.get(name);
        if (value == null || value.isNull()) {
          drop = true;
          break;
        }
        String text = value.isString() ? value.asString() : value.toString();
        m.appendReplacement(filled, Matcher.quoteReplacement(text));
      }
      if (!drop) {
        m.appendTail(filled);
        out.add(filled.toString());
      }
    }
    return out;
  }
}
