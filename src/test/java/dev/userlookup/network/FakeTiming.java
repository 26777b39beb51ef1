package dev.userlookup.network;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Time for tests: a sleep moves the clock to its end at once (no test waits for real) and is
 * written down; the jitter of a backoff is always its ceiling, so waits are known in advance.
 */
public final class FakeTiming implements Timing {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final List<Long> sleptUntil = new CopyOnWriteArrayList<>();
    private final Clock wall;

    public FakeTiming() {
        this(Instant.parse("2025-03-14T09:00:00Z"));
    }

    public FakeTiming(Instant wall) {
        this.wall = Clock.fixed(wall, ZoneOffset.UTC);
    }

    @Override
    public long nanoTime() {
        return now.get();
    }

    @Override
    public void sleepUntil(long deadline) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        sleptUntil.add(deadline);
        now.accumulateAndGet(deadline, Math::max);
    }

    @Override
    public long jitter(long bound) {
        return bound;
    }

    @Override
    public Clock wallClock() {
        return wall;
    }

    /** Each sleep's end, in the order they began. */
    public List<Long> sleptUntil() {
        return List.copyOf(sleptUntil);
    }

    /** The distinct moments slept until: one per shared pause, however many workers waited it out. */
    public long pauses() {
        return sleptUntil.stream().distinct().count();
    }
}
