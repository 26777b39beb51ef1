package dev.userlookup.console;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The one owner of standard error, with one lock, and the line in place is its state, not an
 * object with a lock of its own: a page worker's -v line and the walk's progress once waited on
 * each other for ever, each holding the lock the other needed. Messages are made safe here, in one
 * place: the key redacted, server text escaped; fitted to a terminal between words, while a script
 * reading stderr still gets one line.
 */
public final class Stderr {

    private static final String CLEAR = "\r\u001b[K";

    private final PrintStream out;
    private final Object lock = new Object();
    /** Guarded by {@link #lock}. */
    private String inPlace;
    /** Read without the lock by writers of stdout, to clear the line only when there is one. */
    private volatile boolean lineShown;
    private volatile PagedOutput held;
    /** Lines said while a pager ran, shown once it has quit. Guarded by {@link #lock}. */
    private final List<String> kept = new java.util.ArrayList<>();
    private long keptBeyond;
    /** Enough for every line of a long run; -v beyond it is only counted. */
    private static final int MAX_KEPT = 10_000;

    private final Terminal terminal;
    private final UnaryOperator<String> redactor;

    public Stderr(PrintStream out, Terminal terminal, UnaryOperator<String> redactor) {
        this.out = out;
        this.terminal = terminal;
        this.redactor = redactor;
    }

    public void say(String message) {
        lines(LineFit.wrap(line(message), terminal.stderrWidth(), "  "));
    }

    /** Not wrapped: a URL is never broken. */
    public void verbose(String line) {
        lines(List.of(SafeText.escape(redactor.apply(line))));
    }

    /** Cut to the width: a line that wraps cannot be rewritten in place. */
    public void notice(String message) {
        inPlace(fitted(line(message), terminal.stderrWidth() - 1));
    }

    /** What failed gives way first; the last part ("retry 2 of 3 in 0.9 s") stays whole. */
    static String fitted(String text, int columns) {
        if (columns < 1 || DisplayWidth.of(text) <= columns) {
            return text;
        }
        int last = text.lastIndexOf("; ");
        if (last > 0) {
            String tail = text.substring(last);
            int room = columns - DisplayWidth.of(tail);
            if (room >= 20) {
                return DisplayWidth.truncate(text.substring(0, last), room) + tail;
            }
        }
        return DisplayWidth.truncate(text, columns);
    }

    private String line(String message) {
        return "userlookup: " + SafeText.escape(redactor.apply(message == null ? "" : message));
    }

    /** Shown before each whole line, so stdout and stderr read in the order they happened. */
    public void heldOutput(PagedOutput output) {
        this.held = output;
    }

    /**
     * Made safe by the caller. Kept while a pager runs ({@link #showKept}): drawn over its screen
     * they would be lost with it, the error among them.
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

    /** The caller fits it to the width: a line that wraps cannot be rewritten. */
    void inPlace(String text) {
        PagedOutput shown = held;
        if (shown != null && shown.pagerRunning()) {
            return; // the pager owns the screen; a line drawn over it would stay there
        }
        synchronized (lock) {
            showLocked(text);
        }
    }

    public ProgressLine progressLine(String unit) {
        return new ProgressLine(this, unit);
    }

    public void clearLine() {
        if (!lineShown) {
            return;
        }
        synchronized (lock) {
            clearLocked();
            out.flush();
        }
    }

    public boolean lineShown() {
        return lineShown;
    }

    /** Decided and drawn under the one lock. */
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
