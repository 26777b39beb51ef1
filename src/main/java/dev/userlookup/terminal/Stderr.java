package dev.userlookup.terminal;

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
 * ever, each holding the lock the other needed. Under the lock only leaf locks are taken (the
 * {@link PrintStream}'s own, a {@link PagedOutput}'s), and neither ever calls back here.
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

    public Stderr(PrintStream out) {
        this.out = out;
    }

    /** Output held back for a pager: shown before each whole line. */
    public void heldOutput(PagedOutput output) {
        this.held = output;
    }

    /** Whole lines: after the output held for a pager, in place of the line in place (redrawn by its next update). */
    public void lines(List<String> lines) {
        PagedOutput shown = held;
        synchronized (lock) {
            if (shown != null) {
                try {
                    shown.showHeld();
                } catch (IOException readerGone) {
                    // the terminal is gone: the lines still go to stderr
                }
            }
            clearLocked();
            for (String line : lines) {
                out.println(line);
            }
            out.flush();
        }
    }

    /**
     * The line rewritten in place: replaces whatever line is there. The caller fits it to the
     * width (a line that wraps cannot be rewritten).
     */
    public void inPlace(String text) {
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
