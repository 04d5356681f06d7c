package io.toolgate.springai;

import io.toolgate.ToolgateApi;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.ToolCallingAdvisor;
import org.springframework.ai.chat.client.advisor.api.AdvisorChain;
import org.springframework.ai.chat.client.advisor.api.BaseAdvisor;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;

/**
 * Pre-selection for a Spring AI {@code ChatClient}: before each call, searches Toolgate with the
 * request's user message and adds the best {@code limit} tools to the request, one callback each;
 * nothing else of the catalog reaches the model.
 *
 * <pre>{@code
 * ChatClient chat = ChatClient.builder(chatModel)
 *     .defaultAdvisors(new ToolgatePreselectionAdvisor(gate, 5))
 *     .build();
 * }</pre>
 *
 * <p>It runs before Spring AI's tool-calling loop ({@link ToolCallingAdvisor}), once per call: the
 * tools chosen for the user's message stay for every round of that call. Tools the request already
 * has are kept; a request without a user text, or whose options do not support tool calling, passes
 * unchanged. Thread-safe.
 */
public final class ToolgatePreselectionAdvisor implements BaseAdvisor {
  /** Just before the tool-calling loop. */
  public static final int DEFAULT_ORDER = ToolCallingAdvisor.DEFAULT_ORDER - 10;

  private final ToolgateApi api;
  private final int limit;

  /**
   * @param api the gateway to search and call
   * @param limit how many tools each request gets, 1 to 20
   */
  public ToolgatePreselectionAdvisor(ToolgateApi api, int limit) {
    this.api = Objects.requireNonNull(api, "api");
    this.limit = ToolgateMode.checkLimit(limit);
  }

  @Override
  public ChatClientRequest before(ChatClientRequest request, AdvisorChain chain) {
    Prompt prompt = request.prompt();
    UserMessage user = prompt.getUserMessage();
    String text = user == null ? null : user.getText();
    if (text == null
        || text.isBlank()
        || !(prompt.getOptions() instanceof ToolCallingChatOptions options)) {
      return request;
    }
    List<ToolCallback> callbacks = new ArrayList<>();
    if (options.getToolCallbacks() != null) {
      callbacks.addAll(options.getToolCallbacks());
    }
    Set<String> present =
        callbacks.stream().map(c -> c.getToolDefinition().name()).collect(Collectors.toSet());
    for (ToolCallback found :
        ToolgateToolCallbackProvider.preselected(api, text, limit).getToolCallbacks()) {
      if (present.add(found.getToolDefinition().name())) {
        callbacks.add(found); // a tool the request already has keeps its own callback
      }
    }
    ToolCallingChatOptions withTools = options.mutate().toolCallbacks(callbacks).build();
    return request.mutate().prompt(prompt.mutate().chatOptions(withTools).build()).build();
  }

  @Override
  public ChatClientResponse after(ChatClientResponse response, AdvisorChain chain) {
    return response;
  }

  @Override
  public int getOrder() {
    return DEFAULT_ORDER;
  }
}
