package dev.userlookup.service;

import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.Timing;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Shared by every request of a client, so that a refusal for the service's load (429, 503) slows
 * the whole run, not the one worker that heard it: one shared pause, and requests in flight AIMD.
 * One lock guards it all; nothing else is locked while it is held, and no one sleeps holding it.
 */
final class Pace {

    /** The first backoff's ceiling; it doubles with each retry. */
    private static final Duration BASE_DELAY = Duration.ofMillis(500);

    private final Timing timing;
    private final SendRate rate;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private int waiting;
    private long begun;
    private long pauseUntil;
    private int limit = Integer.MAX_VALUE;
    private int inFlight;
    /** Counts the pauses: an answer to a request sent before the latest pause began is part of it. */
    private long era;
    private int throttles;
    private ServiceException overloaded;
    /** Requests numbered below this one began before {@link #overloaded}: they do not go out again. */
    private long overloadedBefore;
    private long lastAnswer;

    Pace(Timing timing) {
        this.timing = timing;
        long now = timing.nanoTime();
        this.pauseUntil = now;
        this.lastAnswer = now;
        this.rate = new SendRate(now);
    }

    /** Kept over its retries: a give-up fails the requests begun before it. */
    long begin() {
        return locked(() -> begun++);
    }

    /**
     * A request of the time another gave up on the service's load fails with that failure, named
     * as this one, so a walk or a batch says where it stopped, with the service's status.
     */
    Slot enter(long request, String operation) {
        lock.lock();
        waiting++;
        try {
            while (true) {
                if (overloaded != null && request < overloadedBefore) {
                    throw new ServiceException.Unavailable(operation, overloaded.decidedBy(), overloaded.reason(), null,
                            "another request of this run gave up on the service's load, so this one was not sent again");
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
     * Every request begun before now fails with the same failure instead of going out again: a
     * walk or batch fails on its first failure in input order anyway, and the others would only
     * wait out more pauses to meet the same.
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

    void sleep(Duration wait) {
        try {
            timing.sleepUntil(timing.nanoTime() + wait.toNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        }
    }

    /** Full jitter, the ceiling no higher than the longest Retry-After the tool sits out. */
    Duration backoff(int n) {
        long ceiling = Math.min(BASE_DELAY.toMillis() << Math.min(n, 10), ClientSettings.MAX_RETRY_AFTER.toMillis());
        return Duration.ofMillis(timing.jitter(ceiling));
    }

    Duration quiet() {
        return locked(() -> Duration.ofNanos(timing.nanoTime() - lastAnswer));
    }

    double perSecond() {
        return locked(rate::perSecond);
    }

    int inFlight() {
        return locked(() -> inFlight);
    }

    int limit() {
        return locked(() -> limit);
    }

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

    final class Slot implements AutoCloseable {
        private final long sentInEra;
        private final long sentAt;
        private boolean left;

        private Slot(long era, long sentAt) {
            this.sentInEra = era;
            this.sentAt = sentAt;
        }

        /** Any answer but a refusal for load or a failure: a 404 counts too. */
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
         * Only the first refusal since the latest pause began starts a new one: a later one from a
         * request sent before it was part of the same overload, and only lengthens the pause.
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
