package dev.userlookup.api;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/** Collects a response body, giving up (and cancelling the stream) past a size cap. */
final class CappedBodySubscriber implements HttpResponse.BodySubscriber<byte[]> {

    /** The body was larger than the cap. */
    static final class TooLarge extends IOException {
        private static final long serialVersionUID = 1L;

        TooLarge(long cap) {
            super("the body is larger than " + (cap >> 20) + " MiB");
        }
    }

    private final long cap;
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(8192);
    private Flow.Subscription subscription;

    CappedBodySubscriber(long cap) {
        this.cap = cap;
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        if (result.isDone()) {
            return;
        }
        for (ByteBuffer item : items) {
            if ((long) buffer.size() + item.remaining() > cap) {
                subscription.cancel();
                result.completeExceptionally(new TooLarge(cap));
                return;
            }
            if (item.hasArray()) {
                buffer.write(item.array(), item.arrayOffset() + item.position(), item.remaining());
            } else {
                byte[] chunk = new byte[item.remaining()];
                item.get(chunk);
                buffer.write(chunk, 0, chunk.length);
            }
        }
    }

    @Override
    public void onError(Throwable error) {
        result.completeExceptionally(error);
    }

    @Override
    public void onComplete() {
        result.complete(buffer.toByteArray());
    }
}
