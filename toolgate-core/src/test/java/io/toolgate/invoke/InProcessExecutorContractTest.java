package io.toolgate.invoke;

import io.toolgate.catalog.RegisteredTool;
import io.toolgate.json.Json;

/** The contract for plain in-process executors (lambdas), the simplest implementation. */
class InProcessExecutorContractTest extends ExecutorContract {
  @Override
  protected RegisteredTool echoTool(String name) {
    return Tools.tool(
        name,
        textSchema(),
        call -> Json.object().put("text", call.arguments().get("text").asString()));
  }

  @Override
  protected RegisteredTool failingTool(String name) {
    return Tools.tool(
        name,
        textSchema(),
        call -> {
          throw new IllegalStateException("boom");
        });
  }

  @Override
  protected RegisteredTool slowTool(String name) {
    return Tools.tool(
        name,
        textSchema(),
        call -> {
          Thread.sleep(60_000);
          return Json.object();
        });
  }
}
