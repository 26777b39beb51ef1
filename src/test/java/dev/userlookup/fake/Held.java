package dev.userlookup.fake;

import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.network.Request;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Answers of the service in memory that are held first, until the test releases them or until a
 * number are held at once, counting how many are held at once: the one place tests hold a
 * request. The run's cancel (an interrupt) ends the hold, as a closed connection ends a slow answer.
 */
public final class Held implements Function<Request, Reply> {

    public final AtomicInteger inFlight = new AtomicInteger();
    public final AtomicInteger most = new AtomicInteger();
    private final long millis;
    private final CountDownLatch release;
    private final Function<Request, Reply> answer;
    /** Opens once this many requests have arrived (none leaves before): a count of 0 holds nothing. */
    private final CountDownLatch together;

    private Held(long millis, CountDownLatch release, Function<Request, Reply> answer, int together) {
        this.millis = millis;
        this.release = release;
        this.answer = answer;
        this.together = new CountDownLatch(together);
    }

    /** Each request answered at once, counted while it is in. */
    public static Held counting(Function<Request, Reply> answer) {
        return new Held(0, new CountDownLatch(0), answer, 0);
    }

    /**
     * Each request held until {@code together} are held at once (25 s at most), then {@code millis}
     * more, so that one past that number would still be counted. The one hold in time: that no
     * more than a number go out at once can only be seen over a window for one more to show.
     */
    public static Held together(int together, long millis, Function<Request, Reply> answer) {
        return new Held(millis, new CountDownLatch(0), answer, together);
    }

    /** Each request held until the test counts {@code release} down (25 s at most). */
    public static Held until(CountDownLatch release, Function<Request, Reply> answer) {
        return new Held(0, release, answer, 0);
    }

    @Override
    public Reply apply(Request request) {
        most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        try {
            together.countDown();
            together.await(25, TimeUnit.SECONDS);
            if (millis > 0) {
                Thread.sleep(millis);
            }
            release.await(25, TimeUnit.SECONDS);
            return answer.apply(request);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted while the service held the request");
        } finally {
            inFlight.decrementAndGet();
        }
    }
}
