package dev.userlookup.commands;

import dev.userlookup.console.Io;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.userlookup.console.FixedTerminal;
import dev.userlookup.fake.Held;
import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import dev.userlookup.network.Request;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code list --all} through the real command line against a stubbed service. */
@Timeout(30)
class ListAllCommandTest {

    /**
     * Answers {@code /v2/user/?offset=O&limit=L} with that page of a team of {@code total} users;
     * {@code pageSize}: a service that ignores the limit asked for and sends that many users a page.
     */
    static Function<Request, Reply> teamPages(int total, int pageSize) {
        return request -> {
            long offset = query(request, "offset");
            int limit = (int) query(request, "limit");
            int size = pageSize > 0 ? pageSize : limit;
            int count = (int) Math.max(0, Math.min(size, total - offset));
            return Reply.ok(Users.page((int) offset, count, total, limit));
        };
    }

    static long query(Request request, String name) {
        for (String pair : request.uri().getRawQuery().split("&")) {
            if (pair.startsWith(name + "=")) {
                return Long.parseLong(pair.substring(name.length() + 1));
            }
        }
        throw new AssertionError("no " + name + " in " + request.uri());
    }

    @RegisterExtension
    final Registry service = new Registry();

    private static final String WARNING = "userlookup: warning: the team changed during the walk";
    private static final String CLEAR_LINE = "\r\u001b[K";

    private final ObjectMapper json = new ObjectMapper();

    /** Stubs a consistent team of {@code size} users, answered in pages of {@code limit} from {@code start}: the pages a walk asks for. */
    private void stubTeam(int size, int start, int limit) {
        for (int offset = start; offset < size; offset += limit) {
            int count = Math.max(0, Math.min(limit, size - offset));
            service.get(url(offset, limit)).reply(Reply.ok(Users.page(offset, count, size, limit)));
        }
    }

    private static String url(long offset, int limit) {
        return "/v2/user/?offset=" + offset + "&limit=" + limit;
    }

    /**
     * 2,500 users in pages of 500 whose third page fails with a 500: the pages after it may be
     * asked for while it fails, or not.
     */
    private void stubTeamFailingAt1000() {
        for (int offset = 0; offset < 1000; offset += 500) {
            service.get(url(offset, 500)).reply(Reply.ok(Users.page(offset, 500, 2500, 500)));
        }
        service.get(url(1000, 500)).reply(Reply.status(500).json("{\"detail\":\"database on fire\"}"));
        for (int offset = 1500; offset < 2500; offset += 500) {
            service.get(url(offset, 500)).optional().reply(Reply.ok(Users.page(offset, 500, 2500, 500)));
        }
    }

    private List<String> requestedUrls() {
        return service.targets();
    }

    private static List<String> expectedIds(int from, int to) {
        List<String> ids = new ArrayList<>();
        for (int i = from; i < to; i++) {
            ids.add(Users.uuid(i));
        }
        return ids;
    }

    private static List<String> errLines(Cli.Result result) {
        return result.err().isEmpty() ? List.of() : List.of(result.err().split("\n"));
    }

    // ---------------------------------------------------------------- formats

    @Test
    void jsonIsOneDocumentOfTheUserListShape() throws Exception {
        stubTeam(1234, 0, 500);

        Cli.Result result = Cli.against(service).run("list", "--all", "-o", "json");

        assertEquals(0, result.exit(), () -> brief(result));
        JsonNode document = json.readTree(result.outBytes());
        assertTrue(document.isObject(), () -> brief(result));
        assertEquals(Set.of("users", "total", "offset", "limit"), toSet(document.fieldNames()));
        JsonNode users = document.get("users");
        assertEquals(1234, users.size());
        assertEquals(1234, document.get("total").asLong());
        assertEquals(0, document.get("offset").asLong());
        assertEquals(1234, document.get("limit").asLong());
        List<String> ids = new ArrayList<>();
        users.forEach(user -> ids.add(user.get("user_id").asText()));
        assertEquals(1234, new HashSet<>(ids).size(), "user_ids must be unique");
        assertEquals(expectedIds(0, 1234), ids, "the service's order");
        // Lossless: the user as the service sent it.
        assertEquals(json.readTree(Users.user(Users.uuid(777), "customer-777")), users.get(777));
        assertEquals("", result.err());
        assertEquals(3, service.requests().size(), requestedUrls()::toString);
    }

