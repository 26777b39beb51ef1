package dev.userlookup.commands;

import dev.userlookup.console.Console;
import dev.userlookup.output.Incomplete;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (SIGINT) and SIGTERM stop the run at once, and what it printed stays whole. Either
 * signal, once noted, becomes the JVM's shutdown, which runs this hook and then exits 130 or 143.
 * The hook interrupts the thread running the command and waits for the run to end: that thread,
 * the only one that writes stdout, notices at its next wait or at the next user it would write,
 * and leaves through the same path as a walk that fails part-way, so a json document is closed
 * (a walk's saying by which signal it was cut short) and ndjson and csv end on a whole line; the
 * run then clears the progress line and lets a pager have
 * the end of its input. A pager owns the terminal until it quits (as git waits for it), and the
 * stop ends the one the tool told to quit on Ctrl-C; without one the wait is bounded, for a stdout
 * that takes nothing more (a reader that stopped reading).
 */
class SignalStop {

    /** For runs inside another program (tests): no hook, never stopped. */
    static final SignalStop NONE = new SignalStop(null);

    /** How long a run without a pager may take to close its output once stopped. */
    private static final long CLOSE_BOUND_MILLIS = 5_000;

    private final Thread runner;
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile boolean stopped;
    /** The signal that came, "INT" or "TERM", once one has; null before, and in-process. */
    private volatile String signal;
    /** The run's console, whose pager the stop ends or waits for; null before the run has one. */
    private volatile Console console;

    SignalStop(Thread runner) {
        this.runner = runner;
    }

    /** A stop that the process's signals trigger, for the run on {@code runner}. */
    static SignalStop onSignals(Thread runner) {
        SignalStop stop = new SignalStop(runner);
        Runtime.getRuntime().addShutdownHook(new Thread(stop::stop, "userlookup-stop"));
        stop.noteWhich("INT");
        stop.noteWhich("TERM");
        return stop;
    }

    /**
     * Notes which signal came, which the shutdown hook is not told: a walk's document names the
     * one that stopped it. The JDK names a signal only to a handler of sun.misc.Signal
     * (jdk.unsupported, kept for this use); this one then ends the process as the JVM's own
     * would, by the shutdown with exit 128 + the signal's number. A signal the JVM leaves alone
     * (ignored from the start, as under nohup; or -Xrs) is left so.
     */
    private void noteWhich(String name) {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal(name), new Noting());
        } catch (IllegalArgumentException e) {
            // The JVM keeps this signal to itself (-Xrs): a stop by it reads as Ctrl-C's.
        }
    }

    /** Notes the signal, then exits as the JVM's handler does: its shutdown hooks run this stop. */
    private final class Noting implements sun.misc.SignalHandler {
        @Override
        public void handle(sun.misc.Signal which) {
            signal = which.getName();
            Runtime.getRuntime().exit(128 + which.getNumber());
        }
    }

    /** The run's console: a stop ends its pager, or, one the user's to quit, waits for it without a bound. */
    void watch(Console console) {
        this.console = console;
    }

    /**
     * Stops the run and waits until it has closed its output. The shutdown hook; also at the
     * normal end of the process, when the run has ended already and there is nothing to do.
     */
    void stop() {
        if (runner == null || ended.getCount() == 0) {
            return;
        }
        stopped = true;
        runner.interrupt();
        Console watched = console;
        if (watched != null) {
            watched.stopPager();
        }
        try {
            while (!ended.await(CLOSE_BOUND_MILLIS, TimeUnit.MILLISECONDS)) {
                if (watched == null || !watched.pagerRunning()) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether a signal stopped the run: then whatever it ended in is said as nothing more than that. */
    boolean stopped() {
        return stopped;
    }

    /** Why a walk's document ends early: the signal that stopped the run (Ctrl-C's if it named none), else a failure. */
    Incomplete.Reason cutShortBy() {
        if (!stopped) {
            return Incomplete.Reason.FAILED;
        }
        return "TERM".equals(signal) ? Incomplete.Reason.TERMINATED : Incomplete.Reason.INTERRUPTED;
    }

    /** The run has closed its output: the process may end. */
    void ended() {
        ended.countDown();
    }
}
