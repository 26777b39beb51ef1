package dev.userlookup.network;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Time for a whole run against a stub that reads the same clock (a rate limit): the clock moves
 * only when the run can do nothing but wait, and then to the earliest moment a thread sleeps
 * until. So a request reaches the stub at the moment it was sent, as over a network with no
 * latency, and the run's waits take no real time. "Nothing but wait": no request out (the run's
 * own word, given to {@link #drive}); every thread woken by the last move has looked at the clock
 * again (so it has gone back to sleep, sent its request, or waits for another thread); and every
 * thread of the run (each that has read the clock, and the one that started the drive) is parked,
 * and has stayed so, with no clock read, for a millisecond. The last is for a hand-off the clock
 * does not see (a page handed on, a worker given its next offset): a thread just unparked still
 * shows as parked until it runs, and on a loaded machine the clock once moved in that moment, so
 * a run met the limit at other times than it would on an idle one. A stub across the network
 * reads {@link #stubTime}, which does not make its thread one of the run's. The jitter of a
 * backoff is drawn from a seeded random, so a run is the same each time.
 */
public final class VirtualTime implements Timing, AutoCloseable {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final Random random;
    /** Sleeping threads and the moment each sleeps until; guarded by this. */
    private final Map<Thread, Long> sleepers = new HashMap<>();
    /** Threads woken by a move that have not read the clock since. */
    private final Set<Thread> woken = ConcurrentHashMap.newKeySet();
    /** The run's threads: each that has read the clock, and the one that started the drive. */
    private final Set<Thread> participants = ConcurrentHashMap.newKeySet();
    /** Counts the clock's reads, so that a hand-off between two looks at the threads is seen. */
    private final AtomicLong reads = new AtomicLong();
    private volatile boolean closed;
    private Thread driver;

    public VirtualTime(long seed) {
        this.random = new Random(seed);
    }

    /** Starts moving the clock; {@code requestsOut} says whether a request of the run is out. */
    public void drive(BooleanSupplier requestsOut) {
        participants.add(Thread.currentThread());
        driver = new Thread(() -> {
            while (!closed) {
                if (!awaitSleepers()) {
                    return;
                }
                long seen = reads.get();
                if (!canOnlyWait(requestsOut)) {
                    LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(50));
                    continue;
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
                if (reads.get() == seen && canOnlyWait(requestsOut)) {
                    move();
                }
            }
        }, "virtual-time");
        driver.setDaemon(true);
        driver.start();
    }

    /** In this order: a woken thread that sends its request has it counted out before it leaves {@link #woken}. */
    private boolean canOnlyWait(BooleanSupplier requestsOut) {
        return wokenHaveActed() && participantsParked() && !requestsOut.getAsBoolean();
    }

    private boolean participantsParked() {
        participants.removeIf(thread -> !thread.isAlive());
        for (Thread thread : participants) {
            Thread.State state = thread.getState();
            if (state != Thread.State.WAITING && state != Thread.State.TIMED_WAITING) {
                return false;
            }
        }
        return true;
    }

    private synchronized boolean awaitSleepers() {
        while (!closed && sleepers.isEmpty()) {
            try {
                wait();
            } catch (InterruptedException e) {
                return false;
            }
        }
        return !closed;
    }

    /**
     * Whether every thread woken by the last move has acted. Most read the clock again; one whose
     * task ends without it (a request that gives up at once, as every one does once one has given
     * up on the service) has acted once it waits in its pool for the next task, or has ended.
     * Left in, it would hold the clock still for good.
     */
    private boolean wokenHaveActed() {
        woken.removeIf(VirtualTime::awaitsItsNextTask);
        return woken.isEmpty();
    }

    private static boolean awaitsItsNextTask(Thread thread) {
        if (!thread.isAlive()) {
            return true;
        }
        if (thread.getState() != Thread.State.WAITING && thread.getState() != Thread.State.TIMED_WAITING) {
            return false;
        }
        for (StackTraceElement frame : thread.getStackTrace()) {
            if (frame.getClassName().equals("java.util.concurrent.ThreadPoolExecutor") && frame.getMethodName().equals("getTask")) {
                return true;
            }
        }
        return false;
    }

    private synchronized void move() {
        if (!wokenHaveActed() || sleepers.isEmpty()) {
            return;
        }
        long next = sleepers.values().stream().min(Long::compare).orElseThrow();
        now.set(next);
        sleepers.forEach((thread, until) -> {
            if (until <= next) {
                woken.add(thread);
            }
        });
        notifyAll();
    }

    @Override
    public long nanoTime() {
        Thread self = Thread.currentThread();
        participants.add(self);
        reads.incrementAndGet();
        woken.remove(self);
        return now.get();
    }

    /** The clock as a stub across the network reads it: its thread is not one of the run's. */
    public long stubTime() {
        return now.get();
    }

    @Override
    public synchronized void sleepUntil(long deadline) throws InterruptedException {
        Thread self = Thread.currentThread();
        participants.add(self);
        reads.incrementAndGet();
        woken.remove(self);
        if (deadline - now.get() <= 0) {
            return;
        }
        sleepers.put(self, deadline);
        notifyAll();
        try {
            while (now.get() < deadline) {
                wait();
            }
        } catch (InterruptedException e) {
            woken.remove(self);
            throw e;
        } finally {
            sleepers.remove(self);
        }
    }

    @Override
    public synchronized long jitter(long bound) {
        return random.nextLong(bound + 1);
    }

    @Override
    public Clock wallClock() {
        return Clock.fixed(Instant.parse("2025-03-14T09:00:00Z").plusNanos(now.get()), ZoneOffset.UTC);
    }

    @Override
    public void close() {
        closed = true;
        synchronized (this) {
            notifyAll();
        }
    }
}