    @Test
    void ndjsonIsOneUserALine() throws Exception {
        stubTeam(1234, 0, 500);

        Cli.Result result = Cli.against(service).run("list", "--all", "-o", "ndjson");

        assertEquals(0, result.exit(), () -> brief(result));
        assertTrue(result.out().endsWith("\n"));
        String[] lines = result.out().split("\n");
        assertEquals(1234, lines.length);
        for (int i = 0; i < lines.length; i++) {
            JsonNode user = json.readTree(lines[i]);
            assertEquals(Users.uuid(i), user.get("user_id").asText(), "line " + i);
        }
        assertEquals("", result.err());
    }

    @Test
    void csvIsAHeaderAndOneRowAUser() {
        stubTeam(1234, 0, 500);

        Cli.Result result = Cli.against(service).run("list", "--all", "-o", "csv");

        assertEquals(0, result.exit(), () -> brief(result));
        String[] rows = result.out().split("\r\n");
        assertEquals(1 + 1234, rows.length);
        assertTrue(rows[0].startsWith("user_id,team_id,client_user_id,"), rows[0]);
        for (int i = 0; i < 1234; i++) {
            assertTrue(rows[i + 1].startsWith(Users.uuid(i) + "," + Users.TEAM + ",customer-" + i + ","), rows[i + 1]);
        }
        assertEquals("", result.err());
    }

    @Test
    void tableOnATerminalEndsWithTheNumberOfUsers() {
        stubTeam(1234, 0, 500);

        Cli.Result result = Cli.against(service).terminal(true, 100).run("list", "--all", "--color", "never");

        assertEquals(0, result.exit(), () -> brief(result));
        String[] lines = result.out().split("\n");
        assertTrue(lines[0].startsWith("USER ID"), lines[0]);
        assertEquals("1,234 users.", lines[lines.length - 1]);
        assertEquals(1 + 1234 + 1, lines.length, "a header, a row a user and the footer");
        // Progress on a terminal stderr is allowed, but nothing may be left standing on it.
        assertTrue(result.err().isEmpty() || result.err().endsWith(CLEAR_LINE), () -> "progress left on stderr: " + result.err());
        assertFalse(result.err().contains("\n"), () -> "progress must not scroll: " + result.err());
    }

    @Test
    void aOnePageWalkOnATerminalLeavesNoProgressBehind() {
        stubTeam(42, 0, 500);

        Cli.Result result = Cli.against(service).terminal(true, 100).run("list", "--all", "--color", "never");

        assertEquals(0, result.exit(), () -> brief(result));
        String[] lines = result.out().split("\n");
        assertEquals("42 users.", lines[lines.length - 1]);
        // The footer and the next prompt are written after the walk: the progress line must be gone by then.
        assertTrue(result.err().isEmpty() || result.err().endsWith(CLEAR_LINE),
                () -> "progress left on stderr: " + result.err().replace("\r", "\\r").replace("\u001b", "\\e"));
    }

    // ---------------------------------------------------------------- paging

    @Test
    void limitAndOffsetSetThePageSizeAndTheStart() throws Exception {
        stubTeam(1234, 200, 100);

        Cli.Result result = Cli.against(service).run("list", "--all", "--limit", "100", "--offset", "200", "-o", "ndjson");

        assertEquals(0, result.exit(), () -> brief(result));
        List<String> ids = new ArrayList<>();
        for (String line : result.out().split("\n")) {
            ids.add(json.readTree(line).get("user_id").asText());
        }
        assertEquals(expectedIds(200, 1234), ids);
        // 200, 300, ..., 1200: eleven pages, each once, nothing else.
        Set<String> expected = new HashSet<>();
        for (int offset = 200; offset < 1234; offset += 100) {
            expected.add(url(offset, 100));
            assertEquals(1, service.count(url(offset, 100)));
        }
        assertEquals(11, expected.size());
        assertEquals(expected, new HashSet<>(requestedUrls()));
        assertEquals(11, service.requests().size());
        assertEquals(url(200, 100), requestedUrlsInOrder().get(0), "the first page is asked for first, alone");
    }

