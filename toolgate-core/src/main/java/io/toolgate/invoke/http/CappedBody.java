package io.toolgate.invoke.http;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Collects a response body up to a cap and stops reading past it: the subscription is cancelled
 * (the connection closed) and the body completes with {@link TooLarge}, so a huge or endless
 * response never fills memory.
 */
final class CappedBody implements HttpResponse.BodySubscriber<byte[]> {
  private final long cap;
  private final CompletableFuture<byte[]> result = new CompletableFuture<>();
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private Flow.Subscription subscription;
  private long received;

  CappedBody(long cap) {
    this.cap = cap;
  }

  /** The body was longer than the cap. */
  static final class TooLarge extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TooLarge(long cap) {
      super("the response is larger than " + cap + " bytes", null, false, false);
    }
  }

  @Override
  public void onSubscribe(Flow.Subscription s) {
    this.subscription = s;
    s.request(1);
  }

  @Override
  public void onNext(List<ByteBuffer> buffers) {
    for (ByteBuffer b : buffers) {
      received += b.remaining();
      if (received > cap) {
        subscription.cancel();
        result.completeExceptionally(new TooLarge(cap));
        return;
      }
      byte[] chunk = new byte[b.remaining()];
      b.get(chunk);
      bytes.writeBytes(chunk);
    }
    subscription.request(1);
  }

  @Override
  public void onError(Throwable throwable) {
    result.completeExceptionally(throwable);
  }

  @Override
  public void onComplete() {
    result.complete(bytes.toByteArray());
  }

  @Override
  public CompletionStage<byte[]> getBody() {
    return result;
  }
}
