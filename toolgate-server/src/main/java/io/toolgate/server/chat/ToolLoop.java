package io.toolgate.server.chat;

import io.toolgate.json.Json;
import io.toolgate.server.chat.RegistryCalls.Call;
import io.toolgate.server.chat.RegistryCalls.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The tool loop of one request: call the upstream, run the registry calls of its answer, append
 * them to the history, call again, until an answer, a client call or the recursion limit. The same
 * loop serves streaming and non-streaming requests; only the upstream call differs. Thread-safe.
 */
final class ToolLoop {
  private final RegistryCalls calls;
  private final DeferredCalls deferred;

  ToolLoop(RegistryCalls calls, DeferredCalls deferred) {
    this.calls = calls;
    this.deferred = deferred;
  }

  /** One upstream answer: the assistant message, why it ended, usage, and the whole response. */
  record Reply(
      ObjectNode message, String finishReason, Optional<JsonNode> usage, Optional<ObjectNode> raw) {
    static Reply of(ObjectNode completion) {
      JsonNode choice = completion.path("choices").path(0);
      ObjectNode message = choice.get("message") instanceof ObjectNode m ? m : Json.object();
      return new Reply(
          message,
          choice.path("finish_reason").asString("stop"),
          Optional.ofNullable(completion.get("usage")).filter(JsonNode::isObject),
          Optional.of(completion));
    }

    static Reply of(MessageAccumulator acc) {
      return new Reply(
          acc.message(), acc.finishReason().orElse("stop"), acc.usage(), Optional.empty());
    }
  }

  /** How a request ends: the reply, the message to return, and the finish reason. */
  record Ending(Reply reply, ObjectNode message, String finishReason) {}

  /** Runs the loop of {@code turn} until it ends; {@code upstream} makes one call. */
  Ending run(
      Turn turn,
      boolean stream,
      Function<ObjectNode, Reply> upstream,
      Consumer<Outcome> onOutcome) {
    for (int round = 0; ; round++) {
      Reply reply = upstream.apply(turn.upstreamBody(stream, round));
      turn.usage(reply.usage());
      List<Call> all = Turn.calls(reply.message());
      if (all.isEmpty()) {
        return new Ending(reply, reply.message(), reply.finishReason());
      }
      List<Call> client = all.stream().filter(turn::isClientCall).toList();
      List<Call> registry = all.stream().filter(c -> !turn.isClientCall(c)).toList();
      boolean mayRun = round < turn.recursionLimit();
      if (!client.isEmpty()) {
        if (!registry.isEmpty() && mayRun) {
          List<Outcome> outcomes = runRound(turn, registry, round + 1, onOutcome);
          defer(client, outcomes);
        } else {
          turn.notRun(registry);
        }
        return new Ending(reply, Turn.withCalls(reply.message(), client), "tool_calls");
      }
      if (!mayRun) {
        turn.notRun(registry);
        return new Ending(
            reply, Turn.withCalls(reply.message(), List.of()), "tool_recursion_limit");
      }
      turn.appendRound(reply.message(), runRound(turn, registry, round + 1, onOutcome));
    }
  }

  /** Runs one round's registry calls, in parallel when there are several. */
  private List<Outcome> runRound(
      Turn turn, List<Call> round, int number, Consumer<Outcome> onOutcome) {
    List<Outcome> outcomes = new ArrayList<>();
    if (round.size() == 1) {
      outcomes.add(calls.run(round.getFirst(), turn.exposed, turn.names, turn.context.options()));
    } else {
      try (ExecutorService pool =
          Executors.newThreadPerTaskExecutor(
              Thread.ofVirtual().name("toolgate-chat-call-", 0).factory())) {
        List<Future<Outcome>> futures = new ArrayList<>();
        for (Call call : round) {
          futures.add(
              pool.submit(() -> calls.run(call, turn.exposed, turn.names, turn.context.options())));
        }
        for (Future<Outcome> f : futures) {
          outcomes.add(f.get());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ChatFailure(
            ChatReply.error(503, "server_error", "interrupted while running tools"),
            "interrupted",
            e);
      } catch (ExecutionException e) {
        throw new IllegalStateException("a registry call threw", e.getCause());
      }
    }
    turn.recorded(number, outcomes);
    outcomes.forEach(onOutcome);
    return outcomes;
  }

  private void defer(List<Call> client, List<Outcome> outcomes) {
    List<ObjectNode> callJson = new ArrayList<>();
    List<ObjectNode> results = new ArrayList<>();
    for (Outcome o : outcomes) {
      ObjectNode call = Json.object();
      call.put("id", o.call().id());
      call.put("type", "function");
      call.putObject("function")
          .put("name", o.call().name())
          .put("arguments", o.call().arguments());
      callJson.add(call);
      results.add(Turn.toolMessage(o));
    }
    deferred.put(
        client.stream().map(Call::id).toList(), new DeferredCalls.Deferred(callJson, results));
  }
}
