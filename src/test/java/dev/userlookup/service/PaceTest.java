package dev.userlookup.service;

import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.FakeTiming;
import dev.userlookup.network.Timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The run's shared pace: one pause for everyone, the limit halved, grown back by one a success. */
@Timeout(20)
class PaceTest {

    private static final Duration BASE = Duration.ofMillis(500);

    /** A clock that moves only when the test says; sleepers block until then and say they sleep. */
    static final class ManualTiming implements Timing {
        private long now = 0;
        final BlockingQueue<Long> sleeping = new LinkedBlockingQueue<>();

        @Override
        public synchronized long nanoTime() {
            return now;
        }

        @Override
        public synchronized void sleepUntil(long deadline) throws InterruptedException {
            sleeping.add(deadline);
            while (now < deadline) {
                wait();
            }
        }

        synchronized void advance(Duration by) {
            now += by.toNanos();
            notifyAll();
        }

        @Override
        public long jitter(long bound) {
            return bound;
        }

        @Override
        public Clock wallClock() {
            return Clock.systemUTC();
        }
    }

    private static List<Pace.Slot> enter(Pace pace, int count) {
        List<Pace.Slot> slots = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            slots.add(pace.enter(pace.begin(), "list"));
        }
        return slots;
    }

    /**
     * Enters from a thread of its own; the future completes with the slot once it is in. Not
     * from the common pool: on two cores it has one thread on JDK 25 (JDK 17 gave each task a
     * thread of its own), so a second waiter never ran while the first blocked.
     */
    private static CompletableFuture<Pace.Slot> enterLater(Pace pace, long request) {
        CompletableFuture<Pace.Slot> entered = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                entered.complete(pace.enter(request, "list"));
            } catch (Throwable t) {
                entered.completeExceptionally(t);
            }
        }, "enter-" + request);
        thread.setDaemon(true);
        thread.start();
        return entered;
    }

    @Test
    void aThrottleHalvesTheRequestsInFlightAndEveryoneWaitsOutOnePause() throws Exception {
        ManualTiming timing = new ManualTiming();
        Pace pace = new Pace(timing);
        List<Pace.Slot> slots = enter(pace, 8);

        Duration pause = slots.get(0).throttled(Duration.ZERO);  // that request gives up; the others' answers are still to come

        assertEquals(BASE, pause, "the larger of Retry-After (0) and the first backoff (its ceiling here)");
        assertEquals(4, pace.limit());
        CompletableFuture<Pace.Slot> first = enterLater(pace, pace.begin());
        CompletableFuture<Pace.Slot> second = enterLater(pace, pace.begin());
        long a = timing.sleeping.poll(5, TimeUnit.SECONDS);
        long b = timing.sleeping.poll(5, TimeUnit.SECONDS);
        assertEquals(a, b, "both wait for the same moment");
        assertEquals(pause.toNanos(), a);

        timing.advance(pause);
        // The pause is over, but 7 are still in flight and the limit is 4.
        for (int i = 1; i <= 3; i++) {
            slots.get(i).close();
        }
        assertTrue(!first.isDone() && !second.isDone());
        slots.get(4).close();
        Pace.Slot in = (Pace.Slot) CompletableFuture.anyOf(first, second).get(5, TimeUnit.SECONDS);
        CompletableFuture<Pace.Slot> other = first.isDone() && first.join() == in ? second : first;
        assertTrue(!other.isDone(), "one place was free, for one of them");
        slots.get(5).close();
        other.get(5, TimeUnit.SECONDS).close();
        in.close();
    }

    @Test
    void answersToRequestsSentBeforeThePauseBeganDoNotHalveAgain() {
        FakeTiming timing = new FakeTiming();
        Pace pace = new Pace(timing);
        List<Pace.Slot> slots = enter(pace, 16);

        slots.get(0).throttled(Duration.ZERO);
        for (int i = 1; i < 16; i++) {
            slots.get(i).throttled(Duration.ZERO);
        }

        assertEquals(8, pace.limit(), "sixteen 429s of one burst are one signal");
    }

    @Test
    void eachThrottleAfterAPauseHalvesAgainAndDoublesTheBackoff() {
        Pace pace = new Pace(new FakeTiming());
        List<Pace.Slot> slots = enter(pace, 16);
        slots.subList(1, 16).forEach(Pace.Slot::close);
        long request = 0;

        List<Integer> limits = new ArrayList<>();
        List<Duration> pauses = new ArrayList<>();
        Pace.Slot slot = slots.get(0);
        for (int i = 0; i < 6; i++) {
            pauses.add(slot.throttled(null));
            limits.add(pace.limit());
            slot = pace.enter(request, "list");
        }
        slot.close();

        // Alone in flight at each 429: the limit goes to one at once and stays there.
        assertEquals(List.of(1, 1, 1, 1, 1, 1), limits);
        assertEquals(List.of(Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4),
                Duration.ofSeconds(8), Duration.ofSeconds(16)), pauses);
    }

    /**
     * A limit that does not say its rate (nginx's limit_req: a 503 page, no Retry-After): one
     * request let through, the next, sent 100 ms later, refused. Before, once the pause was over
     * the requests went out together again, and each burst met the same refusal; now they go one
     * at a time, under the rate of the spacing refused (10 a second), until answers let it grow.
     */
    @Test
    void afterARefusalRequestsGoOutOneAtATimeUnderTheRateRefused() throws Exception {
        FakeTiming timing = new FakeTiming();
        Pace pace = new Pace(timing);
        long start = timing.nanoTime();
        pace.enter(pace.begin(), "list").answered();
        timing.sleepUntil(start + Duration.ofMillis(100).toNanos());
        long refused = pace.begin();
        Duration wait = pace.enter(refused, "list").throttled(null);
        long pauseEnd = timing.nanoTime() + wait.toNanos();

        List<Long> sent = new ArrayList<>();
        Pace.Slot retry = pace.enter(refused, "list");
        sent.add(timing.nanoTime());
        retry.answered();
        for (int i = 0; i < 3; i++) {
            Pace.Slot next = pace.enter(pace.begin(), "list");
            sent.add(timing.nanoTime());
            next.answered();
        }

        assertTrue(sent.get(0) >= pauseEnd, "the retry waited out the pause");
        for (int i = 1; i < sent.size(); i++) {
            long apart = sent.get(i) - sent.get(i - 1);
            assertTrue(apart >= Duration.ofMillis(100).toNanos(), "sent " + apart / 1_000_000 + " ms after the one before");
        }
        double perSecond = pace.perSecond();
        assertTrue(perSecond > 0 && perSecond < 10, perSecond + " requests a second");
    }

    @Test
    void aRefusalThatSaysWhenToComeBackTeachesNoRate() {
        Pace pace = new Pace(new FakeTiming());

        pace.enter(pace.begin(), "list").throttled(Duration.ZERO);

        assertEquals(0, pace.perSecond(), "its Retry-After is the pause: the service said when, not how often");
    }

    @Test
    void theQuietTimeIsSinceTheLastAnswerNotSinceTheLastRefusal() throws Exception {
        FakeTiming timing = new FakeTiming();
        Pace pace = new Pace(timing);
        long start = timing.nanoTime();
        timing.sleepUntil(start + Duration.ofSeconds(2).toNanos());
        pace.enter(pace.begin(), "list").answered();
        timing.sleepUntil(start + Duration.ofSeconds(5).toNanos());
        pace.enter(pace.begin(), "list").throttled(null);

        assertEquals(Duration.ofSeconds(3), pace.quiet());
    }

    @Test
    void aLongerRetryAfterWinsOverTheBackoff() {
        Pace pace = new Pace(new FakeTiming());
        Pace.Slot slot = pace.enter(pace.begin(), "list");

        assertEquals(Duration.ofSeconds(7), slot.throttled(Duration.ofSeconds(7)));
    }

    @Test
    void theBackoffNeverPassesTheLongestWaitSatOut() {
        Pace pace = new Pace(new FakeTiming());

        assertEquals(ClientSettings.MAX_RETRY_AFTER, pace.backoff(10));
    }

    @Test
    void eachSuccessLetsOneMoreRequestIn() {
        Pace pace = new Pace(new FakeTiming());
        List<Pace.Slot> slots = enter(pace, 8);
        slots.get(0).throttled(Duration.ZERO);
        assertEquals(4, pace.limit());

        slots.get(1).answered();
        slots.get(2).answered();

        assertEquals(6, pace.limit());
    }

    /** Limit one, one request in flight (returned), nothing queued. */
    private static Pace.Slot limitedToOne(Pace pace) {
        long first = pace.begin();
        Pace.Slot throttled = pace.enter(first, "list");
        Pace.Slot busy = pace.enter(pace.begin(), "list");
        throttled.throttled(Duration.ZERO);
        assertEquals(1, pace.limit());
        return busy;
    }

    private static void awaitQueued(Pace pace, int count) {
        while (pace.queued() != count) {
            Thread.onSpinWait();
        }
    }

    /**
     * A request that gave up on the service's overload fails the requests of its time: one waiting
     * for a place fails at once with that failure; one asked for later goes out. Before, the
     * requests placed earlier spent their retries first, each 429 doubling the pause: a batch
     * refused with 429 took over a minute to fail in one run of ThrottleTest.
     */
    @Test
    void aRequestThatGaveUpOnTheOverloadFailsEveryRequestNotYetOut() throws Exception {
        Pace pace = new Pace(new FakeTiming());
        Pace.Slot busy = limitedToOne(pace);
        CompletableFuture<Pace.Slot> waiting = enterLater(pace, pace.begin());
        awaitQueued(pace, 1);
        ServiceException busyService = new ServiceException.Unavailable("list (offset 500 limit 500)",
                "the service is busy (HTTP 429)", null, "gave up after 3 retries", null);

        pace.gaveUp(busyService);

        java.util.concurrent.ExecutionException failed = org.junit.jupiter.api.Assertions.assertThrows(
                java.util.concurrent.ExecutionException.class, () -> waiting.get(5, TimeUnit.SECONDS));
        ServiceException gaveUp = assertInstanceOf(ServiceException.Unavailable.class, failed.getCause());
        assertEquals("list: the service is busy (HTTP 429); another request of this run gave up on the service's load, "
                + "so this one was not sent again", gaveUp.getMessage());
        assertEquals(busyService.decidedBy(), gaveUp.decidedBy());
        assertEquals(0, pace.queued());
        busy.close();
        // A request asked for after it goes out as ever (the run goes on where the caller goes on).
        pace.enter(pace.begin(), "list").close();
    }

    @Test
    void anInterruptedWaitEndsAsCancelledAndLeavesTheQueue() throws Exception {
        Pace pace = new Pace(new FakeTiming());
        Pace.Slot busy = limitedToOne(pace);
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        long request = pace.begin();
        Thread waiter = new Thread(() -> {
            try {
                pace.enter(request, "list");
                outcome.complete(null);
            } catch (Throwable t) {
                outcome.complete(t);
            }
        });
        waiter.start();
        awaitQueued(pace, 1);

        waiter.interrupt();

        assertInstanceOf(CancellationException.class, outcome.get(5, TimeUnit.SECONDS));
        assertEquals(0, pace.queued());
        busy.close();
        pace.enter(pace.begin(), "list").close();  // nobody is stuck ahead of a newcomer
    }
}
