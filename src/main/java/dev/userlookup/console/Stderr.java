package dev.userlookup.console;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

/**
 * Standard error, and the one owner of everything the tool writes there: whole lines (messages,
 * -v lines, a stack trace) and the one line rewritten in place on a terminal (a walk's progress,
 * a retry being waited out). Output held for a pager is shown before a whole line, so stdout and
 * stderr read in the order they happened.
 *
 * <p>One lock guards it all, and the line in place is state of this owner, not an object with a
 * lock of its own: a page worker's -v line and the walk's progress once waited on each other for
 * ever, each holding the lock the other needed. Under the lock only the {@link PrintStream}'s
 * own is taken; held output for a pager is shown before it, since writing it may call back here.
 */
public final class Stderr {

    private static final String CLEAR = "\r\u001b[K";

    private final PrintStream out;
    private final Object lock = new Object();
    /** The text of the line in place, or null when none is shown. Guarded by {@link #lock}. */
    private String inPlace;
    /** Read without the lock by writers of stdout, to clear the line only when there is one. */
    private volatile boolean lineShown;
    private volatile PagedOutput held;
    /** Lines said while a pager ran, shown once it has quit. Guarded by {@link #lock}. */
    private final List<String> kept = new java.util.ArrayList<>();
    private long keptBeyond;
    /** Enough for every line of a long run; -v beyond it is only counted. */
    private static final int MAX_KEPT = 10_000;

    public Stderr(PrintStream out) {
        this.out = out;
    }

    /** Output held back for a pager: shown before each whole line. */
    public void heldOutput(PagedOutput output) {
        this.held = output;
    }

    /**
     * Whole lines: after the output held for a pager, in place of the line in place (redrawn by its
     * next update). While a pager shows the output they are kept for when it has quit
     * ({@link #showKept}): drawn over its screen they would be lost with it, the error among them.
     */
    public void lines(List<String> lines) {
        PagedOutput shown = held;
        if (shown != null) {
            // Before this owner's lock, never under it: writing held output may clear the line in
            // place, which takes this lock. One order: the pager's output, then standard error.
            try {
                shown.showHeld();
            } catch (IOException readerGone) {
                // the terminal is gone: the lines still go to stderr
            }
        }
        synchronized (lock) {
            if (shown != null && shown.pagerRunning()) {
                for (String line : lines) {
                    if (kept.size() < MAX_KEPT) {
                        kept.add(line);
                    } else {
                        keptBeyond++;
                    }
                }
                return;
            }
            clearLocked();
            for (String line : lines) {
                out.println(line);
            }
            out.flush();
        }
    }

    /** The lines kept while a pager ran, now that it has quit. */
    public void showKept() {
        synchronized (lock) {
            clearLocked();
            for (String line : kept) {
                out.println(line);
            }
            if (keptBeyond > 0) {
                out.println("userlookup: (" + keptBeyond + " more lines of -v left out while the pager ran)");
            }
            kept.clear();
            keptBeyond = 0;
            out.flush();
        }
    }

    /**
     * The line rewritten in place: replaces whatever line is there. The caller fits it to the
     * width (a line that wraps cannot be rewritten).
     */
    public void inPlace(String text) {
        PagedOutput shown = held;
        if (shown != null && shown.pagerRunning()) {
            return; // the pager owns the screen; a line drawn over it would stay there
        }
        synchronized (lock) {
            showLocked(text);
        }
    }

    /** A walk's progress line on this stderr, rewritten at most ten times a second. */
    public ProgressLine progressLine(String unit) {
        return new ProgressLine(this, unit);
    }

    /** Takes the line in place away, if one is shown. */
    public void clearLine() {
        if (!lineShown) {
            return;
        }
        synchronized (lock) {
            clearLocked();
            out.flush();
        }
    }

    /** Whether a line in place is shown now (to be cleared before output to the same screen). */
    public boolean lineShown() {
        return lineShown;
    }

    /** For {@link ProgressLine}: its update, decided and drawn under the one lock. */
    void progress(ProgressLine line, long done, Long total) {
        synchronized (lock) {
            String text = line.next(System.nanoTime(), done, total, inPlace != null);
            if (text != null) {
                showLocked(text);
            }
        }
    }

    private void showLocked(String text) {
        out.print(CLEAR + text);
        out.flush();
        inPlace = text;
        lineShown = true;
    }

    private void clearLocked() {
        if (inPlace != null) {
            out.print(CLEAR);
            inPlace = null;
            lineShown = false;
        }
    }
}
