package io.toolgate.client.testing;

import static io.toolgate.testing.ScriptedUpstream.Step.call;
import static io.toolgate.testing.ScriptedUpstream.Step.calls;

import io.toolgate.json.Json;
import io.toolgate.testing.ScriptedUpstream;
import io.toolgate.testing.ScriptedUpstream.Step;

/**
 * The model's turns the framework integrations' agent tests script: each turn is computed from what
 * the model received, so the agent only gets through when the framework really searched and ran the
 * tool ({@code math_evaluate} of {@code 2^10} is {@code 1024}).
 */
public final class AgentScripts {
  /** The user's task. */
  public static final String TASK =
      "What is 2 to the power of 10? Evaluate the arithmetic expression.";

  /** What the model asks tool_search for. */
  public static final String QUERY = "{\"query\": \"evaluate an arithmetic expression\"}";

  /** The arguments of the tool the task needs. */
  public static final String ARGUMENTS = "{\"expression\": \"2^10\"}";

  private AgentScripts() {}

  /** tool_search, then tool_invoke of the best hit it returned, then the answer. */
  public static void searchInvokeAnswer(ScriptedUpstream model) {
    model
        .then(calls(call("call_1", "tool_search", QUERY)))
        .then(
            Step.computed(
                r -> {
                  String best =
                      Json.parse(ScriptedUpstream.lastToolResult(r))
                          .path("tools")
                          .get(0)
                          .path("tool_id")
                          .asString();
                  return calls(
                      call(
                          "call_2",
                          "tool_invoke",
                          "{\"tool_id\": \"" + best + "\", \"arguments\": " + ARGUMENTS + "}"));
                }))
        .then(answerWithTheToolResult());
  }

  /** A call of the first tool the request offers, then the answer. */
  public static void callTheFirstOfferedToolThenAnswer(ScriptedUpstream model) {
    model
        .then(
            Step.computed(
                r ->
                    calls(
                        call(
                            "call_1",
                            r.path("tools").get(0).path("function").path("name").asString(),
                            ARGUMENTS))))
        .then(answerWithTheToolResult());
  }

  /** The final answer quotes the last tool result, so it holds the result only if the tool ran. */
  public static Step answerWithTheToolResult() {
    return Step.computed(r -> Step.text("Done: " + ScriptedUpstream.lastToolResult(r)));
  }
}
