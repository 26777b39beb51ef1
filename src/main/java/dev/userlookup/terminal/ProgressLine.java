package dev.userlookup.terminal;

import java.io.PrintStream;

/**
 * One line on standard error that a long walk rewrites in place ({@code 12,000 of 50,000 users,
 * 4,100/s}). Only for a terminal; redrawn at most ten times a second, and cleared before output
 * is written so rows never mix with it.
 */
public final class ProgressLine {

    private static final long MIN_INTERVAL_NANOS = 100_000_000L;
    private static final String CLEAR = "\r\u001b[K";

    private final PrintStream stderr;
    private final long started = System.nanoTime();
    private long lastDrawn;
    private boolean shown;

    public ProgressLine(PrintStream stderr) {
        this.stderr = stderr;
    }

    public synchronized void update(long done, Long total, String unit) {
        long now = System.nanoTime();
        if (shown && now - lastDrawn < MIN_INTERVAL_NANOS) {
            return;
        }
        lastDrawn = now;
        double seconds = Math.max(1e-3, (now - started) / 1e9);
        String text = Counts.format(done) + (total == null ? "" : " of " + Counts.format(total)) + " " + unit
                + ", " + Counts.format(Math.round(done / seconds)) + "/s";
        stderr.print(CLEAR + text);
        stderr.flush();
        shown = true;
    }

    public synchronized void clear() {
        if (shown) {
            stderr.print(CLEAR);
            stderr.flush();
            shown = false;
        }
    }
}
