package dev.userlookup.network;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Collects a response body as it comes, counting each piece in the request's hold on the run's
 * {@link MemoryBudget}; gives up (and cancels the stream) past the size cap of one body or past
 * the budget of all.
 */
public final class CappedBodySubscriber implements HttpResponse.BodySubscriber<BodyChunks> {

    /** The body was larger than a cap, or the bodies together larger than the budget. */
    public static final class TooLarge extends IOException {
        private static final long serialVersionUID = 1L;

        TooLarge(long cap) {
            this("the body is larger than " + (cap >> 20) + " MiB");
        }

        TooLarge(String message) {
            super(message);
        }
    }

    private final long cap;
    private final CompletableFuture<BodyChunks> result = new CompletableFuture<>();
    private final BodyChunks body;
    private Flow.Subscription subscription;

    CappedBodySubscriber(long cap, MemoryBudget.Hold hold) {
        this.cap = cap;
        this.body = new BodyChunks(hold);
    }

    @Override
    public CompletionStage<BodyChunks> getBody() {
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
        try {
            for (ByteBuffer item : items) {
                if (body.size() + item.remaining() > cap) {
                    throw new TooLarge(cap);
                }
                body.add(item);
            }
        } catch (TooLarge e) {
            subscription.cancel();
            body.drop();
            result.completeExceptionally(e);
        }
    }

    @Override
    public void onError(Throwable error) {
        body.drop();
        result.completeExceptionally(error);
    }

    @Override
    public void onComplete() {
        result.complete(body);
    }
}
