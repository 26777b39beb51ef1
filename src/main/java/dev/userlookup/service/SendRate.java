package dev.userlookup.service;

/**
 * The rate a run sends its requests at, learnt from the service's refusals that do not say when
 * to come back (429, 503 without Retry-After) as the AWS SDKs' adaptive retry mode learns it: a token bucket that holds one token (requests go at least
 * 1/rate apart, never in a burst) and whose rate falls at a refusal and grows back on a CUBIC
 * curve. A limit that does not say its rate (a reverse proxy's 503 page, no Retry-After) is met at
 * the rate it sustains, found again and again: just under the rate last refused the curve is
 * flat, so most requests go where the service let them through, and past it the curve rises
 * slowly, then faster, so a limit that was raised is found too.
 *
 * <p>Until the first refusal there is no limit. At a refusal, the rate refused is the lowest of
 * the rate then, the rate requests were in fact sent at in the second before the refused one, and the rate of the
 * spacing the service refused (from the latest request it let through to the refused one); the
 * rate falls to {@link #KEEP} of {@link #BELOW_REFUSED} of it and climbs back to that
 * {@link #BELOW_REFUSED} in {@link #PLATEAU_SECONDS}. The curve is the rate's own size over
 * time, so a service of 2 requests a second and one of 200 are found alike.
 *
 * <p>Times are {@link System#nanoTime} readings. Not thread-safe: the {@link Pace}'s lock guards it.
 */
final class SendRate {

    /** The part of the rate kept at a refusal (CUBIC's beta). */
    static final double KEEP = 0.8;
    /** Where the curve is flat: under the rate refused, which was past the service's. */
    static final double BELOW_REFUSED = 0.9;
    /** How fast the curve leaves its plateau, a part of the rate per second cubed (CUBIC's C). */
    static final double GROWTH = 0.005;
    /** From a refusal to the plateau: the cube root of (1 - KEEP) / GROWTH, 3.4 s. */
    static final double PLATEAU_SECONDS = Math.cbrt((1 - KEEP) / GROWTH);
    /** The slowest: a request every 10 s, three within the time a run waits for a success. */
    static final double MIN_PER_SECOND = 0.1;
    private static final long SECOND = 1_000_000_000L;
    /** Send times kept to tell the rate sent at: past this many a second, the rate is only "at least". */
    private static final int RECENT = 64;

    private final long start;
    private final long[] sends = new long[RECENT];
    private int sendCount;
    private boolean limited;
    private double perSecond;
    /** The rate the curve is flat at: {@link #BELOW_REFUSED} of the rate last refused. */
    private double plateau;
    private long refusedAt;
    private long nextSend;
    private boolean anyLetThrough;
    /** When the latest request the service let through was sent. */
    private long letThroughSent;

    SendRate(long now) {
        this.start = now;
        this.nextSend = now;
    }

    /** When the next request may go out: at once until the first refusal. */
    long nextSend() {
        return nextSend;
    }

    /** The rate now, requests a second; 0 while there is no limit. */
    double perSecond() {
        return limited ? perSecond : 0;
    }

    /** A request goes out now: the next one waits 1/rate from here. */
    void sent(long now) {
        sends[sendCount++ % RECENT] = now;
        if (limited) {
            nextSend = Math.max(nextSend, now) + interval();
        }
    }

    /** The service let a request sent at {@code sentAt} through (it answered, not with a refusal): the rate follows the curve. */
    void letThrough(long sentAt, long now) {
        if (!anyLetThrough || sentAt - letThroughSent > 0) {
            letThroughSent = sentAt;
            anyLetThrough = true;
        }
        if (limited) {
            double t = (now - refusedAt) / (double) SECOND - PLATEAU_SECONDS;
            perSecond = Math.max(MIN_PER_SECOND, plateau * (1 + GROWTH * t * t * t));
        }
    }

    /** The service refused a request sent at {@code sentAt} for its load (the first refusal of a pause). */
    void refused(long sentAt, long now) {
        double refusedRate = limited ? perSecond : Double.POSITIVE_INFINITY;
        refusedRate = Math.min(refusedRate, sentRate(sentAt));
        if (anyLetThrough && sentAt - letThroughSent > 0) {
            refusedRate = Math.min(refusedRate, (double) SECOND / (sentAt - letThroughSent));
        }
        plateau = Math.max(MIN_PER_SECOND, BELOW_REFUSED * refusedRate);
        perSecond = Math.max(MIN_PER_SECOND, KEEP * plateau);
        refusedAt = now;
        limited = true;
        long lastSent = sendCount == 0 ? now : sends[(sendCount - 1) % RECENT];
        nextSend = Math.max(nextSend, lastSent + interval());
    }

    private long interval() {
        return (long) (SECOND / perSecond);
    }

    /**
     * Requests sent a second over the second up to {@code at} (over the run's time, when it is
     * younger), or over the time the last {@link #RECENT} took, when they all went within it.
     */
    private double sentRate(long at) {
        int kept = Math.min(sendCount, RECENT);
        int within = 0;
        long oldest = at;
        for (int i = 0; i < kept; i++) {
            long sent = sends[(sendCount - 1 - i) % RECENT];
            if (sent - at > 0) {
                continue;
            }
            if (at - sent >= SECOND) {
                break;
            }
            within++;
            oldest = sent;
        }
        long span = within == RECENT ? at - oldest : Math.min(SECOND, at - start);
        return Math.max(1, within) / (Math.max(span, 1_000_000L) / (double) SECOND);
    }
}
