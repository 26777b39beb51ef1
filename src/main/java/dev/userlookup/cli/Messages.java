package dev.userlookup.cli;

import dev.userlookup.terminal.LineFit;
import dev.userlookup.terminal.PagedOutput;
import dev.userlookup.terminal.ProgressLine;
import dev.userlookup.terminal.SafeText;
import dev.userlookup.terminal.Terminal;
import java.io.PrintStream;
import java.util.function.UnaryOperator;

/**
 * The tool's own lines on standard error, {@code userlookup: <text>} and the lines of -v, written
 * in one place: the key redacted, server text escaped, output held for a pager shown first and a
 * progress line cleared; messages on a terminal fitted to its width between words (a script
 * reading stderr still gets one line).
 */
final class Messages {

    private final PrintStream stderr;
    private final Terminal terminal;
    private final UnaryOperator<String> redactor;
    private volatile ProgressLine progress;
    private volatile PagedOutput heldOutput;

    Messages(PrintStream stderr, Terminal terminal, UnaryOperator<String> redactor) {
        this.stderr = stderr;
        this.terminal = terminal;
        this.redactor = redactor;
    }

    /** A progress line on the same terminal, cleared before each message; null for none. */
    void progress(ProgressLine line) {
        this.progress = line;
    }

    /** Output held back for a pager, shown before each message so stdout and stderr keep their order. */
    void heldOutput(PagedOutput output) {
        this.heldOutput = output;
    }

    void say(String message) {
        write("userlookup: " + SafeText.escape(redactor.apply(message == null ? "" : message)), true);
    }

    /** A line of -v, as it is (a URL is never broken); like a message, after held output and over the progress line. */
    void verbose(String line) {
        write(SafeText.escape(redactor.apply(line)), false);
    }

    private void write(String text, boolean fitted) {
        int width = fitted ? terminal.stderrWidth() : 0;
        synchronized (stderr) {
            PagedOutput held = heldOutput;
            if (held != null) {
                try {
                    held.showHeld();
                } catch (java.io.IOException readerGone) {
                    // the terminal is gone: the message still goes to stderr
                }
            }
            ProgressLine shown = progress;
            if (shown != null) {
                // The message replaces the progress line, which is redrawn after it.
                shown.clear();
            }
            for (String line : LineFit.wrap(text, width, "  ")) {
                stderr.println(line);
            }
            stderr.flush();
        }
    }
}
