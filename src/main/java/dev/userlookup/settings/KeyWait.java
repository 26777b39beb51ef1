package dev.userlookup.settings;

import dev.userlookup.console.SafeText;
import dev.userlookup.console.Terminal;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The one bound on getting the key from outside the tool (a FIFO nobody writes, a pipe, a key
 * command), ended at once by Ctrl-C. An open or a read that blocks cannot be interrupted, so it is
 * done on a daemon thread of its own, which a run that gives up on it leaves behind. Tests give
 * other times: a bound of minutes cannot be waited out there.
 */
record KeyWait(Terminal terminal, PrintStream stderr, Duration bound, Duration noticeAfter) {

    static final Duration BOUND = Duration.ofSeconds(60);
    /** A key is short: past this (/dev/zero, a log file by mistake) it is not a key. */
    static final int MAX_BYTES = 64 * 1024;
    /** A key file or command that answers within this says nothing at all. */
    static final Duration NOTICE_AFTER = Duration.ofSeconds(1);

    static <T> CompletableFuture<T> started(String threadName, Supplier<T> work) {
        return CompletableFuture.supplyAsync(work, task -> {
            Thread thread = new Thread(task, threadName);
            thread.setDaemon(true);
            thread.start();
        });
    }

    /** {@code giveUp} lets a thread blocked in an open go: the JVM waits for a thread inside a system call on its way out. */
    <T> T await(CompletableFuture<T> pending, String waitingFor, Supplier<RuntimeException> tooLate, Runnable giveUp) {
        try {
            try {
                return pending.get(noticeAfter.toNanos(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException takesAMoment) {
                if (terminal.stderrIsTerminal()) {
                    stderr.println("userlookup: waiting for " + SafeText.escape(waitingFor) + " (at most "
                            + boundWords() + "; Ctrl-C stops)");
                    stderr.flush();
                }
            }
            return pending.get(Math.max(0, bound.minus(noticeAfter).toNanos()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            giveUp.run();
            throw tooLate.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            giveUp.run();
            throw new CancellationException("stopped while waiting for " + waitingFor);
        } catch (ExecutionException e) {
            throw thrown(e);
        }
    }

    /** What the work threw, to be thrown as it was. */
    static RuntimeException thrown(ExecutionException e) {
        if (e.getCause() instanceof Error error) {
            throw error;
        }
        return e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
    }

    String boundWords() {
        return bound.toMillis() % 1000 == 0 ? bound.toSeconds() + " s" : bound.toMillis() / 1000.0 + " s";
    }
}
