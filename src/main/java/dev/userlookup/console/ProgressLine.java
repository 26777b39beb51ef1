package dev.userlookup.console;

/** Redrawn at most ten times a second. No lock of its own: its state is guarded by the lock of its {@link Stderr} (see there why). */
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

    public void update(long done, Long total) {
        owner.progress(this, done, total);
    }

    public void clear() {
        owner.clearLine();
    }

    /** Under the owner's lock. */
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
