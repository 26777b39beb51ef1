package dev.userlookup.service;

import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.Timing;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The pace of a run, shared by every request of its client (each page of a walk, each id of a
 * batch): when the service refuses for its load (429, 503), the whole run slows, not the one
 * worker that heard it. Every request then waits out one shared pause, the larger of Retry-After
 * and an exponential backoff with full jitter, and the number of requests in flight halves; each
 * answer lets one more in again (additive increase, multiplicative decrease). Requests also go
 * out no faster than the {@link SendRate} that refusals without a Retry-After have taught, one at
 * a time, so a service that limits its rate without saying it is met at the rate it sustains.
 *
 * <p>One lock guards it all; nothing else is locked while it is held, and no one sleeps holding it.
 */
final class Pace {

    private final Duration baseDelay;
    private final Timing timing;
    private final SendRate rate;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    /** Requests waiting for a place (tests). */
    private int waiting;
    private long begun;
    private long pauseUntil;
    private int limit = Integer.MAX_VALUE;
    private int inFlight;
    /** Counts the pauses: an answer to a request sent before the latest pause began is part of it. */
    private long era;
    /** Pauses since the last answer: the exponent of the backoff. */
    private int throttles;
    /** A request that gave up on the service's overload: the requests of its time fail with it. */
    private ServiceException overloaded;
    /** Requests numbered below this one began before {@link #overloaded}: they do not go out again. */
    private long overloadedBefore;
    /** When the service last answered a request other than with a refusal or a failure (at first, when the run began). */
    private long lastAnswer;

    Pace(Duration baseDelay, Timing timing) {
        this.baseDelay = baseDelay;
        this.timing = timing;
        long now = timing.nanoTime();
        this.pauseUntil = now;
        this.lastAnswer = now;
        this.rate = new SendRate(now);
    }

    /** A request begins: its number, kept over its retries (a give-up fails the requests begun before it). */
    long begin() {
        return locked(() -> begun++);
    }

    /**
     * Waits until no pause holds, fewer than the limit are in flight and the {@link SendRate} lets
     * the next request go; then it counts as in flight until its {@link Slot} is closed.
     */
    Slot enter(long request) {
        lock.lock();
        waiting++;
        try {
            while (true) {
                if (overloaded != null && request < overloadedBefore) {
                    throw new GaveUp(overloaded);
                }
                long until = rate.nextSend() - pauseUntil > 0 ? rate.nextSend() : pauseUntil;
                long now = timing.nanoTime();
                if (until - now > 0) {
                    lock.unlock();
                    try {
                        timing.sleepUntil(until);
                    } finally {
                        lock.lock();
                    }
                    continue;
                }
                if (inFlight < limit) {
                    inFlight++;
                    rate.sent(now);
                    return new Slot(era, now);
                }
                changed.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        } finally {
            waiting--;
            lock.unlock();
        }
    }

    /**
     * A request gave up on the service's load (refused when nothing had been answered for the
     * bound, or with a Retry-After too long to sit out): every request of its time (begun
     * before now) that is not out fails at once with the same failure, whenever it would go
     * out again. A walk or a batch fails on its first failure in input order anyway; the others
     * would only wait out more pauses to meet the same. A request asked for later (the next id
     * after a base-URL check that met a busy service) goes out as ever.
     */
    void gaveUp(ServiceException failure) {
        lock.lock();
        try {
            overloaded = failure;
            overloadedBefore = begun;
            changed.signalAll();
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

    /** How long since the service last answered (or since the run began, before its first answer). */
    Duration quiet() {
        return locked(() -> Duration.ofNanos(timing.nanoTime() - lastAnswer));
    }

    /** The send rate now, requests a second; 0 while there is none (-v, tests). */
    double perSecond() {
        return locked(rate::perSecond);
    }

    /** Requests in flight now (tests). */
    int inFlight() {
        return locked(() -> inFlight);
    }

    /** The request limit now (tests). */
    int limit() {
        return locked(() -> limit);
    }

    /** Requests waiting for a place (tests). */
    int queued() {
        return locked(() -> waiting);
    }

    private <T> T locked(Supplier<T> value) {
        lock.lock();
        try {
            return value.get();
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
        private final long sentInEra;
        private final long sentAt;
        private boolean left;

        private Slot(long era, long sentAt) {
            this.sentInEra = era;
            this.sentAt = sentAt;
        }

        /**
         * An answer that was neither a refusal for the service's load nor its failure (a page, a
         * redirect, a 404): one more request may be in flight, and the rate grows on its curve.
         */
        void answered() {
            lock.lock();
            try {
                long now = timing.nanoTime();
                if (limit < Integer.MAX_VALUE) {
                    limit++;
                }
                throttles = 0;
                lastAnswer = now;
                rate.letThrough(sentAt, now);
                leave();
            } finally {
                lock.unlock();
            }
        }

        /**
         * A 429 or 503: the first since the latest pause began starts a new one for everyone
         * (the larger of {@code retryAfter} and the backoff), halves the limit and, without a
         * Retry-After, slows the send rate ({@link SendRate#refused}); a later one from a request
         * sent before it only lengthens the pause to its own Retry-After.
         *
         * @return how long from now until the next request may go (the pause, or the rate's next send)
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
                    if (retryAfter == null) {
                        rate.refused(sentAt, now);  // a limit that does not say when: learn its rate
                    }
                }
                long until = now + pause.toNanos();
                if (until - pauseUntil > 0) {
                    pauseUntil = until;
                }
                leave();
                long next = rate.nextSend() - pauseUntil > 0 ? rate.nextSend() : pauseUntil;
                return Duration.ofNanos(Math.max(0, next - now));
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void close() {
            locked(this::leave);
        }

        private boolean leave() {
            if (!left) {
                left = true;
                inFlight--;
                changed.signalAll();
            }
            return left;
        }
    }
}