    @Test
    void pagesThatArriveOutOfOrderAreWrittenInOrder() throws Exception {
        // Six pages of 100: the first alone, then five at once (--parallel 5), each of them answered
        // only once the page after it has been, so the last is answered first.
        int limit = 100;
        int size = 600;
        CountDownLatch nextAnswered = new CountDownLatch(0);
        for (int offset = size - limit; offset >= 0; offset -= limit) {
            Reply page = Reply.ok(Users.page(offset, limit, size, limit));
            CountDownLatch answered = new CountDownLatch(1);
            service.get(url(offset, limit)).answer(Held.until(nextAnswered, request -> {
                answered.countDown();
                return page;
            }));
            nextAnswered = offset == limit ? new CountDownLatch(0) : answered;
        }

        Cli.Result result = Cli.against(service).run("list", "--all", "--limit", "100", "--parallel", "5", "-o", "ndjson");

        assertEquals(0, result.exit(), () -> brief(result));
        List<String> ids = new ArrayList<>();
        for (String line : result.out().split("\n")) {
            ids.add(json.readTree(line).get("user_id").asText());
        }
        assertEquals(expectedIds(0, 600), ids);
        assertEquals("", result.err());
    }

    @ParameterizedTest(name = "[{index}] --parallel {0} -> {1} at once")
    @CsvSource({"default, 4", "2, 2"})
    void atMostParallelPagesAreInFlightAndThatManyAre(String parallel, int expected) throws Exception {
        // 1,000 users in pages of 100: the first page alone, answered at once, then nine with up
        // to --parallel in flight. Each of the nine is held until that many are held at once (so
        // they are, however loaded the machine), then 250 ms more, so that one past that number
        // would be counted too.
        Held pages = Held.together(expected, 250, teamPages(1000, 0));
        service.getPath("/v2/user/").answer(pages);
        service.get(url(0, 100)).reply(Reply.ok(Users.page(0, 100, 1000, 100)));
        List<String> args = new ArrayList<>(List.of("list", "--all", "--limit", "100", "-o", "ndjson"));
        if (!parallel.equals("default")) {
            args.addAll(List.of("--parallel", parallel));
        }

        Cli.Result result = Cli.against(service).run(args.toArray(new String[0]));

        assertEquals(0, result.exit(), () -> brief(result));
        List<String> ids = new ArrayList<>();
        for (String line : result.out().split("\n")) {
            ids.add(json.readTree(line).get("user_id").asText());
        }
        assertEquals(expectedIds(0, 1000), ids);
        assertEquals(10, service.requests().size(), requestedUrls()::toString);
        assertEquals(expected, pages.most.get(), "page requests in flight at once");
        assertEquals(url(0, 100), requestedUrlsInOrder().get(0), "the first page alone, first");
    }

