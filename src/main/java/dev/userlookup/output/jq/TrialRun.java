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
 * A run over null before any request: jackson-jq looks functions up as it runs, so a name it lacks
 * ({@code tostream}) would first fail on a user, after requests. Bounded in time: a filter slow
 * over null would be as slow for every user. jackson-jq cannot be interrupted, so the run has a
 * thread of its own and the builtins are wrapped to stop when told, so a refused filter takes no CPU.
 */
final class TrialRun {

    /** Far beyond what any filter meant for one user takes over null, cold JVM and loaded machine included. */
    static final Duration BOUND = Duration.ofSeconds(2);

    private TrialRun() {
    }

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

    /** Not a JsonQueryException, which the filter's own {@code try} or {@code ?} would catch and go on. */
    private static final class Ended extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Ended() {
            super("ended", null, false, false);
        }
    }
}
