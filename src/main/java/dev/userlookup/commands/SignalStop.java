package dev.userlookup.commands;

import dev.userlookup.console.Console;
import dev.userlookup.output.Incomplete;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The shutdown hook interrupts the one thread that writes stdout and waits, so a stopped run leaves
 * as a failing walk does and its output ends whole. A pager owns the terminal until it quits (as git
 * waits for it); without one the wait is bounded, for a stdout nobody reads any more.
 */
class SignalStop {

    /** For runs inside another program (tests). */
    static final SignalStop NONE = new SignalStop(null);

    private static final long CLOSE_BOUND_MILLIS = 5_000;

    private final Thread runner;
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile boolean stopped;
    private volatile String signal;
    private volatile Console console;

    SignalStop(Thread runner) {
        this.runner = runner;
    }

    static SignalStop onSignals(Thread runner) {
        SignalStop stop = new SignalStop(runner);
        Runtime.getRuntime().addShutdownHook(new Thread(stop::stop, "userlookup-stop"));
        stop.noteWhich("INT");
        stop.noteWhich("TERM");
        return stop;
    }

    /**
     * The shutdown hook is not told which signal came, and a walk's document names it: the JDK names
     * a signal only to a sun.misc.Signal handler, which then exits as the JVM's own would (128 +
     * number). A signal the JVM leaves alone (ignored, as under nohup; or -Xrs) is left so.
     */
    private void noteWhich(String name) {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal(name), which -> {
                signal = which.getName();
                Runtime.getRuntime().exit(128 + which.getNumber());
            });
        } catch (IllegalArgumentException e) {
            // The JVM keeps this signal to itself (-Xrs): a stop by it reads as Ctrl-C's.
        }
    }

    void watch(Console console) {
        this.console = console;
    }

    /** Also runs at the normal end of the process, when there is nothing left to do. */
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

    /** Then whatever the run ended in is said as nothing more than that. */
    boolean stopped() {
        return stopped;
    }

    Incomplete.Reason cutShortBy() {
        if (!stopped) {
            return Incomplete.Reason.FAILED;
        }
        return "TERM".equals(signal) ? Incomplete.Reason.TERMINATED : Incomplete.Reason.INTERRUPTED;
    }

    void ended() {
        ended.countDown();
    }
}
