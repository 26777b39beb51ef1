package dev.userlookup.network;

import java.time.Clock;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * How the client waits: a clock for pauses, a sleep until a moment, the jitter of a backoff and
 * the wall clock that says when to try again. Tests give a fake one, so no test waits for real.
 */
public interface Timing {

    /** A monotonic clock, as {@link System#nanoTime}. */
    long nanoTime();

    /** Returns once {@link #nanoTime} has reached {@code deadline}. */
    void sleepUntil(long deadline) throws InterruptedException;

    /** A random whole number from 0 to {@code bound}, both included. */
    long jitter(long bound);

    /** The date and time people read. */
    Clock wallClock();

    /** The real clocks and sleep. */
    static Timing system() {
        return new Timing() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public void sleepUntil(long deadline) throws InterruptedException {
                for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
                    TimeUnit.NANOSECONDS.sleep(left);
                }
            }

            @Override
            public long jitter(long bound) {
                return ThreadLocalRandom.current().nextLong(bound + 1);
            }

            @Override
            public Clock wallClock() {
                return Clock.systemDefaultZone();
            }
        };
    }
}
