package dev.userlookup.output.jq;

import com.fasterxml.jackson.databind.node.NullNode;
import dev.userlookup.UsageException;
import dev.userlookup.console.LineFit;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import net.thisptr.jackson.jq.Function;
import net.thisptr.jackson.jq.JsonQuery;
import net.thisptr.jackson.jq.PathOutput;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/**
 * The filter's one run over null before any request. jackson-jq looks functions up as it runs,
 * so a name it lacks ({@code tostream}) would first fail on a user, after requests: this run
 * finds those on the path null takes. Other failures there (null has no keys, a recursion that
 * ends only on an object) are the user's data's business, not the filter's.
 *
 * <p>The run stops at its first result (a filter that generates without end stops there) and is
 * bounded in time: a filter that computes for long over null ({@code last(range(1e9))}) would
 * take as long for every user, so one still running after {@link #BOUND} is refused. jackson-jq
 * cannot be interrupted, so the run goes on a thread of its own, over the builtins each wrapped
 * to stop when told, at their next call or value: a loop made of them (range, and what is built
 * on it) ends at once, and a refused filter takes no CPU from the rest of the run.
 */
final class TrialRun {

    /** Far beyond what any filter meant for one user takes over null, cold JVM and loaded machine included. */
    static final Duration BOUND = Duration.ofSeconds(2);

    private TrialRun() {
    }

    /** @throws UsageException when the filter names a function jackson-jq lacks, or runs past {@code bound} */
    static void check(Scope scope, JsonQuery query, Duration bound) {
        Scope trial = Scope.newChildScope(scope);
        AtomicBoolean stop = new AtomicBoolean();
        scope.getLocalFunctions().forEach((name, function) -> trial.addFunction(name, stoppable(function, stop)));
        FutureTask<Void> run = new FutureTask<>(() -> {
            try {
                query.apply(trial, NullNode.getInstance(), result -> {
                    throw new Ended();
                });
            } catch (Ended | StackOverflowError ended) {
                // it ran, or recursed as it might not over a user
            }
            return null;
        });
        Thread thread = new Thread(null, run, "userlookup-jq-trial", 0);
        thread.setDaemon(true);
        thread.start();
        try {
            run.get(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            stop.set(true);
            String took = bound.toMillis() % 1000 == 0 ? bound.toSeconds() + " s" : bound.toMillis() + " ms";
            throw new UsageException("--jq: the filter ran for more than " + took + " over null, its trial before any request, "
                    + "without ending: it would take as long for each user");
        } catch (ExecutionException e) {
            refuseMissingFunction(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.util.concurrent.CancellationException("interrupted");
        }
    }

    private static void refuseMissingFunction(Throwable failure) {
        if (failure instanceof OutOfMemoryError) {
            throw new UsageException("--jq: the filter ran out of memory over null, its trial before any request");
        }
        if (!(failure instanceof JsonQueryException)) {
            return;
        }
        String message = String.valueOf(failure.getMessage());
        if (message.startsWith("Function ") && message.endsWith(" does not exist")) {
            throw new UsageException("--jq: " + LineFit.firstLine(message, "it is not jq") + " in this jq (jackson-jq, the language of jq "
                    + JqProgram.LANGUAGE + ")");
        }
    }

    /** The builtin, ended at its next call or value once {@code stop} is set. */
    private static Function stoppable(Function function, AtomicBoolean stop) {
        return (scope, args, in, path, output, version) -> {
            stopWhenTold(stop);
            PathOutput told = (value, at) -> {
                stopWhenTold(stop);
                output.emit(value, at);
            };
            function.apply(scope, args, in, path, told, version);
        };
    }

    private static void stopWhenTold(AtomicBoolean stop) {
        if (stop.get()) {
            throw new Ended();
        }
    }

    /**
     * Ends the run: not a JsonQueryException, which the filter's own {@code try} or {@code ?}
     * would catch and go on.
     */
    private static final class Ended extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Ended() {
            super("ended", null, false, false);
        }
    }
}
