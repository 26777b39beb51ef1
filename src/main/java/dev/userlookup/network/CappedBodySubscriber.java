package dev.userlookup.network;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Counts each piece in the run's {@link MemoryBudget} as it comes. Handed on with the headers and
 * awaited here, so {@code HttpClient.send} returns as the headers arrive and the wait for the rest
 * is bounded by the request's deadline, in the requesting thread.
 */
public final class CappedBodySubscriber implements HttpResponse.BodySubscriber<CappedBodySubscriber> {

    /** The body was larger than a cap, or the bodies together larger than the budget. */
    public static final class TooLarge extends IOException {
        private static final long serialVersionUID = 1L;

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
    public CompletionStage<CappedBodySubscriber> getBody() {
        return CompletableFuture.completedStage(this);
    }

    /** Past the deadline, or interrupted, the stream is cancelled and nothing of it is held any more. */
    BodyChunks await(long deadline) throws IOException, TimeoutException, InterruptedException {
        try {
            return result.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | InterruptedException e) {
            abandon();
            throw e;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof IOException ? (IOException) cause : new IOException(cause);
        }
    }

    @Override
    public synchronized void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        if (result.isDone()) {
            subscription.cancel();
        } else {
            subscription.request(Long.MAX_VALUE);
        }
    }

    @Override
    public synchronized void onNext(List<ByteBuffer> items) {
        if (result.isDone()) {
            return;
        }
        try {
            for (ByteBuffer item : items) {
                if (body.size() + item.remaining() > cap) {
                    throw new TooLarge("the body is larger than " + (cap >> 20) + " MiB");
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
    public synchronized void onError(Throwable error) {
        body.drop();
        result.completeExceptionally(error);
    }

    @Override
    public synchronized void onComplete() {
        result.complete(body);
    }

    /** No more of the body is wanted: the stream is cancelled (once subscribed) and what came is let go. */
    private synchronized void abandon() {
        if (result.completeExceptionally(new CancellationException("the body is no longer awaited"))) {
            if (subscription != null) {
                subscription.cancel();
            }
            body.drop();
        }
    }
}