    @Test
    void ndjsonPagesAreFlushedAsTheyArriveNotAtTheEnd() throws Exception {
        // The second (last) page is held at the service until the test has seen the first page's
        // users on stdout: a walk that wrote them only at the end would never show them.
        CountDownLatch release = new CountDownLatch(1);
        service.get(url(0, 500)).reply(Reply.ok(Users.page(0, 500, 1000, 500)));
        service.get(url(500, 500)).answer(Held.until(release, teamPages(1000, 0)));
        // Buffered as the real standard output is, so that a page left unflushed stays unseen.
        CountDownLatch firstPageOut = new CountDownLatch(500);
        ByteArrayOutputStream out = new ByteArrayOutputStream() {
            @Override
            public synchronized void write(byte[] bytes, int offset, int length) {
                super.write(bytes, offset, length);
                for (int i = offset; i < offset + length; i++) {
                    if (bytes[i] == '\n') {
                        firstPageOut.countDown();
                    }
                }
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Io io = new Io(new ByteArrayInputStream(new byte[0]), new BufferedOutputStream(out, 1 << 16),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of("USERLOOKUP_BASE_URL", service.baseUrl(), "USERLOOKUP_API_KEY", TestKeys.KEY), new FixedTerminal(false, false, 0));
        AtomicInteger exit = new AtomicInteger(-1);
        Thread run = new Thread(() -> exit.set(App.run(new String[] {"list", "--all", "-o", "ndjson"},
                new Factory(io, SignalStop.NONE, null, service), null)));

        int linesWhileHeld;
        boolean stillRunning;
        run.start();
        try {
            firstPageOut.await(15, TimeUnit.SECONDS);
            linesWhileHeld = lines(out);
            stillRunning = run.isAlive();
        } finally {
            release.countDown();
        }
        run.join(20_000);

        assertFalse(run.isAlive(), "the walk ends once the second page is answered");
        assertTrue(stillRunning, "the walk was waiting for its second page");
        assertEquals(500, linesWhileHeld, "the first page's users were out while the second page was held");
        assertEquals(0, exit.get(), () -> err.toString(StandardCharsets.UTF_8));
        String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(1000, lines.length);
        for (int i = 0; i < lines.length; i++) {
            assertEquals(Users.uuid(i), json.readTree(lines[i]).get("user_id").asText(), "line " + i);
        }
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    /** Whole lines written so far. */
    private static int lines(ByteArrayOutputStream out) {
        int count = 0;
        for (byte b : out.toByteArray()) {
            if (b == '\n') {
                count++;
            }
        }
        return count;
    }

    // ---------------------------------------------------------------- the team changes; the service misbehaves

    @Test
    void aServiceThatReturnsTheSamePageForEveryOffsetIsExit5() {
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(0, 500, 5000, 500)));

        Cli.Result result = Cli.against(service).run("list", "--all", "-o", "ndjson");

        assertEquals(5, result.exit(), () -> brief(result));
        List<String> err = errLines(result);
        assertEquals(1, err.size(), () -> brief(result));
        assertTrue(err.get(0).startsWith("userlookup: "), err.get(0));
        assertTrue(err.get(0).contains("no progress"), err.get(0));
        assertTrue(service.requests().size() <= 1 + 2 * 4,
                "not an endless loop (first page, then at most the window of twice --parallel): " + service.requests().size());
        assertEquals(500, result.out().split("\n").length, "the first page once");
    }

    @Test
    void aServiceThatReturnsTheSamePageForEveryOffsetIsExit5EvenForATwoPageTeam() {
        // The repeated page is also the last one by the total; it is still no progress, not a team that changed.
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(0, 500, 1000, 500)));

        Cli.Result result = Cli.against(service).run("list", "--all", "-o", "ndjson");

