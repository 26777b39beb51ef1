package dev.userlookup.service;

/**
 * A limit that does not say its rate (429, 503 without Retry-After) is learnt as the AWS SDKs'
 * adaptive retry learns it: a one-token bucket (no bursts) whose rate is cut at a refusal and grows
 * back on a CUBIC curve, flat just under the rate refused and rising past it, so a raised limit is
 * found too. Not thread-safe: the {@link Pace}'s lock guards it.
 */
final class SendRate {

    /** The part of the rate kept at a refusal (CUBIC's beta). */
    static final double KEEP = 0.8;
    /** Where the curve is flat: under the rate refused, which was past the service's. */
    static final double BELOW_REFUSED = 0.9;
    /** How fast the curve leaves its plateau, a part of the rate per second cubed (CUBIC's C). */
    static final double GROWTH = 0.005;
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
    private double plateau;
    private long refusedAt;
    private long nextSend;
    private boolean anyLetThrough;
    private long letThroughSent;

    SendRate(long now) {
        this.start = now;
        this.nextSend = now;
    }

    long nextSend() {
        return nextSend;
    }

    /** The rate now, requests a second; 0 while there is no limit. */
    double perSecond() {
        return limited ? perSecond : 0;
    }

    void sent(long now) {
        sends[sendCount++ % RECENT] = now;
        if (limited) {
            nextSend = Math.max(nextSend, now) + interval();
        }
    }

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

    /**
     * Called at the first refusal of a pause. The rate refused is the lowest of the rate then, the
     * rate in fact sent at, and the spacing refused since the last request let through.
     */
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
