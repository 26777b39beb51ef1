package dev.userlookup.walk;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Results are handed on in input order. Inputs are pulled only as the window has room, so neither
 * inputs nor results pile up: 100,000 ids from standard input take the memory of a few.
 */
public record OrderedParallel<I, R>(int parallel, int window, Function<I, R> call) {

    @FunctionalInterface
    public interface Sink<I, R> {
        /** False: nothing more is started, calls under way are cancelled. */
        boolean accept(List<Done<I, R>> run) throws IOException;
    }

    /** A terminal's stdin can say whether the next one is there without waiting. */
    public interface Input<I> extends Iterator<I> {
        boolean ready();
    }

    public record Done<I, R>(I input, R result, RuntimeException failure) {
    }

    public OrderedParallel(int parallel, Function<I, R> call) {
        this(parallel, 2 * parallel, call);
    }

    public OrderedParallel {
        if (parallel < 1 || window < parallel) {
            throw new IllegalArgumentException("parallel must be at least 1 and the window at least parallel");
        }
    }

    private record Pending<I, R>(I input, Future<R> result) {
    }

    public void run(Iterator<I> inputs, Sink<I, R> sink) throws IOException {
        AtomicInteger number = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(parallel, task -> {
            Thread thread = new Thread(task, "userlookup-worker-" + number.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        ArrayDeque<Pending<I, R>> window = new ArrayDeque<>();
        try {
            fill(pool, window, inputs);
            // Left empty by a fill only when the inputs have ended.
            while (!window.isEmpty()) {
                List<Done<I, R>> run = new ArrayList<>();
                run.add(await(window.poll()));
                while (!window.isEmpty() && window.peek().result().isDone()) {
                    run.add(await(window.poll()));
                }
                if (!sink.accept(run)) {
                    return;
                }
                fill(pool, window, inputs);
            }
        } finally {
            // shutdownNow first: it empties the queue, so a thread freed by a cancel below cannot
            // pick up a call that has not started yet.
            pool.shutdownNow();
            for (Pending<I, R> pending : window) {
                pending.result().cancel(true);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private void fill(ExecutorService pool, ArrayDeque<Pending<I, R>> window, Iterator<I> inputs) {
        // With results waiting, never block on an input that is not there yet: hand them on first.
        while (window.size() < this.window && (window.isEmpty() || !(inputs instanceof Input) || ((Input<I>) inputs).ready())
                && inputs.hasNext()) {
            I input = inputs.next();
            window.add(new Pending<>(input, pool.submit(() -> call.apply(input))));
        }
    }

    private Done<I, R> await(Pending<I, R> pending) {
        try {
            return new Done<>(pending.input(), pending.result().get(), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                return new Done<>(pending.input(), null, (RuntimeException) cause);
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw new IllegalStateException(cause);
        }
    }
}
