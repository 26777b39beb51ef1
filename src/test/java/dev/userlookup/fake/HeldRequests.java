package dev.userlookup.fake;

import com.github.tomakehurst.wiremock.extension.Parameters;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stub's answers that count how many requests the stub holds at once: each is held
 * {@code sleepMs} (a parameter of the stub), until {@code together} requests have been held at
 * once, or until {@link #release} with {@code hold: true}, then answered by the subclass. The one place tests hold a request in time.
 */
public abstract class HeldRequests implements ResponseDefinitionTransformerV2 {

    public final AtomicInteger inFlight = new AtomicInteger();
    public final AtomicInteger most = new AtomicInteger();
    public volatile CountDownLatch release = new CountDownLatch(0);

    @Override
    public boolean applyGlobally() {
        return false;
    }

    @Override
    public final ResponseDefinition transform(ServeEvent event) {
        most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        try {
            Parameters parameters = event.getTransformerParameters();
            int together = parameters.getInt("together", 0);
            if (together > 0) {
                awaitTogether(together);
            }
            int sleep = parameters.getInt("sleepMs", 0);
            if (sleep > 0) {
                // A hold in time besides: a request cannot know how many more will come, so one
                // more than expected shows only if it comes while the others are still held.
                Thread.sleep(sleep);
            }
            if (Boolean.TRUE.equals(parameters.getBoolean("hold", false))) {
                release.await(25, TimeUnit.SECONDS);
            }
            return answer(event);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            inFlight.decrementAndGet();
        }
    }

    /**
     * Holds the request until {@code together} have been held at once (a loaded machine may take
     * longer than any hold in time to send them all), for 25 s at most: fewer means the tool
     * never had that many out, and the count says so.
     */
    private synchronized void awaitTogether(int together) throws InterruptedException {
        notifyAll();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(25);
        while (most.get() < together) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }

    /** The answer to a request, once it has been held. */
    protected abstract ResponseDefinition answer(ServeEvent event);

    /** Counts from zero, nothing held: before each test. */
    public void reset() {
        inFlight.set(0);
        most.set(0);
        release = new CountDownLatch(0);
    }
}
