package dev.userlookup.walk;

import static dev.userlookup.walk.PageWalkerTest.ids;
import static dev.userlookup.walk.PageWalkerTest.service;
import static dev.userlookup.walk.PageWalkerTest.slice;
import static dev.userlookup.walk.PageWalkerTest.users;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.model.UserPage;
import dev.userlookup.model.UserRecord;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** A sink that wants no more ends the walk there (find, once every id is found). */
class WalkStopTest {

    /** Records the users, and wants no more once it has seen {@code last}. */
    static final class StopAfter extends PageWalkerTest.RecordingStream {
        final String last;
        boolean seen;
        int asked;

        StopAfter(String last) {
            this.last = last;
        }

        @Override
        public void addAll(List<UserRecord> users) throws IOException {
            super.addAll(users);
            seen |= users.stream().anyMatch(user -> user.userId().equals(last));
        }

        @Override
        public boolean wantsMore() {
            asked++;
            return !seen;
        }
    }

    @Test
    void aSinkThatWantsNoMoreEndsTheWalkAfterThatPageAndNoRequestStartsAfterIt() throws Exception {
        // 100 pages of 100; the user looked for is on the 41st.
        PageWalkerTest.Recording source = new PageWalkerTest.Recording(service(users(0, 10_000), 10_000L), offset -> 1);
        StopAfter out = new StopAfter(PageWalkerTest.id(4_050));

        WalkResult result = new PageWalker(source, 100, 4, WalkProgress.NONE).walk(0, out);

        assertEquals(ids(0, 4_100), out.ids, "the pages up to the one it was on, in order, and none after it");
        assertTrue(result.stopped());
        assertFalse(result.sawTheWholeTeam());
        assertFalse(result.endedShortOfTheTotal(), "a stopped walk is not a short one: nothing to warn of");
        assertEquals(41, out.asked, "asked after each page taken");
        int fetchesAtStop = source.fetchesBeforeTheEnd();
        // The 41 pages taken, and at most the window of 2 x parallel pages after them.
        assertTrue(fetchesAtStop <= 41 + 2 * 4, "asked for too many pages: " + source.offsets);
        source.awaitWorkersEnded();
        assertEquals(fetchesAtStop, source.fetchesBeforeTheEnd(), "pages were asked for after the walk stopped: " + source.offsets);
    }

    /**
     * Every page after the second is held in its answer until the walk gives it up. Held in the
     * answer (read outside the walk's request places), not in the request: held requests would
     * take every place and the second page could never be asked for.
     */
    @Test
    void requestsInFlightWhenTheWalkStopsAreDropped() throws Exception {
        List<UserRecord> data = users(0, 2_000);
        CountDownLatch never = new CountDownLatch(1);
        AtomicInteger interrupted = new AtomicInteger();
        AtomicInteger held = new AtomicInteger();
        CountDownLatch laterOut = new CountDownLatch(1);
        Set<Thread> holders = ConcurrentHashMap.newKeySet();
        PageSource source = new PageSource() {
            @Override
            public UserPage fetch(long offset, int limit) {
                return request(offset, limit).get();
            }

            @Override
            public Supplier<UserPage> request(long offset, int limit) {
                UserPage page = slice(data, 2_000L, offset, limit);
                if (offset == 0) {
                    return () -> page;
                }
                if (offset == 100) {
                    // The page that ends the walk comes back once a later one is out: some is in flight then.
                    return () -> {
                        awaitQuietly(laterOut);
                        return page;
                    };
                }
                // Counted with its thread, which goes on to hold the answer: the test waits for each
                // thread it counted, even one the walk's end interrupted before it began to wait.
                holders.add(Thread.currentThread());
                held.incrementAndGet();
                laterOut.countDown();
                return () -> {
                    try {
                        never.await();
                    } catch (InterruptedException e) {
                        interrupted.incrementAndGet();
                        Thread.currentThread().interrupt();
                        throw new CancellationException("dropped");
                    }
                    return page;
                };
            }
        };
        StopAfter out = new StopAfter(PageWalkerTest.id(150));

        WalkResult result = new PageWalker(source, 100, 4, WalkProgress.NONE).walk(0, out);

        assertTrue(result.stopped());
        assertEquals(ids(0, 200), out.ids);
        for (Thread holder : holders) {
            holder.join(10_000);
            assertFalse(holder.isAlive(), holder.getName() + " still holds a page after the walk stopped");
        }
        assertTrue(held.get() > 0, "some request was in flight when the walk stopped");
        assertEquals(held.get(), interrupted.get(), "every answer held when the walk stopped was given up");
    }

    @Test
    void aWalkToTheEndSawTheWholeTeamAndOneStoppedOnItsFirstPageDidNot() throws IOException {
        WalkResult whole = new PageWalker(service(users(0, 1_234), 1_234L), 500, 4, WalkProgress.NONE)
                .walk(0, new PageWalkerTest.RecordingStream());
        StopAfter out = new StopAfter(PageWalkerTest.id(3));
        PageWalkerTest.Recording source = new PageWalkerTest.Recording(service(users(0, 1_234), 1_234L));
        WalkResult first = new PageWalker(source, 500, 4, WalkProgress.NONE).walk(0, out);

        assertTrue(whole.sawTheWholeTeam());
        assertFalse(whole.stopped());
        assertTrue(first.stopped());
        assertFalse(first.sawTheWholeTeam());
        assertEquals(1, source.fetches(), "stopped on the first page, before any other was asked for");
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            assertTrue(latch.await(30, java.util.concurrent.TimeUnit.SECONDS), "a later page was asked for");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        }
    }
}
