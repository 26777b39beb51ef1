package dev.userlookup.service;

import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.Timing;

import java.time.Duration;
import java.util.PriorityQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The pace of a run, shared by every request of its client (each page of a walk, each id of a
 * batch): when the service says it is overloaded (429, 503), the whole run slows, not the one
 * worker that heard it. Every request then waits out one shared pause, the larger of Retry-After
 * and an exponential backoff with full jitter, and the number of requests in flight halves; each
 * success lets one more in again (additive increase, multiplicative decrease). Places go to the
 * oldest request first, so a retry goes before a page not yet asked for.
 *
 * <p>One lock guards it all; nothing else is locked while it is held, and no one sleeps holding it.
 */
final class Pace {

    private final Duration baseDelay;
    private final Timing timing;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    /** Tickets of the requests waiting for a place, the oldest first. */
    private final PriorityQueue<Long> waiting = new PriorityQueue<>();
    private long nextTicket;
    private long pauseUntil;
    private int limit = Integer.MAX_VALUE;
    private int inFlight;
    /** Counts the pauses: an answer to a request sent before the latest pause began is part of it. */
    private long era;
    /** Pauses since the last success: the exponent of the backoff. */
    private int throttles;
    /** A request that gave up on the service's overload: the requests of its time fail with it. */
    private ServiceException overloaded;
    /** Tickets below this one were given before {@link #overloaded}: they do not go out again. */
    private long overloadedBefore;

    Pace(Duration baseDelay, Timing timing) {
        this.baseDelay = baseDelay;
        this.timing = timing;
        this.pauseUntil = timing.nanoTime();
    }

    /** A request's place in the queue, kept over its retries. */
    long ticket() {
        lock.lock();
        try {
            return nextTicket++;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until no pause holds, the request is the oldest waiting and fewer than the limit are
     * in flight; then it counts as in flight until its {@link Slot} is closed.
     */
    Slot enter(long ticket) {
        lock.lock();
        if (!waiting.contains(ticket)) {
            waiting.add(ticket);
        }
        boolean entered = false;
        try {
            while (true) {
                if (overloaded != null && ticket < overloadedBefore) {
                    throw new GaveUp(overloaded);
                }
                long until = pauseUntil;
                if (until - timing.nanoTime() > 0) {
                    lock.unlock();
                    try {
                        timing.sleepUntil(until);
                    } finally {
                        lock.lock();
                    }
                    continue;
                }
                if (waiting.peek() == ticket && inFlight < limit) {
                    waiting.poll();
                    inFlight++;
                    entered = true;
                    changed.signalAll();
                    return new Slot(ticket, era);
                }
                changed.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        } finally {
            if (!entered) {
                waiting.remove(ticket);
                changed.signalAll();
            }
            lock.unlock();
        }
    }

    /**
     * A request gave up on the service's overload (429 or 503 after its retries, or a Retry-After
     * too long to sit out): every request of its time (its ticket given before now) that is not
     * out fails at once with the same failure, whenever it would go out again. A walk or a batch
     * fails on its first failure in input order anyway; without this, the requests placed before
     * the one whose failure ends it would spend their retries first, each 429 doubling the shared
     * pause, and the run could take minutes to fail. A request asked for later (the next id after
     * a base-URL check that met a busy service) goes out as ever.
     */
    void gaveUp(ServiceException failure) {
        lock.lock();
        try {
            overloaded = failure;
            overloadedBefore = nextTicket;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The request has ended, answered or not: it no longer queues (see {@link Slot#throttled}). */
    void done(long ticket) {
        lock.lock();
        try {
            if (waiting.remove(ticket)) {
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Sleeps {@code wait} (the backoff of a request that failed on its own, not the service's load). */
    void sleep(Duration wait) {
        try {
            timing.sleepUntil(timing.nanoTime() + wait.toNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        }
    }

    /**
     * Full jitter: a random wait between 0 and base x 2^n, the ceiling no higher than the longest
     * Retry-After the tool sits out ({@link ClientSettings#MAX_RETRY_AFTER}).
     */
    Duration backoff(int n) {
        long ceiling = Math.min(baseDelay.toMillis() << Math.min(n, 10), ClientSettings.MAX_RETRY_AFTER.toMillis());
        return Duration.ofMillis(timing.jitter(ceiling));
    }

    /** The request limit now (tests, -v). */
    int limit() {
        lock.lock();
        try {
            return limit;
        } finally {
            lock.unlock();
        }
    }

    /** Requests waiting for a place (tests). */
    int queued() {
        lock.lock();
        try {
            return waiting.size();
        } finally {
            lock.unlock();
        }
    }

    /** Thrown by {@link #enter} to a request of the time another gave up on the service's load. */
    static final class GaveUp extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient ServiceException failure;

        GaveUp(ServiceException failure) {
            super(failure.getMessage(), null, false, false);
            this.failure = failure;
        }

        /** The failure of the request that gave up. */
        ServiceException failure() {
            return failure;
        }
    }

    /** One request in flight; closing it frees its place. */
    final class Slot implements AutoCloseable {
        private final long ticket;
        private final long sentInEra;
        private boolean left;

        private Slot(long ticket, long era) {
            this.ticket = ticket;
            this.sentInEra = era;
        }

        /** An answer that was not the service's overload: one more request may be in flight. */
        void succeeded() {
            lock.lock();
            try {
                if (limit < Integer.MAX_VALUE) {
                    limit++;
                }
                throttles = 0;
                leave();
            } finally {
                lock.unlock();
            }
        }

        /**
         * A 429 or 503: the first since the latest pause began starts a new one for everyone
         * (the larger of {@code retryAfter} and the backoff) and halves the limit; a later one
         * from a request sent before it only lengthens it to its own Retry-After. The request
         * queues again at once, in its old place: its retry goes before any request younger than
         * it, however the threads are scheduled ({@link #done} when it gives up instead).
         *
         * @return how long from now the run is paused
         */
        Duration throttled(Duration retryAfter) {
            lock.lock();
            try {
                long now = timing.nanoTime();
                Duration asked = retryAfter == null ? Duration.ZERO : retryAfter;
                Duration pause = asked;
                if (sentInEra == era) {
                    era++;
                    limit = Math.max(1, Math.min(limit, inFlight) / 2);
                    Duration backoff = backoff(throttles++);
                    pause = backoff.compareTo(asked) > 0 ? backoff : asked;
                }
                long until = now + pause.toNanos();
                if (until - pauseUntil > 0) {
                    pauseUntil = until;
                }
                leave();
                waiting.add(ticket);
                return Duration.ofNanos(Math.max(0, pauseUntil - now));
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void close() {
            lock.lock();
            try {
                leave();
            } finally {
                lock.unlock();
            }
        }

        private void leave() {
            if (!left) {
                left = true;
                inFlight--;
                changed.signalAll();
            }
        }
    }
}
