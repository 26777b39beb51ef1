package dev.userlookup.console;

import java.io.IOException;
import java.io.OutputStream;
import java.util.function.UnaryOperator;

/**
 * One run's console (what gh calls IOStreams): standard output, through a pager on a terminal
 * once it is taller than the screen, standard error's one owner and the tool's messages on it.
 * Every command takes its streams from here; {@link #close} ends them in order.
 */
public final class Console {

    private final Io io;
    private final Stderr stderr;
    private final Messages messages;
    private OutputStream stdout;
    private volatile PagedOutput paged;
    private boolean pagerAllowed = true;
    /** Nothing to take out until the run's key is known. */
    private volatile UnaryOperator<String> redaction = UnaryOperator.identity();

    public Console(Io io) {
        this.stderr = new Stderr(io.stderr());
        Terminal terminal = io.terminal();
        // Every write to stdout goes after the line in place on stderr is taken away, when both are one screen.
        this.io = new Io(io.stdin(), new LineClearingOutput(io.stdout(), stderr, terminal::stdoutIsTerminal),
                io.stderr(), io.env(), terminal);
        this.messages = new Messages(stderr, terminal, this::redact);
    }

    /** From now on the key is taken out of every text the run says: set once the key is known. */
    public void redactWith(UnaryOperator<String> redaction) {
        this.redaction = redaction;
    }

    /** Takes the run's key out of {@code text}; before the key is known there is none to take out. */
    public String redact(String text) {
        return redaction.apply(text);
    }

    /** The process's streams, environment and terminal; its stdout never goes through a pager. */
    public Io io() {
        return io;
    }

    public Terminal terminal() {
        return io.terminal();
    }

    /** Standard error's one owner: messages, -v lines, progress and retry notices all go through it. */
    public Stderr stderr() {
        return stderr;
    }

    public Messages messages() {
        return messages;
    }

    /** Keeps output off the pager: a person typing input at the same terminal needs to see it come. */
    public void keepOffPager() {
        pagerAllowed = false;
    }

    /** Standard output, through a pager on a terminal once it is taller than the screen. */
    public OutputStream stdout() {
        if (stdout == null) {
            Terminal terminal = io.terminal();
            String pager = Pager.command(io.env());
            boolean wanted = pagerAllowed && pager != null && terminal.stdoutIsTerminal() && terminal.height() > 0;
            if (wanted && !Pager.runnable(pager, io.env())) {
                // Output into a pager that never started would be lost, and the run end 0.
                String variable = Pager.chosenBy(io.env());
                if (variable != null) {
                    messages.say("warning: the pager '" + pager + "' of " + variable + " is not found; output is shown without one");
                }
                wanted = false;
            }
            if (wanted) {
                paged = new PagedOutput(io.stdout(), pager, io.env(), terminal.height(), terminal.width());
                stderr.heldOutput(paged);
                stdout = StdoutGuard.around(paged);
            } else {
                stdout = io.stdout();
            }
        }
        return stdout;
    }

    /**
     * Standard output never through a pager: for what the tool writes whole in one go (a count,
     * doctor's report, the profiles, a completion script), as it always has.
     */
    public OutputStream unpagedStdout() {
        return io.stdout();
    }

    /** Whether output went to a pager that has not quit yet: it owns the terminal until it does. */
    public boolean pagerRunning() {
        PagedOutput output = paged;
        return output != null && output.pagerRunning();
    }

    /** A signal stopped the run: the pager goes too, unless the user's LESS says how less takes Ctrl-C ({@link PagedOutput#stop}). */
    public void stopPager() {
        PagedOutput output = paged;
        if (output != null) {
            output.stop();
        }
    }

    /** Whether Ctrl-C ended the pager, once {@link #close} has waited for it: the run was interrupted. */
    public boolean pagerEndedByCtrlC() {
        PagedOutput output = paged;
        return output != null && output.endedByCtrlC();
    }

    /** Ends the output (waiting for a pager to quit), then takes the line in place off stderr. */
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
