package dev.userlookup.console;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;

/** What gh calls IOStreams; {@link #close} ends the streams in order. */
public final class Console {

    private final Io io;
    private final Stderr stderr;
    private OutputStream stdout;
    private volatile PagedOutput paged;
    private boolean pagerAllowed = true;
    /** Nothing to take out until the run's key is known. */
    private volatile UnaryOperator<String> redaction = UnaryOperator.identity();

    public Console(Io io) {
        Terminal terminal = io.terminal();
        this.stderr = new Stderr(io.stderr(), terminal, this::redact);
        // Every write to stdout goes after the line in place on stderr is taken away, when both are one screen.
        this.io = new Io(io.stdin(), new StdoutGuard(io.stdout(), stderr, terminal::stdoutIsTerminal),
                io.stderr(), io.env(), terminal);
    }

    public void redactWith(UnaryOperator<String> redaction) {
        this.redaction = redaction;
    }

    public String redact(String text) {
        return redaction.apply(text);
    }

    /** Its stdout never goes through a pager. */
    public Io io() {
        return io;
    }

    public Terminal terminal() {
        return io.terminal();
    }

    public Stderr stderr() {
        return stderr;
    }

    /** A person typing input at the same terminal needs to see the output come. */
    public void keepOffPager() {
        pagerAllowed = false;
    }

    public OutputStream stdout() {
        if (stdout == null) {
            Terminal terminal = io.terminal();
            String pager = Pager.command(io.env());
            boolean wanted = pagerAllowed && pager != null && terminal.stdoutIsTerminal() && terminal.height() > 0;
            if (wanted && !Pager.runnable(pager, io.env())) {
                // Output into a pager that never started would be lost, and the run end 0.
                String variable = Pager.chosenBy(io.env());
                if (variable != null) {
                    stderr.say("warning: the pager '" + pager + "' of " + variable + " is not found; output is shown without one");
                }
                wanted = false;
            }
            if (wanted) {
                paged = new PagedOutput(io.stdout(), pager, io.env(), terminal.height(), terminal.width());
                stderr.heldOutput(paged);
                stdout = new StdoutGuard(paged, null, null);
            } else {
                stdout = io.stdout();
            }
        }
        return stdout;
    }

    /** What the tool writes whole in one go (a count, doctor's report, a completion script): never paged. */
    public void printWhole(String text) throws IOException {
        io.stdout().write(text.getBytes(StandardCharsets.UTF_8));
        io.stdout().flush();
    }

    public boolean pagerRunning() {
        PagedOutput output = paged;
        return output != null && output.pagerRunning();
    }

    public void stopPager() {
        PagedOutput output = paged;
        if (output != null) {
            output.stop();
        }
    }

    public boolean pagerEndedByCtrlC() {
        PagedOutput output = paged;
        return output != null && output.endedByCtrlC();
    }

    public void close() {
        try {
            if (paged != null) {
                paged.close();
            }
        } catch (IOException readerGone) {
            // nothing more can be shown to a reader that went away
        } finally {
            stderr.clearLine();
            // What was said while a pager showed the output (an error among it) comes after it has quit.
            stderr.showKept();
        }
    }
}
