package dev.userlookup.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The test clock itself: it moves whenever nothing but time is awaited. */
class VirtualTimeTest {

    /**
     * A woken thread whose task then ends without reading the clock (a request that gives up at
     * once, as all do once one has given up on the service) and waits for its next task: the
     * clock still moves for a thread that sleeps longer. It once stood still for good.
     */
    @Test
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aWokenThreadThatEndsItsTaskWithoutReadingTheClockDoesNotHoldItStill() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (VirtualTime time = new VirtualTime(1)) {
            long start = time.nanoTime();
            time.drive(() -> false);
            Future<?> givesUp = pool.submit(() -> {
                time.sleepUntil(start + TimeUnit.SECONDS.toNanos(1));
                return null;
            });
            givesUp.get();
            Thread later = new Thread(() -> {
                try {
                    time.sleepUntil(start + TimeUnit.SECONDS.toNanos(2));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            later.start();

            later.join();

            assertEquals(TimeUnit.SECONDS.toNanos(2), time.nanoTime() - start);
        } finally {
            pool.shutdownNow();
        }
    }
}
