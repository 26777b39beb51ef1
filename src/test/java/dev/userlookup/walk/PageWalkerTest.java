package dev.userlookup.walk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.userlookup.model.json.Json;
import dev.userlookup.model.json.JsonBytes;
import dev.userlookup.service.ServiceException;
import dev.userlookup.network.Bodies;
import dev.userlookup.model.UserPage;
import dev.userlookup.model.UserRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongToIntFunction;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The page walker against an in-memory service: where it stops, which pages it asks for, how
 * many at once, that users come out in the service's order and each once, and how it fails.
 */
@Timeout(20)
class PageWalkerTest {

    private static final ObjectMapper MAPPER = Json.mapper();

    // ---------------------------------------------------------------- building blocks

    static String id(int i) {
        String digits = Integer.toString(i);
        return "00000000-0000-4000-8000-" + "0".repeat(12 - digits.length()) + digits;
    }

    /**
     * Each user of {@link #users} is read once a JVM and shared: nothing in these tests changes a
     * user (only a response from the service holds one), and reading 20,000 through the parser
     * for each test was most of the class's work.
     */
    private static final Map<Integer, UserRecord> MADE = new ConcurrentHashMap<>();

    static UserRecord user(String userId) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("user_id", userId);
        node.put("client_user_id", "customer-" + userId);
        return Bodies.user(node.toString());
    }

    static JsonNode tree(UserRecord user) {
        try {
            return MAPPER.readTree(user.source().body(), user.source().offset(), user.source().length());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Users with ids id(from) .. id(to - 1), in that order. */
    static List<UserRecord> users(int from, int to) {
        List<UserRecord> list = new ArrayList<>(Math.max(0, to - from));
        for (int i = from; i < to; i++) {
            list.add(MADE.computeIfAbsent(i, n -> user(id(n))));
        }
        return list;
    }

    static List<String> ids(int from, int to) {
        return IntStream.range(from, to).mapToObj(PageWalkerTest::id).collect(Collectors.toList());
    }

    static UserPage page(List<UserRecord> users, Long total, long offset, int limit) {
        ObjectNode json = MAPPER.createObjectNode();
        json.putArray("users").addAll(users.stream().map(PageWalkerTest::tree).collect(Collectors.toList()));
        if (total != null) {
            json.put("total", total);
        }
        json.put("offset", offset);
        json.put("limit", limit);
        byte[] bytes = json.toString().getBytes(StandardCharsets.UTF_8);
        return new UserPage(new JsonBytes(bytes, 0, bytes.length), users, total, offset, limit);
    }

    /** The slice of {@code data} a correct service returns for offset and limit. */
    static UserPage slice(List<UserRecord> data, Long total, long offset, int limit) {
        int from = (int) Math.min(offset, data.size());
        int to = (int) Math.min(offset + limit, data.size());
        return page(data.subList(from, to), total, offset, limit);
    }

    /** A service that answers every offset and limit from {@code data}, reporting {@code total} (null: none). */
    static PageSource service(List<UserRecord> data, Long total) {
        return (offset, limit) -> slice(data, total, offset, limit);
    }

    /**
     * Wraps a source: records every request (offset and limit), how many run at once, the order
     * they complete in; optionally delays each by a function of its offset.
     */
    static final class Recording implements PageSource {
        final PageSource inner;
        final LongToIntFunction delayMillis;
        final List<Long> offsets = new CopyOnWriteArrayList<>();
        final List<Integer> limits = new CopyOnWriteArrayList<>();
        final List<Long> completed = new CopyOnWriteArrayList<>();
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger maxRunning = new AtomicInteger();
        final Set<Thread> threads = ConcurrentHashMap.newKeySet();
        /**
         * Fetches begun on a thread the walk's end had already interrupted: such a worker was
         * past the walk's gate before it closed, and its request is abandoned.
         */
        final AtomicInteger abandoned = new AtomicInteger();

        Recording(PageSource inner) {
            this(inner, offset -> 0);
        }

        Recording(PageSource inner, LongToIntFunction delayMillis) {
            this.inner = inner;
            this.delayMillis = delayMillis;
        }

        @Override
        public UserPage fetch(long offset, int limit) {
            // One step with the count's reading: a fetch read as begun before the end is one whose
            // thread the end had not yet interrupted, and a later one was interrupted by then.
            synchronized (this) {
                if (Thread.currentThread().isInterrupted()) {
                    abandoned.incrementAndGet();
                }
                offsets.add(offset);
            }
            limits.add(limit);
            int now = running.incrementAndGet();
            maxRunning.accumulateAndGet(now, Math::max);
            try {
                threads.add(Thread.currentThread());
                int delay = delayMillis.applyAsInt(offset);
                if (delay > 0) {
                    Work.take(delay);
                }
                UserPage page = inner.fetch(offset, limit);
                completed.add(offset);
                return page;
            } finally {
                running.decrementAndGet();
            }
        }

        int fetches() {
            return offsets.size();
        }

        /** Fetches begun while the walk still ran. */
        synchronized int fetchesBeforeTheEnd() {
            return offsets.size() - abandoned.get();
        }

        /**
         * Every worker thread that fetched has ended (the walk's own thread aside): nothing can
         * fetch after this, where a sleep would only have given a late fetch some time to show.
         */
        void awaitWorkersEnded() throws InterruptedException {
            for (Thread thread : threads) {
                if (thread != Thread.currentThread()) {
                    thread.join(10_000);
                    assertFalse(thread.isAlive(), thread.getName() + " still runs after the walk ended");
                }
            }
        }

        List<Long> sortedOffsets() {
            List<Long> sorted = new ArrayList<>(offsets);
            Collections.sort(sorted);
            return sorted;
        }
    }

    /** A sink that records user ids in output order, batches, flushes; may fail on the n-th user. */
    static class RecordingStream implements UserSink {
        final List<String> ids = new ArrayList<>();
        int batches;
        int flushes;
        final int failAtUser;
        final IOException failure = new IOException("Broken pipe");

        RecordingStream() {
            this(-1);
        }

        RecordingStream(int failAtUser) {
            this.failAtUser = failAtUser;
        }

        @Override
        public void addAll(List<UserRecord> users) throws IOException {
            batches++;
            for (UserRecord user : users) {
                if (ids.size() == failAtUser) {
                    throw failure;
                }
                ids.add(user.userId());
            }
        }

        @Override
        public void flush() {
            flushes++;
        }
    }

    static void assertEachOnce(List<String> ids) {
        Set<String> unique = new HashSet<>(ids);
        assertEquals(ids.size(), unique.size(), "some user came out more than once");
    }

    static List<Long> offsets(long from, long step, int count) {
        return LongStream.range(0, count).mapToObj(i -> from + i * step).collect(Collectors.toList());
    }

    // ---------------------------------------------------------------- stopping rules

    @Test
    void anEmptyFirstPageIsAnEmptyWalkNotAnError() throws IOException {
        Recording source = new Recording(service(List.of(), 0L));
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 500, 4, WalkProgress.NONE).walk(0, out);

        assertEquals(List.of(), out.ids);
        assertEquals(0, result.printed());
        assertEquals(List.of(0L), source.offsets);
        assertFalse(result.teamChanged());
    }

    @Test
    void stopsAtAnEmptyPageEvenWhenTheTotalPromisesMore() throws IOException {
        // The total says 3,000 but the data ends at exactly 1,500: the page at 1,500 is empty.
        List<UserRecord> data = users(0, 1500);
        Recording source = new Recording(service(data, 3000L));
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 500, 4, WalkProgress.NONE).walk(0, out);

        assertEquals(ids(0, 1500), out.ids);
        assertEquals(1500, result.printed());
        assertTrue(source.offsets.contains(1500L), "the empty page must have been read: " + source.offsets);
        // Beyond the empty page at most the pages already in flight (parallel 4) may have been asked for.
        assertTrue(source.offsets.stream().allMatch(offset -> offset < 3000 && offset % 500 == 0), source.offsets::toString);
        assertEquals(new HashSet<>(source.offsets).size(), source.fetches(), "a page was fetched twice: " + source.offsets);
    }

    @Test
    void withoutATotalStopsAtTheEmptyPageAfterAnExactMultipleOfThePageSize() throws IOException {
        Recording source = new Recording(service(users(0, 1000), null));
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 500, 4, WalkProgress.NONE).walk(0, out);

        assertEquals(ids(0, 1000), out.ids);
        assertEquals(List.of(0L, 500L, 1000L), source.offsets);
        assertEquals(1000, result.printed());
        assertFalse(result.teamChanged());
    }

    @Test
    void stopsAtAShortPage() throws IOException {
        Recording source = new Recording(service(users(0, 1234), null));
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 500, 4, WalkProgress.NONE).walk(0, out);

        assertEquals(ids(0, 1234), out.ids);
        assertEquals(List.of(0L, 500L, 1000L), source.offsets, "nothing is asked for after the short page");
        assertEquals(1234, result.printed());
        assertEquals(3, result.pages());
    }

    @Test
    void stopsWhenTheOffsetReachesTheTotalOnAnExactMultiple() throws IOException {
        // 1,500 users in pages of 500: three full pages and no request at 1,500.
        Recording source = new Recording(service(users(0, 1500), 1500L));
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 500, 4, WalkProgress.NONE).walk(0, out);

        assertEquals(ids(0, 1500), out.ids);
        assertEquals(List.of(0L, 500L, 1000L), source.sortedOffsets());
        assertEquals(1500, result.printed());
        assertEquals(1500L, result.firstTotal());
        assertFalse(result.teamChanged());
    }

    @Test
    void stopsWhenTheOffsetReachesTheTotal() throws IOException {
        Recording source = new Recording(service(users(0, 1234), 1234L));
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 500, 4, WalkProgress.NONE).walk(0, out);

        assertEquals(ids(0, 1234), out.ids);
        assertEquals(List.of(0L, 500L, 1000L), source.sortedOffsets());
        assertEquals(1234, result.printed());
        assertTrue(source.limits.stream().allMatch(limit -> limit == 500), source.limits::toString);
    }

    @Test
    void walksFromANonZeroStartOffsetInPagesOfTheGivenSize() throws IOException {
        Recording source = new Recording(service(users(0, 1000), 1000L));
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 100, 3, WalkProgress.NONE).walk(250, out);

        assertEquals(ids(250, 1000), out.ids);
        assertEquals(offsets(250, 100, 8), source.sortedOffsets()); // 250, 350, ..., 950
        assertTrue(source.limits.stream().allMatch(limit -> limit == 100), source.limits::toString);
        assertEquals(750, result.printed());
    }

    @Test
    void aSinglePartialPageIsOneRequest() throws IOException {
        Recording source = new Recording(service(users(0, 42), 42L));
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 500, 4, WalkProgress.NONE).walk(0, out);

        assertEquals(ids(0, 42), out.ids);
        assertEquals(List.of(0L), source.offsets);
        assertEquals(42, result.printed());
    }

    // ---------------------------------------------------------------- without a total

    @Test
    void withoutATotalPagesAreReadOneAtATime() throws IOException {
        Recording source = new Recording(service(users(0, 3210), null), offset -> 15);
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 500, 8, WalkProgress.NONE).walk(0, out);

        assertEquals(ids(0, 3210), out.ids);
        assertEquals(1, source.maxRunning.get(), "more than one page was in flight without a total");
        assertEquals(offsets(0, 500, 7), source.offsets, "pages must be asked for in order, each once");
        assertEquals(3210, result.printed());
        assertFalse(result.teamChanged());
    }

    // ---------------------------------------------------------------- the team changes during the walk

    @Test
    void usersInsertedBeforeTheCurrentOffsetComeOutOnceAndTheChangeIsReported() throws IOException {
        // After the first page is read, 20 new users appear at the front: every later page is
        // shifted by 20, so its first 20 users were printed already.
        List<UserRecord> before = users(0, 1500);
        List<UserRecord> after = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            after.add(user(id(900_000 + i)));
        }
        after.addAll(before);
        PageSource changing = (offset, limit) -> offset == 0 ? slice(before, 1500L, offset, limit) : slice(after, 1520L, offset, limit);
        Recording source = new Recording(changing);
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 500, 4, WalkProgress.NONE).walk(0, out);

        assertEachOnce(out.ids);
        // In the service's order: 0..499 from the first page, then 500..1479 from the shifted ones.
        assertEquals(ids(0, 1480), out.ids);
        assertEquals(1480, result.printed());
        assertEquals(20, result.duplicates());
        assertTrue(result.teamChanged());
    }

    @Test
    void duplicatesAloneMeanTheTeamChangedEvenWithAnUnchangedTotal() throws IOException {
        List<UserRecord> before = users(0, 1500);
        // Same total, but the second page overlaps the first by 10 users.
        PageSource overlapping = (offset, limit) -> offset == 500
                ? page(users(490, 990), 1500L, offset, limit)
                : slice(before, 1500L, offset, limit);
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(overlapping, 500, 4, WalkProgress.NONE).walk(0, out);

        assertEachOnce(out.ids);
        List<String> expected = new ArrayList<>(ids(0, 990));
        expected.addAll(ids(1000, 1500));
        assertEquals(expected, out.ids);
        assertEquals(10, result.duplicates());
        assertEquals(result.firstTotal(), result.lastTotal());
        assertTrue(result.teamChanged());
    }

    @Test
    void usersDeletedDuringTheWalkChangeTheTotalAndTheChangeIsReported() throws IOException {
        // After the first page, the first 20 users are deleted: later pages shift the other way.
        List<UserRecord> before = users(0, 1500);
        List<UserRecord> after = before.subList(20, 1500);
        PageSource changing = (offset, limit) -> offset == 0 ? slice(before, 1500L, offset, limit) : slice(after, 1480L, offset, limit);
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(changing, 500, 4, WalkProgress.NONE).walk(0, out);

        assertEachOnce(out.ids);
        List<String> expected = new ArrayList<>(ids(0, 500));
        expected.addAll(ids(520, 1500));
        assertEquals(expected, out.ids);
        assertEquals(0, result.duplicates());
        assertEquals(1500L, result.firstTotal());
        assertEquals(1480L, result.lastTotal());
        assertTrue(result.teamChanged());
    }

    // ---------------------------------------------------------------- a service that makes no progress

    @Test
    void aServiceThatIgnoresTheOffsetIsAnErrorNotAnEndlessLoop() {
        List<UserRecord> firstPage = users(0, 500);
        Recording source = new Recording((offset, limit) -> page(firstPage, 5000L, offset, limit));
        RecordingStream out = new RecordingStream();

        ServiceException e = assertThrows(ServiceException.class,
                () -> new PageWalker(source, 500, 4, WalkProgress.NONE).walk(0, out));

        assertInstanceOf(ServiceException.Unavailable.class, e, "the exit-5 kind");
        assertTrue(e.getMessage().contains("no progress"), e.getMessage());
        assertEquals(ids(0, 500), out.ids, "the first page once, nothing twice");
        assertTrue(source.fetches() <= 1 + 2 * 4, "stopped promptly (first page, then at most the window of twice parallel): " + source.offsets);
    }

    @Test
    void aServiceThatIgnoresTheOffsetWithoutATotalIsAnError() {
        List<UserRecord> firstPage = users(0, 500);
        Recording source = new Recording((offset, limit) -> page(firstPage, null, offset, limit));
        RecordingStream out = new RecordingStream();

        ServiceException e = assertThrows(ServiceException.class,
                () -> new PageWalker(source, 500, 4, WalkProgress.NONE).walk(0, out));

        assertInstanceOf(ServiceException.Unavailable.class, e);
        assertEquals(ids(0, 500), out.ids);
        assertEquals(List.of(0L, 500L), source.offsets);
    }

    @Test
    void aServiceThatIgnoresTheOffsetIsAnErrorEvenWhenItsSecondPageIsTheLast() {
        // Total 1,000 in pages of 500: the page at 500 is the last by the total, and it is the
        // first page again. A page of only users already printed is "no progress" (exit 5),
        // not a team that changed.
        List<UserRecord> firstPage = users(0, 500);
        Recording source = new Recording((offset, limit) -> page(firstPage, 1000L, offset, limit));
        RecordingStream out = new RecordingStream();

        ServiceException e = assertThrows(ServiceException.class,
                () -> new PageWalker(source, 500, 4, WalkProgress.NONE).walk(0, out),
                "a page that repeats the first page in full must be 'no progress', even when it is the last");

        assertInstanceOf(ServiceException.Unavailable.class, e);
        assertEquals(ids(0, 500), out.ids);
    }

    // ---------------------------------------------------------------- a service that sends more than asked

    /** A service that answers {@code pageSize(offset)} users from {@code data} whatever limit was asked. */
    static PageSource ignoringTheLimit(List<UserRecord> data, Long total, LongToIntFunction pageSize) {
        return (offset, limit) -> slice(data, total, offset, pageSize.applyAsInt(offset));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4, 16})
    void aServiceThatIgnoresTheLimitIsReadAsSentAndTheWalkStepsByWhatCameBack(int parallel) throws IOException {
        // 5,000 a page for a limit of 100, 20,000 in all: four requests, not one per 100 users.
        Recording source = new Recording(ignoringTheLimit(users(0, 20_000), 20_000L, offset -> 5000));
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 100, parallel, WalkProgress.NONE).walk(0, out);

        assertEquals(ids(0, 20_000), out.ids);
        assertEquals(List.of(0L, 5000L, 10_000L, 15_000L), source.sortedOffsets());
        assertTrue(source.limits.stream().allMatch(limit -> limit == 100), "the limit asked stays the one given: " + source.limits);
        assertEquals(20_000, result.printed());
        assertEquals(0, result.duplicates());
        assertFalse(result.teamChanged());
        assertEquals(20_000, result.reached());
    }

    @Test
    void aServiceThatIgnoresTheLimitWithoutATotalEndsAtTheEmptyPage() throws IOException {
        Recording source = new Recording(ignoringTheLimit(users(0, 20_000), null, offset -> 5000));
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 100, 4, WalkProgress.NONE).walk(0, out);

        assertEquals(ids(0, 20_000), out.ids);
        assertEquals(List.of(0L, 5000L, 10_000L, 15_000L, 20_000L), source.offsets);
        assertFalse(result.teamChanged());
    }

    @Test
    void aServiceThatIgnoresTheLimitAndEndsOnAPartPageStopsThere() throws IOException {
        // 12,345 users, 5,000 a page: the last page holds 2,345 (still more than the 100 asked).
        Recording source = new Recording(ignoringTheLimit(users(0, 12_345), 12_345L, offset -> 5000));
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 100, 4, WalkProgress.NONE).walk(0, out);

        assertEquals(ids(0, 12_345), out.ids);
        assertEquals(List.of(0L, 5000L, 10_000L), source.sortedOffsets());
        assertFalse(result.teamChanged());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4, 16})
    void aPageLargerThanAskedMidWalkReplansTheOffsetsAlreadyOut(int parallel) throws IOException {
        // Pages of 100 as asked up to offset 300, then 5,000 a page: requests already out for 400,
        // 500, ... overlap the large page. They must not pass for a team that changed, and the
        // walk must go on from what came back, not in steps of 100.
        Recording source = new Recording(ignoringTheLimit(users(0, 20_000), 20_000L, offset -> offset < 300 ? 100 : 5000));
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 100, parallel, WalkProgress.NONE).walk(0, out);

        assertEquals(ids(0, 20_000), out.ids);
        assertEachOnce(out.ids);
        assertEquals(0, result.duplicates(), "users met again in a request sent before the plan changed are no change of the team");
        assertFalse(result.teamChanged());
        // What the service needed: 0, 100, 200, 300, then 5,000 a page up to 20,000 (4 more).
        // At most the window handed out before the large page came back comes on top.
        assertTrue(source.fetches() <= 7 + 2 * parallel, "asked for too many pages: " + source.sortedOffsets());
        assertTrue(source.offsets.stream().allMatch(offset -> offset < 20_000), source.offsets::toString);
    }

    @Test
    void pagesSmallerThanTheOnesBeforeLeaveNoGap() throws IOException {
        // 5,000 a page at first, then 3,000: offsets planned 5,000 apart would skip users; the
        // walk asks again from where it has read to and writes every user once, in order.
        Recording source = new Recording(ignoringTheLimit(users(0, 20_000), 20_000L, offset -> offset < 5000 ? 5000 : 3000));
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 100, 2, WalkProgress.NONE).walk(0, out);

        assertEquals(ids(0, 20_000), out.ids);
        assertEquals(0, result.duplicates());
        assertFalse(result.teamChanged());
        assertTrue(source.offsets.containsAll(List.of(0L, 5000L, 8000L, 11_000L, 14_000L, 17_000L)), source.offsets::toString);
        assertTrue(source.fetches() <= 6 + 2 * 2 * 2, "asked for too many pages: " + source.sortedOffsets());
    }

    @Test
    void aServiceThatIgnoresTheLimitAndTheOffsetIsStillNoProgress() {
        List<UserRecord> firstPage = users(0, 5000);
        Recording source = new Recording((offset, limit) -> page(firstPage, 20_000L, offset, limit));
        RecordingStream out = new RecordingStream();

        ServiceException e = assertThrows(ServiceException.class,
                () -> new PageWalker(source, 100, 4, WalkProgress.NONE).walk(0, out));

        assertInstanceOf(ServiceException.Unavailable.class, e);
        assertTrue(e.getMessage().contains("no progress"), e.getMessage());
        assertEquals(ids(0, 5000), out.ids);
        assertTrue(source.fetches() <= 1 + 2 * 4, source.offsets::toString);
    }

    // ---------------------------------------------------------------- offsets near 2^63-1

    /** Full pages of new users at every offset (never a negative one), reporting {@code total}. */
    static PageSource fullPagesNear(long start, Long total) {
        return (offset, limit) -> {
            if (offset < start) {
                throw new IllegalStateException("asked for offset " + offset + ", before the start " + start);
            }
            int first = (int) Math.min(offset - start, 1_000_000);
            return page(users(first, first + limit), total, offset, limit);
        };
    }

    @ParameterizedTest
    @ValueSource(longs = {Long.MAX_VALUE, -1})
    void aWalkThatWouldPassTheLargestOffsetEndsWithAnError(long total) {
        long start = Long.MAX_VALUE - 807;
        Recording source = new Recording(fullPagesNear(start, total < 0 ? null : total));
        RecordingStream out = new RecordingStream();

        ServiceException e = assertThrows(ServiceException.class,
                () -> new PageWalker(source, 500, 4, WalkProgress.NONE).walk(start, out));

        assertInstanceOf(ServiceException.Unavailable.class, e);
        assertTrue(e.getMessage().contains("9,223,372,036,854,775,807"), e.getMessage());
        assertEquals(List.of(start, start + 500), source.sortedOffsets());
        assertEquals(ids(0, 500), out.ids, "the page that fits, and nothing of the one that does not");
    }

    @Test
    void aTeamThatEndsAtTheLargestOffsetIsWalkedToItsEnd() throws IOException {
        // 1,000 users up to offset 2^63-1 exactly, from 2^63-1001: two pages, then the total.
        long start = Long.MAX_VALUE - 1000;
        PageSource consistent = (offset, limit) -> {
            int first = (int) (offset - start);
            int count = (int) Math.min(limit, Long.MAX_VALUE - offset);
            return page(users(first, first + count), Long.MAX_VALUE, offset, limit);
        };
        Recording source = new Recording(consistent);
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 500, 4, WalkProgress.NONE).walk(start, out);

        assertEquals(ids(0, 1000), out.ids);
        assertEquals(List.of(start, start + 500), source.sortedOffsets());
        assertEquals(Long.MAX_VALUE, result.reached());
        assertFalse(result.endedShortOfTheTotal());
    }

    @Test
    void aLargerPageNearTheLargestOffsetPlansNoOffsetPastIt() {
        // Pages of 500 asked, 5,000 sent, without a total: planning 5,000 apart from 2^63-5,500
        // would pass 2^63-1, so nothing past it is asked for; the page that would is an error.
        long start = Long.MAX_VALUE - 5500;
        Recording source = new Recording((offset, limit) -> {
            if (offset < start) {
                throw new IllegalStateException("asked for offset " + offset);
            }
            int first = (int) (offset - start);
            return page(users(first, first + 5000), null, offset, limit);
        });
        RecordingStream out = new RecordingStream();

        ServiceException e = assertThrows(ServiceException.class,
                () -> new PageWalker(source, 500, 4, WalkProgress.NONE).walk(start, out));

        assertTrue(e.getMessage().contains("2^63-1"), e.getMessage());
        assertEquals(List.of(start, start + 5000), source.offsets);
        assertEquals(ids(0, 5000), out.ids);
    }

    // ---------------------------------------------------------------- totals that lie

    @Test
    void aTotalThatLiesHighStopsAtTheShortPage() throws IOException {
        Recording source = new Recording(service(users(0, 1234), 10_000L));
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 500, 4, WalkProgress.NONE).walk(0, out);

        assertEquals(ids(0, 1234), out.ids);
        assertEquals(1234, result.printed());
        assertEquals(0, result.duplicates());
        // Up to the short page at 1,000 plus at most the window fetched ahead (twice parallel).
        assertTrue(source.fetches() <= 3 + 2 * 4, "asked for too many pages past the short one: " + source.offsets);
        assertTrue(source.offsets.containsAll(List.of(0L, 500L, 1000L)), source.offsets::toString);
    }

    @Test
    void aTotalThatLiesLowStopsAtTheTotal() throws IOException {
        Recording source = new Recording(service(users(0, 2000), 1000L));
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 500, 4, WalkProgress.NONE).walk(0, out);

        assertEquals(ids(0, 1000), out.ids);
        assertEquals(List.of(0L, 500L), source.sortedOffsets());
        assertEquals(1000, result.printed());
    }

    // ---------------------------------------------------------------- parallel pages

    @Test
    void pagesThatCompleteOutOfOrderAreWrittenInOffsetOrder() throws IOException {
        // Ten pages of 100; earlier pages take longer.
        Recording source = new Recording(service(users(0, 1000), 1000L), offset -> (int) (10 - offset / 100) * 20);
        RecordingStream out = new RecordingStream();

        WalkResult result = new PageWalker(source, 100, 4, WalkProgress.NONE).walk(0, out);

        assertEquals(ids(0, 1000), out.ids);
        assertEquals(1000, result.printed());
        List<Long> completion = new ArrayList<>(source.completed);
        List<Long> sorted = new ArrayList<>(completion);
        Collections.sort(sorted);
        assertNotEquals(sorted, completion, "the test meant pages to complete out of order: " + completion);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 16})
    void noMoreThanParallelPagesAreInFlight(int parallel) throws IOException {
        Recording source = new Recording(service(users(0, 2000), 2000L), offset -> 15);
        RecordingStream out = new RecordingStream();

        new PageWalker(source, 50, parallel, WalkProgress.NONE).walk(0, out);

        assertEquals(ids(0, 2000), out.ids);
        assertTrue(source.maxRunning.get() <= parallel, "in flight at once: " + source.maxRunning.get() + " > " + parallel);
        if (parallel > 1) {
            assertTrue(source.maxRunning.get() > 1, "pages were never fetched in parallel");
        }
        assertEquals(offsets(0, 50, 40), source.sortedOffsets(), "each page once");
    }

    @Test
    void aPageBeingReadDoesNotHoldARequestsPlace() throws Exception {
        // One request at a time. Reading the page at 100 waits for the request of the page at 200:
        // if reading held the request's place, that request would never go out while it waits.
        List<UserRecord> data = users(0, 400);
        CountDownLatch nextRequested = new CountDownLatch(1);
        AtomicInteger requesting = new AtomicInteger();
        AtomicInteger maxRequesting = new AtomicInteger();
        List<Long> readWhileNextWasOut = new CopyOnWriteArrayList<>();
        PageSource source = new PageSource() {
            @Override
            public UserPage fetch(long offset, int limit) {
                return request(offset, limit).get();
            }

            @Override
            public Supplier<UserPage> request(long offset, int limit) {
                maxRequesting.accumulateAndGet(requesting.incrementAndGet(), Math::max);
                try {
                    if (offset == 200) {
                        nextRequested.countDown();
                    }
                    UserPage page = slice(data, 400L, offset, limit);
                    return () -> {
                        if (offset == 100) {
                            try {
                                if (nextRequested.await(10, TimeUnit.SECONDS)) {
                                    readWhileNextWasOut.add(offset);
                                }
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                        return page;
                    };
                } finally {
                    requesting.decrementAndGet();
                }
            }
        };
        RecordingStream out = new RecordingStream();

        new PageWalker(source, 100, 1, WalkProgress.NONE).walk(0, out);

        assertEquals(ids(0, 400), out.ids);
        assertEquals(List.of(100L), readWhileNextWasOut, "the request for the page at 200 waited for the page at 100 to be read");
        assertEquals(1, maxRequesting.get(), "more requests at once than --parallel 1");
    }

    // ---------------------------------------------------------------- failures

    @Test
    void aFailingLaterPagePropagatesAndNothingMoreIsAskedFor() throws Exception {
        ServiceException boom = new ServiceException.Unavailable("list (offset 1500 limit 500)", "the service failed (HTTP 500)",
                null, null, null);
        List<UserRecord> data = users(0, 5000);
        Recording source = new Recording((offset, limit) -> {
            if (offset == 1500) {
                throw boom;
            }
            return slice(data, 5000L, offset, limit);
        }, offset -> offset > 1500 ? 30 : 0);
        RecordingStream out = new RecordingStream();

        ServiceException thrown = assertThrows(ServiceException.class,
                () -> new PageWalker(source, 500, 4, WalkProgress.NONE).walk(0, out));

        assertSame(boom, thrown);
        assertEquals(ids(0, 1500), out.ids, "the pages before the failing one, and nothing after it");
        int fetchesAtFailure = source.fetchesBeforeTheEnd();
        // Page index 3 failed. At most: the first page (alone), the two emitted after it, and a
        // window of 2 x parallel = 8 pages from the failing one on (OrderedParallel's window).
        assertTrue(fetchesAtFailure <= 1 + 2 + 8, "asked for too many pages: " + source.offsets);
        source.awaitWorkersEnded();
        assertEquals(fetchesAtFailure, source.fetchesBeforeTheEnd(), "pages were asked for after the walk failed: " + source.offsets);
    }

    @Test
    void aSinkThatFailsStopsTheWalkPromptly() throws Exception {
        // 100 pages of 100; the reader goes away in the middle of the fourth page.
        Recording source = new Recording(service(users(0, 10_000), 10_000L), offset -> 2);
        RecordingStream out = new RecordingStream(350);

        IOException thrown = assertThrows(IOException.class,
                () -> new PageWalker(source, 100, 4, WalkProgress.NONE).walk(0, out));

        assertSame(out.failure, thrown);
        int pagesEmitted = out.batches; // includes the page the sink failed in
        assertEquals(4, pagesEmitted);
        int fetchesAtFailure = source.fetchesBeforeTheEnd();
        assertTrue(fetchesAtFailure <= pagesEmitted + 2 * 4, "fetches started " + fetchesAtFailure + " for " + pagesEmitted + " pages written");
        source.awaitWorkersEnded();
        assertEquals(fetchesAtFailure, source.fetchesBeforeTheEnd(), "pages were asked for after the sink failed");
    }

    // ---------------------------------------------------------------- where a walk cut short goes on

    @Test
    void aWalkCutShortByAFailingPageGoesOnFromThatPage() {
        List<UserRecord> data = users(0, 5000);
        PageWalker walker = new PageWalker((offset, limit) -> {
            if (offset == 1700) {
                throw new ServiceException.Unavailable("list (offset 1700 limit 400)", "the service failed (HTTP 500)", null, null, null);
            }
            return slice(data, 5000L, offset, limit);
        }, 400, 4, WalkProgress.NONE);
        RecordingStream out = new RecordingStream();

        assertThrows(ServiceException.class, () -> walker.walk(100, out));

        assertEquals(ids(100, 1700), out.ids);
        assertEquals(1700, walker.resumeOffset(), "the first offset whose users were not printed");
    }

    @Test
    void aWalkWhoseFirstPageFailsGoesOnFromWhereItBegan() {
        PageWalker walker = new PageWalker((offset, limit) -> {
            throw new ServiceException.Unavailable("list (offset 300 limit 100)", "the service failed (HTTP 500)", null, null, null);
        }, 100, 4, WalkProgress.NONE);

        assertThrows(ServiceException.class, () -> walker.walk(300, new RecordingStream()));

        assertEquals(300, walker.resumeOffset());
    }

    @Test
    void aServiceThatMakesNoProgressLeavesTheWalkToGoOnFromTheRepeatedPage() {
        List<UserRecord> data = users(0, 1000);
        PageWalker walker = new PageWalker((offset, limit) -> slice(data, 1000L, offset >= 200 ? 100 : offset, limit),
                100, 1, WalkProgress.NONE);

        assertThrows(ServiceException.class, () -> walker.walk(0, new RecordingStream()));

        assertEquals(200, walker.resumeOffset());
    }

    @Test
    void aWalkStoppedPartWayThroughAPageGoesOnFromItsFirstUserNotWritten() {
        // The page at 100 starts five users early (the team changed): those come out once, so the
        // users written from it are 100.. and its position 15 holds the first one not written.
        List<UserRecord> data = users(0, 1000);
        PageWalker walker = new PageWalker((offset, limit) -> offset == 100 ? page(data.subList(95, 195), 1000L, 100, 100)
                : slice(data, 1000L, offset, limit), 100, 1, WalkProgress.NONE);
        List<String> written = new ArrayList<>();
        UserSink stopping = new UserSink() {
            @Override
            public void addAll(List<UserRecord> users) throws IOException {
                for (int i = 0; i < users.size(); i++) {
                    if (written.size() == 110) {
                        throw new UserSink.StoppedPartWay(i);
                    }
                    written.add(users.get(i).userId());
                }
            }

            @Override
            public void flush() {
            }
        };

        assertThrows(UserSink.StoppedPartWay.class, () -> walker.walk(0, stopping));

        assertEquals(ids(0, 110), written);
        assertEquals(115, walker.resumeOffset());
    }

    // ---------------------------------------------------------------- progress

    @Test
    void progressCountsPrintedUsersAndIsClearedAtTheEnd() throws IOException {
        List<String> events = Collections.synchronizedList(new ArrayList<>());
        WalkProgress progress = new WalkProgress() {
            @Override public void update(long users, Long total) { events.add("update " + users + "/" + total); }
            @Override public void clear() { events.add("clear"); }
        };

        new PageWalker(service(users(0, 1234), 1234L), 500, 4, progress).walk(0, new RecordingStream());

        assertTrue(events.contains("update 1234/1234"), events::toString);
        assertEquals("clear", events.get(events.size() - 1), "the progress line must be gone at the end: " + events);
        // Counts only grow.
        long last = -1;
        for (String event : events) {
            if (event.startsWith("update ")) {
                long users = Long.parseLong(event.substring(7, event.indexOf('/')));
                assertTrue(users >= last, events::toString);
                last = users;
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 42, 500, 1234})
    void theProgressLineIsGoneWhenTheWalkEndsHoweverManyPagesItHad(int teamSize) throws IOException {
        // Whatever is written after the walk (a footer, the shell prompt) must not land behind a
        // stale progress line: the last thing the walk tells its progress is to clear.
        List<String> events = Collections.synchronizedList(new ArrayList<>());
        WalkProgress progress = new WalkProgress() {
            @Override public void update(long users, Long total) { events.add("update " + users); }
            @Override public void clear() { events.add("clear"); }
        };

        new PageWalker(service(users(0, teamSize), (long) teamSize), 500, 4, progress).walk(0, new RecordingStream());

        assertFalse(events.isEmpty());
        assertEquals("clear", events.get(events.size() - 1), "progress left shown after a walk of " + teamSize + ": " + events);
    }

    @Test
    void badPageSizeOrParallelIsRefused() {
        PageSource none = (offset, limit) -> page(List.of(), 0L, offset, limit);
        assertThrows(IllegalArgumentException.class, () -> new PageWalker(none, 0, 4, WalkProgress.NONE));
        assertThrows(IllegalArgumentException.class, () -> new PageWalker(none, 500, 0, WalkProgress.NONE));
    }
}
