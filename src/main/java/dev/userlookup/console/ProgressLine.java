package dev.userlookup.console;

/**
 * A long walk's line on standard error ({@code 12,000 of 50,000 users, 4,100/s}), rewritten in
 * place by its {@link Stderr}, which owns it: only for a terminal, redrawn at most ten times a
 * second, cleared before output is written so rows never mix with it. It has no lock of its own;
 * its state is guarded by the lock of its {@link Stderr}.
 */
public final class ProgressLine {

    private static final long MIN_INTERVAL_NANOS = 100_000_000L;

    private final Stderr owner;
    private final String unit;
    private final long started = System.nanoTime();
    private long lastDrawn;

    ProgressLine(Stderr owner, String unit) {
        this.owner = owner;
        this.unit = unit;
    }

    /** How far the work is, of the total (null when unknown). */
    public void update(long done, Long total) {
        owner.progress(this, done, total);
    }

    /** Takes the line away (whatever line is in place: there is one). */
    public void clear() {
        owner.clearLine();
    }

    /** The text to draw now, or null when it was drawn less than a tenth of a second ago; under the owner's lock. */
    String next(long now, long done, Long total, boolean shown) {
        if (shown && now - lastDrawn < MIN_INTERVAL_NANOS) {
            return null;
        }
        lastDrawn = now;
        double seconds = Math.max(1e-3, (now - started) / 1e9);
        return Counts.format(done) + (total == null ? "" : " of " + Counts.format(total)) + " " + unit
                + ", " + Counts.format(Math.round(done / seconds)) + "/s";
    }
}
