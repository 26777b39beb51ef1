package dev.userlookup.console;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The tool's own words on standard error, {@code userlookup: <text>}, the lines of -v and the
 * notice of a retry, made safe in one place: the key redacted, server text escaped; messages on a
 * terminal fitted to its width between words (a script reading stderr still gets one line). They
 * are written by the one owner of stderr ({@link Stderr}).
 */
public final class Messages {

    private final Stderr stderr;
    private final Terminal terminal;
    private final UnaryOperator<String> redactor;

    public Messages(Stderr stderr, Terminal terminal, UnaryOperator<String> redactor) {
        this.stderr = stderr;
        this.terminal = terminal;
        this.redactor = redactor;
    }

    public void say(String message) {
        stderr.lines(LineFit.wrap(line(message), terminal.stderrWidth(), "  "));
    }

    /** A line of -v, as it is (a URL is never broken); like a message, after held output and over the progress line. */
    public void verbose(String line) {
        stderr.lines(List.of(SafeText.escape(redactor.apply(line))));
    }

    /**
     * A word for a person at a terminal while a request is retried: one line rewritten in place
     * by the next (cut to the width, since a line that wraps cannot be), gone before the next
     * message or output.
     */
    public void notice(String message) {
        stderr.inPlace(fitted(line(message), terminal.stderrWidth() - 1));
    }

    /** Cut to {@code columns}: what failed gives way first, the last part ("retry 2 of 3 in 0.9 s") stays whole. */
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

    /** Lines made safe by the caller (a stack trace for --verbose), written whole. */
    public void trace(List<String> lines) {
        stderr.lines(lines);
    }

    private String line(String message) {
        return "userlookup: " + SafeText.escape(redactor.apply(message == null ? "" : message));
    }
}
