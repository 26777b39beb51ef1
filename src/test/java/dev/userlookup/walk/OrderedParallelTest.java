package dev.userlookup.walk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.spi.AbstractInterruptibleChannel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The ordered, bounded, lazy parallel map under resolve of several ids; no HTTP. */
@Timeout(30)
class OrderedParallelTest {

    /** 0, 1, 2, ... for ever, counting how many were taken. */
    private static final class Counting implements Iterator<Integer> {
        final AtomicInteger pulled = new AtomicInteger();
        private final int size;

        Counting(int size) {
            this.size = size;
        }

        @Override
        public boolean hasNext() {
            return pulled.get() < size;
        }

        @Override
        public Integer next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return pulled.getAndIncrement();
        }
    }

    private static List<Integer> range(int to) {
        return IntStream.range(0, to).boxed().collect(Collectors.toList());
    }


    /** Runs to the end and returns everything the sink was given, in the order given. */
    private static <R> List<OrderedParallel.Done<Integer, R>> collect(int parallel, Iterator<Integer> inputs, Function<Integer, R> call)
            throws IOException {
        List<OrderedParallel.Done<Integer, R>> all = new ArrayList<>();
        new OrderedParallel<>(parallel, call).run(inputs, run -> {
            assertTrue(!run.isEmpty(), "a run is never empty");
            all.addAll(run);
            return true;
        });
        return all;
    }

    // ---------------------------------------------------------------- order

    @Test
    void resultsComeInInputOrderWhateverOrderTheCallsFinishIn() throws Exception {
        // Deterministic but scrambled delays: later inputs often finish first.
        List<OrderedParallel.Done<Integer, String>> done = collect(8, range(200).iterator(), i -> {
            Work.take((i * 7919L) % 7);
            return "r" + i;
        });

        assertEquals(range(200), done.stream().map(OrderedParallel.Done::input).collect(Collectors.toList()));
        for (OrderedParallel.Done<Integer, String> d : done) {
            assertEquals("r" + d.input(), d.result());
            assertNull(d.failure());
        }
    }

    @Test
    void theEarliestInputBeingTheSlowestStillComesFirst() throws Exception {
        List<OrderedParallel.Done<Integer, Integer>> done = collect(4, range(10).iterator(), i -> {
            Work.take((10 - i) * 15L);
            return i * i;
        });

        assertEquals(range(10), done.stream().map(OrderedParallel.Done::input).collect(Collectors.toList()));
        assertEquals(range(10).stream().map(i -> i * i).collect(Collectors.toList()),
                done.stream().map(OrderedParallel.Done::result).collect(Collectors.toList()));
    }

    @Test
    void noInputsNeverCallsTheSink() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        AtomicInteger sinks = new AtomicInteger();
        new OrderedParallel<Integer, Integer>(4, i -> calls.incrementAndGet()).run(Collections.emptyIterator(), run -> {
            sinks.incrementAndGet();
            return true;
        });

        assertEquals(0, calls.get());
        assertEquals(0, sinks.get());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1})
    void parallelBelowOneIsRefused(int parallel) {
        assertThrows(IllegalArgumentException.class, () -> new OrderedParallel<Integer, Integer>(parallel, i -> i));
    }

    // ---------------------------------------------------------------- bounds

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 8, 16})
    void atMostParallelCallsRunAtOnceAndThatManyDo(int parallel) throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        // The first `parallel` calls wait for each other: only a pool of at least that many gets them all through.
        CountDownLatch all = new CountDownLatch(parallel);

        List<OrderedParallel.Done<Integer, Boolean>> done = collect(parallel, range(parallel * 5).iterator(), i -> {
            int now = running.incrementAndGet();
            most.accumulateAndGet(now, Math::max);
            try {
                all.countDown();
                boolean together;
                try {
                    together = all.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                Work.take(3);
                return together;
            } finally {
                running.decrementAndGet();
            }
        });

        assertEquals(parallel * 5, done.size());
        assertTrue(done.stream().allMatch(d -> Boolean.TRUE.equals(d.result())), "the first " + parallel + " calls ran together");
        assertEquals(parallel, most.get(), "most calls at once");
    }

    @Test
    void inputsArePulledOnlyAsTheWindowHasRoom() throws Exception {
        int parallel = 4;
        AtomicInteger delivered = new AtomicInteger();
        AtomicInteger mostAhead = new AtomicInteger();
        AtomicInteger pulled = new AtomicInteger();
        AtomicBoolean stopped = new AtomicBoolean();
        AtomicInteger pulledAfterStop = new AtomicInteger();
        // An endless source: a run that drained its input would never end.
        Iterator<Integer> endless = new Iterator<>() {
            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public Integer next() {
                if (stopped.get()) {
                    pulledAfterStop.incrementAndGet();
                }
                int n = pulled.incrementAndGet();
                mostAhead.accumulateAndGet(n - delivered.get(), Math::max);
                return n - 1;
            }
        };
        List<Integer> seen = new ArrayList<>();

        new OrderedParallel<Integer, Integer>(parallel, i -> {
            Work.take(i % 3);
            return i;
        }).run(endless, run -> {
            delivered.addAndGet(run.size());
            run.forEach(d -> seen.add(d.result()));
            if (seen.size() >= 100) {
                stopped.set(true);
                return false;
            }
            return true;
        });

        assertEquals(range(seen.size()), seen);
        assertTrue(mostAhead.get() <= 2 * parallel, "pulled ahead of the sink: " + mostAhead.get());
        assertTrue(pulled.get() <= delivered.get() + 2 * parallel, "pulled " + pulled.get() + ", delivered " + delivered.get());
        assertEquals(0, pulledAfterStop.get(), "inputs pulled after the sink said stop");
    }

    @Test
    void aSlowSinkHoldsBackThePulling() throws Exception {
        int parallel = 2;
        Counting inputs = new Counting(50);
        AtomicInteger delivered = new AtomicInteger();
        List<Integer> aheadAtSink = new ArrayList<>();

        new OrderedParallel<Integer, Integer>(parallel, i -> i).run(inputs, run -> {
            delivered.addAndGet(run.size());
            Work.take(2); // calls finish meanwhile; the window must not grow
            aheadAtSink.add(inputs.pulled.get() - delivered.get());
            return true;
        });

        assertEquals(50, delivered.get());
        assertTrue(aheadAtSink.stream().allMatch(a -> a <= 2 * parallel), aheadAtSink::toString);
    }

    // ---------------------------------------------------------------- stopping and failures

    /**
     * Blocks its thread until released, in an interruptible "I/O operation" whose interruption takes
     * 300 ms in the interrupting thread (as closing a real channel can): cancelling the call holds up
     * whoever cancels it. That makes the order in which a stopping run cancels its calls visible.
     */
    private static final class SlowToInterrupt extends AbstractInterruptibleChannel {
        void await(CountDownLatch started, CountDownLatch release) throws InterruptedException {
            begin();
            try {
                started.countDown();
                release.await(20, TimeUnit.SECONDS);
            } finally {
                try {
                    end(false);
                } catch (IOException closedByInterrupt) {
                    // expected when cancelled
                }
            }
        }

        @Override
        protected void implCloseChannel() {
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
            while (System.nanoTime() < until) {
                LockSupport.parkNanos(until - System.nanoTime());
            }
        }
    }

    /**
     * Input 0 returns at once; 1 and 2 block until released or interrupted (2 slow to interrupt);
     * with parallel 2 they hold both threads, so 3 (and the rest) can only wait in the queue.
     */
    private static final class Blocking implements Function<Integer, Integer> {
        final Set<Integer> started = ConcurrentHashMap.newKeySet();
        final Set<Integer> interrupted = ConcurrentHashMap.newKeySet();
        final Set<Integer> startedAfterStop = ConcurrentHashMap.newKeySet();
        final Set<Thread> workers = ConcurrentHashMap.newKeySet();
        final CountDownLatch oneAndTwoStarted = new CountDownLatch(2);
        final CountDownLatch oneAndTwoInterrupted = new CountDownLatch(2);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicBoolean stopped = new AtomicBoolean();

        @Override
        public Integer apply(Integer i) {
            if (stopped.get()) {
                startedAfterStop.add(i);
            }
            started.add(i);
            workers.add(Thread.currentThread());
            if (i == 0) {
                return 0;
            }
            try {
                if (i == 2) {
                    new SlowToInterrupt().await(oneAndTwoStarted, release);
                } else {
                    if (i == 1) {
                        oneAndTwoStarted.countDown();
                    }
                    release.await(20, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                interrupted.add(i);
                oneAndTwoInterrupted.countDown();
                throw new IllegalStateException("interrupted", e);
            }
            return i;
        }

        /** Called from the sink: input 0 is done, 1 and 2 hold both threads, 3 waits in the queue. */
        void awaitBothThreadsBusy() {
            try {
                assertTrue(oneAndTwoStarted.await(10, TimeUnit.SECONDS), "calls 1 and 2 started");
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }

        /** Calls 1 and 2, both under way when the run stopped, were interrupted. */
        void awaitOneAndTwoInterrupted() throws InterruptedException {
            oneAndTwoInterrupted.await(10, TimeUnit.SECONDS);
            assertEquals(Set.of(1, 2), interrupted, "calls under way are cancelled");
        }

        /**
         * Every thread that ran a call has ended: a call still queued would have been taken up by
         * a thread freed by the cancel before it could end, so nothing more can start after this.
         */
        void awaitWorkersEnded() throws InterruptedException {
            for (Thread worker : workers) {
                worker.join(TimeUnit.SECONDS.toMillis(10));
                assertFalse(worker.isAlive(), worker.getName() + " still runs after the run ended");
            }
        }
    }

    @Test
    void aSinkThatSaysStopStartsNothingMoreAndCancelsTheCallsUnderWay() throws Exception {
        Blocking call = new Blocking();
        Counting inputs = new Counting(20);
        List<List<Integer>> runs = new ArrayList<>();
        AtomicInteger pulledAtStop = new AtomicInteger();

        new OrderedParallel<Integer, Integer>(2, call).run(inputs, run -> {
            runs.add(run.stream().map(OrderedParallel.Done::input).collect(Collectors.toList()));
            call.awaitBothThreadsBusy();
            pulledAtStop.set(inputs.pulled.get());
            call.stopped.set(true);
            return false;
        });

        assertEquals(List.of(List.of(0)), runs, "the sink was called once, with input 0");
        assertEquals(Set.of(), call.startedAfterStop, "calls started after the sink said stop");
        call.awaitOneAndTwoInterrupted();
        call.release.countDown();
        call.awaitWorkersEnded();
        assertEquals(Set.of(), call.startedAfterStop, "calls started after the sink said stop");
        assertEquals(Set.of(0, 1, 2), new TreeSet<>(call.started));
        assertEquals(pulledAtStop.get(), inputs.pulled.get(), "inputs pulled after the sink said stop");
        assertEquals(4, pulledAtStop.get(), "a window of twice parallel");
    }

    @Test
    void aSinkThatThrowsPropagatesTheExceptionStartsNothingMoreAndCancels() throws Exception {
        Blocking call = new Blocking();
        Counting inputs = new Counting(20);
        IOException gone = new IOException("reader gone");

        IOException thrown = assertThrows(IOException.class, () -> new OrderedParallel<Integer, Integer>(2, call).run(inputs, run -> {
            call.awaitBothThreadsBusy();
            call.stopped.set(true);
            throw gone;
        }));

        assertSame(gone, thrown);
        assertEquals(Set.of(), call.startedAfterStop, "calls started after the sink failed");
        int pulled = inputs.pulled.get();
        call.awaitOneAndTwoInterrupted();
        call.release.countDown();
        call.awaitWorkersEnded();
        assertEquals(Set.of(), call.startedAfterStop, "calls started after the sink failed");
        assertEquals(Set.of(0, 1, 2), new TreeSet<>(call.started));
        assertEquals(pulled, inputs.pulled.get());
    }

    @Test
    void aFailedCallIsADoneWithItsExceptionAndTheOthersStillComplete() throws Exception {
        IllegalStateException boom = new IllegalStateException("boom 4");
        List<OrderedParallel.Done<Integer, Integer>> done = collect(3, range(10).iterator(), i -> {
            Work.take((10 - i) * 3L);
            if (i == 4) {
                throw boom;
            }
            return i * 10;
        });

        assertEquals(range(10), done.stream().map(OrderedParallel.Done::input).collect(Collectors.toList()));
        for (OrderedParallel.Done<Integer, Integer> d : done) {
            if (d.input() == 4) {
                assertSame(boom, d.failure());
                assertNull(d.result());
            } else {
                assertNull(d.failure(), () -> "input " + d.input());
                assertEquals(d.input() * 10, d.result());
            }
        }
    }

    @Test
    void severalFailuresEachArriveWithTheirOwnInput() throws Exception {
        List<OrderedParallel.Done<Integer, Integer>> done = collect(4, range(30).iterator(), i -> {
            if (i % 7 == 3) {
                throw new IllegalArgumentException("bad " + i);
            }
            return i;
        });

        assertEquals(30, done.size());
        for (OrderedParallel.Done<Integer, Integer> d : done) {
            if (d.input() % 7 == 3) {
                assertEquals("bad " + d.input(), d.failure().getMessage());
            } else {
                assertEquals(d.input(), d.result());
            }
        }
    }

    @Test
    void resultsAreHandedOnBeforeWaitingForAnInputThatIsNotThereYet() throws Exception {
        java.util.concurrent.CountDownLatch secondTyped = new java.util.concurrent.CountDownLatch(1);
        java.util.List<String> seen = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        OrderedParallel.Input<String> typing = new OrderedParallel.Input<>() {
            private int given;

            @Override
            public boolean ready() {
                return given == 0;
            }

            @Override
            public boolean hasNext() {
                if (given == 1) {
                    try {
                        // the person types the second id only after seeing the first answer
                        if (!secondTyped.await(5, java.util.concurrent.TimeUnit.SECONDS)) {
                            throw new AssertionError("blocked on input while a result was waiting");
                        }
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                }
                return given < 2;
            }

            @Override
            public String next() {
                return "id" + given++;
            }
        };

        new OrderedParallel<String, String>(4, id -> id.toUpperCase(java.util.Locale.ROOT)).run(typing, run -> {
            for (OrderedParallel.Done<String, String> done : run) {
                seen.add(done.result());
            }
            secondTyped.countDown();
            return true;
        });

        org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of("ID0", "ID1"), seen);
    }
}