        assertEquals(5, result.exit(), () -> brief(result));
        assertEquals(1, errLines(result).size(), () -> brief(result));
        assertTrue(result.err().contains("no progress"), result.err());
    }

    @Test
    void duplicatesAcrossPagesComeOutOnceWithOneWarning() throws Exception {
        // The second page overlaps the first by ten users (the team changed under the walk).
        service.get(url(0, 500)).reply(Reply.ok(Users.page(0, 500, 1234, 500)));
        service.get(url(500, 500)).reply(Reply.ok(Users.page(490, 500, 1234, 500)));
        service.get(url(1000, 500)).reply(Reply.ok(Users.page(1000, 234, 1234, 500)));

        Cli.Result result = Cli.against(service).run("list", "--all", "-o", "json");

        assertEquals(0, result.exit(), () -> brief(result));
        JsonNode document = json.readTree(result.outBytes());
        List<String> ids = new ArrayList<>();
        document.get("users").forEach(user -> ids.add(user.get("user_id").asText()));
        List<String> expected = expectedIds(0, 990);
        expected.addAll(expectedIds(1000, 1234));
        assertEquals(expected, ids, "each user once, in the service's order");
        assertEquals(ids.size(), document.get("total").asInt());
        assertEquals(ids.size(), document.get("limit").asInt());
        List<String> err = errLines(result);
        assertEquals(1, err.size(), () -> brief(result));
        assertTrue(err.get(0).startsWith(WARNING), err.get(0));
    }

    @Test
    void aTotalThatChangesDuringTheWalkIsOneWarning() throws Exception {
        // After the first page, 20 users are deleted at the front: the total drops to 1,480.
        service.get(url(0, 500)).reply(Reply.ok(Users.page(0, 500, 1500, 500)));
        service.get(url(500, 500)).reply(Reply.ok(Users.page(520, 500, 1480, 500)));
        service.get(url(1000, 500)).reply(Reply.ok(Users.page(1020, 480, 1480, 500)));

        Cli.Result result = Cli.against(service).run("list", "--all", "-o", "ndjson");

        assertEquals(0, result.exit(), () -> brief(result));
        assertEquals(1480, result.out().split("\n").length);
        List<String> err = errLines(result);
        assertEquals(1, err.size(), () -> brief(result));
        assertTrue(err.get(0).startsWith(WARNING), err.get(0));
    }

    @Test
    void aServerErrorOnPageThreeIsExit5WithOneLine() {
        stubTeamFailingAt1000();

        Cli.Result result = Cli.against(service).run("list", "--all", "--retries", "0", "-o", "ndjson");

        assertEquals(5, result.exit(), () -> brief(result));
        List<String> err = errLines(result);
        assertEquals(1, err.size(), () -> brief(result));
        assertTrue(err.get(0).startsWith("userlookup: list"), err.get(0));
        assertTrue(err.get(0).contains("1000"), "names the failing page: " + err.get(0));
        assertTrue(err.get(0).contains("500"), err.get(0));
        assertEquals(1, service.count(url(1000, 500)));
        // The two pages before it were written, nothing after it.
        String[] lines = result.out().split("\n");
        assertEquals(1000, lines.length);
        assertTrue(lines[999].contains(Users.uuid(999)), lines[999]);
    }

    @Test
    void aJsonDocumentCutShortByAFailureSaysSoAndWhereToGoOn() throws Exception {
        stubTeamFailingAt1000();

        Cli.Result result = Cli.against(service).run("list", "--all", "--retries", "0", "-o", "json");

        assertEquals(5, result.exit(), () -> brief(result));
        JsonNode document = json.readTree(result.outBytes());
        assertEquals(expectedIds(0, 1000), idsOf(document));
        assertEquals(1000, document.get("total").asInt());
        assertEquals(json.readTree("{\"reason\": \"failed\", \"next_offset\": 1000}"), document.get("incomplete"));
        assertTrue(result.out().endsWith("  \"limit\": 1000,\n  \"incomplete\": {\n    \"reason\": \"failed\",\n"
                + "    \"next_offset\": 1000\n  }\n}\n"), () -> brief(result));
    }

    @Test
    void aJsonDocumentFromAnOffsetCutShortByAServiceThatMakesNoProgressSaysWhereToGoOn() throws Exception {
        // From offset 1000 on the service answers the page at 500 whatever the offset (the walk starts at 500).
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(500, 500, 5000, 500)));

        Cli.Result result = Cli.against(service).run("list", "--all", "--offset", "500", "--parallel", "1", "-o", "json");

        assertEquals(5, result.exit(), () -> brief(result));
        JsonNode document = json.readTree(result.outBytes());
        assertEquals(expectedIds(500, 1000), idsOf(document));
        assertEquals("failed", document.get("incomplete").get("reason").asText());
        assertEquals(1000, document.get("incomplete").get("next_offset").asLong());
    }

    private static List<String> idsOf(JsonNode document) {
        List<String> ids = new ArrayList<>();
        document.get("users").forEach(user -> ids.add(user.get("user_id").asText()));
        return ids;
    }

    @Test
    void aCleanWalkIsSilentOnStderr() {
        stubTeam(1234, 0, 500);

        Cli.Result result = Cli.against(service).run("list", "--all", "-o", "ndjson");

        assertEquals(0, result.exit(), () -> brief(result));
        assertEquals("", result.err());
    }

    @Test
    void anEmptyTeamIsAnEmptyDocument() throws Exception {
        service.get(url(0, 500)).reply(Reply.ok("{\"users\":[],\"total\":0,\"offset\":0,\"limit\":500}"));

        Cli.Result result = Cli.against(service).run("list", "--all", "-o", "json");

        assertEquals(0, result.exit(), () -> brief(result));
        assertEquals(json.readTree("{\"users\":[],\"total\":0,\"offset\":0,\"limit\":0}"), json.readTree(result.outBytes()));
        assertEquals("", result.err());
        assertEquals(1, service.requests().size());
    }

    // ---------------------------------------------------------------- usage errors

    @Test
    void countWithAllIsAUsageError() {
        Cli.Result result = Cli.against(service).run("list", "--count", "--all");

        assertEquals(2, result.exit(), () -> brief(result));
        assertEquals(1, errLines(result).size(), () -> brief(result));
        assertEquals(0, service.requests().size());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "17", "-1"})
    void parallelOutOfRangeIsAUsageErrorBeforeAnyRequest(String parallel) {
        Cli.Result result = Cli.against(service).run("list", "--all", "--parallel=" + parallel);

        assertEquals(2, result.exit(), () -> brief(result));
        assertEquals(1, errLines(result).size(), () -> brief(result));
        assertTrue(result.err().contains("--parallel"), result.err());
        assertEquals(0, service.requests().size());
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "16"})
    void parallelAtTheBoundsIsAccepted(String parallel) throws Exception {
        stubTeam(1234, 0, 500);

        Cli.Result result = Cli.against(service).run("list", "--all", "--parallel", parallel, "-o", "ndjson");

        assertEquals(0, result.exit(), () -> brief(result));
        assertEquals(1234, result.out().split("\n").length);
    }

    // ---------------------------------------------------------------- helpers

    /** The exit, stderr and the start of stdout: enough to see a failure without megabytes of users. */
    private static String brief(Cli.Result result) {
        String out = result.out();
        return "exit " + result.exit() + "\n--- stderr\n" + result.err().replace("\r", "\\r").replace("\u001b", "\\e")
                + "--- stdout (" + out.length() + " chars)\n" + (out.length() > 600 ? out.substring(0, 600) + "…" : out);
    }

    private List<String> requestedUrlsInOrder() {
        return service.targets();
    }

    private static Set<String> toSet(java.util.Iterator<String> names) {
        Set<String> set = new HashSet<>();
        names.forEachRemaining(set::add);
        return set;
    }

    @Test
    void aServiceThatCapsThePageSizeIsWalkedInItsSteps() throws Exception {
        for (int offset = 0; offset < 250; offset += 100) {
            int count = Math.min(100, 250 - offset);
            service.get("/v2/user/?offset=" + offset + "&limit=" + (offset == 0 ? 500 : 100)).reply(Reply.ok(Users.page(offset, count, 250, 100)));
        }

        Cli.Result result = Cli.against(service).run("list", "--all", "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(250, result.out().split("\n").length);
        assertEquals("", result.err());
    }

    @ParameterizedTest(name = "[{index}] --parallel {0}")
    @ValueSource(strings = {"1", "4", "16"})
    void aServiceThatIgnoresTheLimitIsReadAsSentInAFewRequests(String parallel) throws Exception {
        // 5,000 users a page whatever the limit asked, 20,000 in all: four pages hold them all.
        service.getPath("/v2/user/").answer(teamPages(20_000, 5000));

        Cli.Result result = Cli.against(service).run("list", "--all", "--limit", "100", "--parallel", parallel, "-o", "ndjson");

        assertEquals(0, result.exit(), () -> brief(result));
        List<String> ids = new ArrayList<>();
        for (String line : result.out().split("\n")) {
            ids.add(json.readTree(line).get("user_id").asText());
        }
        assertEquals(expectedIds(0, 20_000), ids, "every user once, in the service's order");
        assertEquals("", result.err(), "nothing changed in the team: no warning");
        // The first page alone, then the rest in parallel (in any order), each once.
        List<String> urls = requestedUrlsInOrder();
        assertEquals(url(0, 100), urls.get(0));
        assertEquals(4, urls.size(), "the walk steps by what came back: " + urls);
        assertEquals(Set.of(url(0, 100), url(5000, 100), url(10_000, 100), url(15_000, 100)), new HashSet<>(urls));
    }

    @Test
    void aServiceThatIgnoresTheLimitAndTheOffsetIsStillExit5() {
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(0, 2000, 20_000, 2000)));

        Cli.Result result = Cli.against(service).run("list", "--all", "--limit", "100", "-o", "ndjson");

        assertEquals(5, result.exit(), () -> brief(result));
        assertEquals(1, errLines(result).size(), () -> brief(result));
        assertTrue(result.err().contains("no progress"), result.err());
        assertEquals(2000, result.out().split("\n").length, "the first page once");
        assertTrue(service.requests().size() <= 1 + 2 * 4, () -> requestedUrls().toString());
    }

    @Test
    void aWalkThatWouldPassTheLargestOffsetEndsWithAnErrorAndNeverSendsANegativeOffset() throws Exception {
        // The service counts 2^63-1 users and answers every offset with a full page of 500: the
        // page at 9223372036854775500 would end beyond the largest offset there is.
        long start = 9_223_372_036_854_775_000L;
        service.getPath("/v2/user/").answer(ListAllCommandTest::fullPagesNearTheEnd);

        Cli.Result result = Cli.against(service)
                .run("list", "--all", "--offset", Long.toString(start), "--limit", "500", "-o", "ndjson");

        assertEquals(5, result.exit(), () -> brief(result));
        List<String> err = errLines(result);
        assertEquals(1, err.size(), () -> brief(result));
        assertTrue(err.get(0).startsWith("userlookup: list --all: "), err.get(0));
        assertTrue(err.get(0).contains("9,223,372,036,854,775,807"), err.get(0));
        List<Long> offsets = new ArrayList<>();
        for (Request request : service.requests()) {
            offsets.add(query(request, "offset"));
        }
        assertTrue(offsets.stream().allMatch(offset -> offset >= start), "an offset overflowed: " + offsets);
        assertEquals(Set.of(start, start + 500), new HashSet<>(offsets), offsets::toString);
        assertEquals(500, result.out().split("\n").length, "the pages that fit are printed");
    }

    /** A full page of 500 new users at every offset, with a total of 2^63-1. */
    static Reply fullPagesNearTheEnd(Request request) {
        long offset = query(request, "offset");
        int first = (int) Math.floorMod(offset, 1_000_000L) * 1000;
        StringBuilder users = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            users.append(i == 0 ? "" : ",").append(Users.user(Users.uuid(first + i), "customer-" + (first + i)));
        }
        return Reply.ok("{\"users\":[" + users + "],\"total\":" + Long.MAX_VALUE + ",\"offset\":" + offset + ",\"limit\":500}");
    }

    @Test
    void aWalkThatEndsShortOfTheTotalSaysSo() {
        service.get("/v2/user/?offset=0&limit=500").reply(Reply.ok(Users.page(0, 120, 1000, 500)));

        Cli.Result result = Cli.against(service).run("list", "--all", "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(120, result.out().split("\n").length);
        assertEquals("userlookup: warning: the walk ended at 120 of the 1,000 users the service counts (a short page); "
                + "run again, or try --limit\n", result.err());
    }
}
