package dev.userlookup.console;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Made safe in one place: the key redacted, server text escaped. Fitted to a terminal between
 * words; a script reading stderr still gets one line.
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

    /** Not wrapped: a URL is never broken. */
    public void verbose(String line) {
        stderr.lines(List.of(SafeText.escape(redactor.apply(line))));
    }

    /** Cut to the width: a line that wraps cannot be rewritten in place. */
    public void notice(String message) {
        stderr.inPlace(fitted(line(message), terminal.stderrWidth() - 1));
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

    /** Made safe by the caller. */
    public void trace(List<String> lines) {
        stderr.lines(lines);
    }

    private String line(String message) {
        return "userlookup: " + SafeText.escape(redactor.apply(message == null ? "" : message));
    }
}
