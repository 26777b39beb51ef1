package dev.userlookup.commands;

import dev.userlookup.console.Io;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.ExitCode;
import dev.userlookup.console.FixedTerminal;
import dev.userlookup.console.Terminal;
import dev.userlookup.console.TestTerminal;
import dev.userlookup.network.FakeTiming;
import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every exit status of the contract, each from the situation that should cause it, against the
 * service in memory; those of failures only a socket shows are ExitStatusOnTheWireTest's.
 */
class ExitStatusTest {

    @RegisterExtension
    final Registry service = new Registry();

    private static final String RESOLVE_X = "/v2/user/resolve/x";

    /** The run's clocks and sleep: a retry's wait is written down instead of waited out. */
    private final FakeTiming timing = new FakeTiming();
    private final long start = timing.nanoTime();

    /** How long the run slept in all, on its fake clock. */
    private long sleptMillis() {
        return (timing.nanoTime() - start) / 1_000_000;
    }

    private Cli.Result resolveX(String... extra) {
        String[] args = new String[extra.length + 2];
        args[0] = "resolve";
        args[1] = "x";
        System.arraycopy(extra, 0, args, 2, extra.length);
        return Cli.against(service).timing(timing).run(args);
    }


    @ParameterizedTest(name = "HTTP {0} -> exit {1}")
    @CsvSource({
        "401, 4, 'authentication refused (HTTP 401): nope; check the key from environment USERLOOKUP_API_KEY'",
        "403, 4, 'permission refused (HTTP 403): nope; check the key from environment USERLOOKUP_API_KEY'",
        "407, 5, 'a proxy refused the request (HTTP 407): nope'",
        "404, 3, 'not found (HTTP 404): nope'",
        "400, 2, 'the service rejected the request (HTTP 400): nope'",
        "422, 2, 'the service rejected the request (HTTP 422): nope'",
        "500, 5, 'the service failed (HTTP 500): nope'",
        "501, 5, 'the service failed (HTTP 501): nope'",
        "503, 5, 'the service failed (HTTP 503): nope'",
        "429, 5, 'the service is busy (HTTP 429): nope'",
        "405, 5, 'unexpected response (HTTP 405): nope'",
        "418, 5, 'unexpected response (HTTP 418): nope'",
    })
    void eachStatusHasItsExitCode(int status, int exit, String message) {
        service.get(RESOLVE_X).reply(Reply.status(status).json("{\"detail\":\"nope\"}"));
        // The list answers at this base URL: a 404 from resolve is a missing user (asked only then).
        service.getPath("/v2/user/").optional().reply(Reply.ok(Users.page(0, 1, 1, 1)));

        Cli.Result result = resolveX("--retries", "0");

        assertEquals(exit, result.exit(), result::toString);
        assertEquals("userlookup: resolve \"x\": " + message + "\n", result.err());
        assertEquals("", result.out());
    }

    @Test
    void aWalkThatFailsStillLeavesAWholeJsonDocument() throws Exception {
        service.get("/v2/user/?offset=0&limit=2").reply(Reply.ok(Users.page(0, 2, 6, 2)));
        service.get("/v2/user/?offset=2&limit=2").reply(Reply.ok(Users.page(2, 2, 6, 2)));
        service.get("/v2/user/?offset=4&limit=2").reply(Reply.status(500));

        Cli.Result result = Cli.against(service).run("list", "--all", "--limit", "2", "--retries", "0", "--parallel", "1");

        assertEquals(5, result.exit(), result::toString);
        result.assertOneErrorLine();
        com.fasterxml.jackson.databind.JsonNode document = new com.fasterxml.jackson.databind.ObjectMapper().readTree(result.outBytes());
        assertEquals(4, document.get("users").size(), result.out());
        assertEquals(4, document.get("total").asInt());
    }

    @Test
    void aListThatIs404PointsAtTheBaseUrl() {
        service.getPath("/wrong/v2/user/").reply(Reply.status(404));

        Cli.Result result = Cli.against(service.baseUrl() + "/wrong").through(service).run("list");

        assertEquals(5, result.exit(), result::toString);
        result.assertOneErrorLine();
        assertTrue(result.err().contains("check the base URL"), result.err());
    }

    @Test
    void anHtmlPageFromAProxyIsNamedNotDumped() {
        service.get(RESOLVE_X).reply(Reply.status(502)
                .body("<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n<body><h1>Bad Gateway</h1></body></html>", "text/html"));

        Cli.Result result = resolveX("--retries", "0");

        assertEquals(5, result.exit());
        assertEquals("userlookup: resolve \"x\": the service failed (HTTP 502): an HTML page: 502 Bad Gateway\n", result.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "<html>oops</html>",
        "not json at all",
        "{\"user_id\": \"u\", \"client_user_id\": \"c\"",
        "[]",
        "\"a string\"",
        "{\"client_user_id\":\"x\"}",
        "{\"user_id\":\"u\"}",
        "{\"user_id\":\"u\",\"client_user_id\":\"x\",\"created_on\":12}",
        "{\"user_id\":\"u\",\"client_user_id\":\"x\",\"connected_sources\":\"oura\"}",
        "{\"user_id\":\"u\",\"client_user_id\":\"x\",\"fallback_time_zone\":[1]}",
        "{\"user_id\":{},\"client_user_id\":\"x\"}",
        "{\"user_id\":\"u\",\"client_user_id\":\"x\",\"connected_sources\":[{\"source\":\"oura\"}]}",
        "{\"user_id\":\"u\",\"client_user_id\":\"x\",\"connected_sources\":[{\"source\":{\"slug\":7}}]}",
        "{\"user_id\":\"u\",\"client_user_id\":\"x\",\"fallback_birth_date\":{\"value\":false}}",
        "{\"user_id\":\"u\",\"client_user_id\":\"x\",\"ingestion_end\":[]}",
        "",
    })
    void aBodyThatIsNotTheJsonExpectedIsExit5(String body) {
        service.get(RESOLVE_X).reply(Reply.ok(body));

        Cli.Result result = resolveX();

        assertEquals(5, result.exit(), result::toString);
        result.assertOneErrorLine();
        assertTrue(result.err().startsWith("userlookup: resolve \"x\": the response is not the JSON expected"), result.err());
        assertEquals("", result.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"json", "ndjson", "csv", "table"})
    void wrongTypesAreExit5InEveryFormat(String format) {
        service.get(RESOLVE_X).reply(Reply.ok("{\"user_id\":\"u\",\"client_user_id\":\"x\",\"created_on\":12}"));

        Cli.Result result = resolveX("-o", format);

        assertEquals(5, result.exit(), result::toString);
        assertEquals("userlookup: resolve \"x\": the response is not the JSON expected: created_on: expected a string, got a number\n",
                result.err());
    }

    @Test
    void anUnreadableTimestampIsExit5WhereATableMustReadItAndPassesThroughAsJson() {
        service.get(RESOLVE_X).reply(Reply.ok("{\"user_id\":\"u\",\"client_user_id\":\"x\",\"created_on\":\"yesterday\"}"));

        Cli.Result table = resolveX("-o", "table");
        Cli.Result json = resolveX("-o", "json");

        assertEquals(5, table.exit(), table::toString);
        table.assertOneErrorLine();
        assertTrue(table.err().contains("created_on"), table.err());
        assertEquals("", table.out());
        assertEquals(0, json.exit(), json::toString);
        assertTrue(json.out().contains("\"created_on\": \"yesterday\""), json.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"users\": {}}",
        "{\"total\": 3}",
        "{\"users\": [1, 2]}",
        "{\"users\": [], \"total\": \"many\"}",
        "{\"users\": [{\"user_id\": \"u\"}], \"total\": 1}",
    })
    void aPageThatIsNotAUserListIsExit5(String body) {
        service.getPath("/v2/user/").reply(Reply.ok(body));

        Cli.Result result = Cli.against(service).run("list");

        assertEquals(5, result.exit(), result::toString);
        result.assertOneErrorLine();
    }

    @Test
    void aFailureThenSuccessIsRetried() {
        service.get(RESOLVE_X).reply(Reply.status(503).header("Retry-After", "0"), Reply.status(502), Reply.ok(Users.user("u", "x")));

        Cli.Result result = resolveX("--retries", "2", "-v");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(3, service.count(RESOLVE_X));
        // 503 is the service's load: the pause is the larger of Retry-After (0) and the first backoff
        // (0 to 0.5 s), and the refusal is retried without counting against --retries.
        assertTrue(result.err().matches("(?s).*retry 1 in 0\\.[0-5] s after HTTP 503\n.*"), result.err());
        assertTrue(result.err().contains("after HTTP 502"), result.err());
    }

    @ParameterizedTest(name = "HTTP {0}, then a user")
    @ValueSource(ints = {408, 429, 500, 504})
    void eachRetriedStatusIsRetriedOnceThenSucceeds(int status) {
        // 502 and 503 are retried in aFailureThenSuccessIsRetried; these are the rest of the contract's list.
        service.get(RESOLVE_X).reply(Reply.status(status).header("Retry-After", "0"), Reply.ok(Users.user("u", "x")));

        Cli.Result result = resolveX("--retries", "1", "-v");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(2, service.count(RESOLVE_X));
        // A 429 waits the larger of Retry-After (0) and the first backoff (0 to 0.5 s), retried for
        // the service's load, not against --retries; the others wait Retry-After.
        String retried = status == 429 ? "retry 1 in 0\\.[0-5] s after HTTP 429\n" : "retry 1 of 1 in 0\\.0 s after HTTP " + status + "\n";
        assertTrue(result.err().matches("(?s).*\\* " + retried + ".*"), result.err());
        assertTrue(result.out().contains("\"client_user_id\": \"x\""), result.out());
    }

    @Test
    void aRetryAfterInSecondsIsWaitedOutBeforeTheRetry() {
        service.get(RESOLVE_X).reply(Reply.status(503).header("Retry-After", "1"), Reply.ok(Users.user("u", "x")));

        Cli.Result result = resolveX("--retries", "1", "-v");

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.err().contains("* retry 1 in 1.0 s after HTTP 503\n"), result.err());
        assertEquals(2, service.count(RESOLVE_X));
        assertEquals(1000, sleptMillis(), "the retry waited out the Retry-After of one second");
    }

    @Test
    void byDefaultAFailingRequestIsRetriedThreeTimes() {
        // A failure of the service's own; a 503 or 429, its load, is retried on (ThrottleTest).
        service.get(RESOLVE_X).reply(Reply.status(502).header("Retry-After", "0"));

        Cli.Result result = resolveX();

        assertEquals(5, result.exit(), result::toString);
        assertEquals(4, service.count(RESOLVE_X));
        assertEquals("userlookup: resolve \"x\": the service failed (HTTP 502); gave up after 3 retries\n", result.err());
    }

    @ParameterizedTest
    @ValueSource(ints = {401, 403, 404, 422})
    void refusalsAreNeverRetried(int status) {
        service.get(RESOLVE_X).reply(Reply.status(status));
        // The list answers at this base URL: a 404 from resolve is a missing user (asked only then).
        service.getPath("/v2/user/").optional().reply(Reply.ok(Users.page(0, 1, 1, 1)));

        resolveX("--retries", "3");

        assertEquals(1, service.count(RESOLVE_X));
    }

    @Test
    void aRetryAfterBeyondSixtySecondsFailsAtOnceSayingWhen() {
        service.get(RESOLVE_X).reply(Reply.status(429).header("Retry-After", "3600"));

        Cli.Result result = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> resolveX("--retries", "3"));

        assertEquals(5, result.exit());
        result.assertOneErrorLine();
        assertTrue(result.err().contains("it asks to wait 3600 s: try again after "), result.err());
        assertEquals(1, service.count(RESOLVE_X));
    }

    @Test
    void aRetryAfterHttpDateIsHonoured() {
        // Two seconds ahead of the run's wall clock (a fake one, so the date is exact).
        String inOneSecond = java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME
                .format(java.time.ZonedDateTime.now(timing.wallClock()).plusSeconds(2));
        service.get(RESOLVE_X).reply(Reply.status(429).header("Retry-After", inOneSecond), Reply.ok(Users.user("u", "x")));

        Cli.Result result = resolveX("--retries", "1", "-v");

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.err().contains("* retry 1 in 2.0 s after HTTP 429"), result.err());
        assertEquals(2000, sleptMillis(), "the retry waited until the date of Retry-After");
    }

    @Test
    void aSameOriginRedirectIsFollowed() {
        service.get(RESOLVE_X).reply(Reply.status(307).header("Location", "/moved/x"));
        service.get("/moved/x").reply(Reply.ok(Users.user("u", "x")));

        Cli.Result result = resolveX();

        assertEquals(0, result.exit(), result::toString);
    }

    @Test
    void aFollowedSameOriginRedirectStillCarriesTheKey() {
        service.get(RESOLVE_X).reply(Reply.status(307).header("Location", "/moved/x"));
        service.get("/moved/x").withHeader("x-service-api-key", TestKeys.KEY).reply(Reply.ok(Users.user("u", "x")));

        Cli.Result result = resolveX();

        assertEquals(0, result.exit(), result::toString);
        assertEquals(1, service.count("/moved/x"));
    }

    @Test
    void aCrossOriginRedirectIsNotFollowedAndTheKeyStaysHome() {
        // Followed, the request to the other origin would reach nothing stubbed and fail the test.
        service.get(RESOLVE_X).reply(Reply.status(302).header("Location", "https://elsewhere.example.test" + RESOLVE_X));

        Cli.Result result = resolveX();

        assertEquals(5, result.exit(), result::toString);
        result.assertOneErrorLine();
        assertTrue(result.err().contains("redirected to another origin"), result.err());
        assertEquals(List.of(RESOLVE_X), service.targets());
    }

    @Test
    void anUnexpectedFailureInsideTheToolIsExit1WithoutATrace() {
        Terminal broken = new TestTerminal() {
            @Override public boolean stdoutIsTerminal() { throw new IllegalStateException("terminal probe failed"); }
            @Override public boolean stderrIsTerminal() { return false; }
            @Override public int width() { return 0; }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        // The probe fails as the run decides its output, before any request: none is stubbed.
        Io io = new Io(new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream(), new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of("USERLOOKUP_BASE_URL", service.baseUrl(), "USERLOOKUP_API_KEY", TestKeys.KEY), broken);

        int exit = App.run(new String[] {"resolve", "x"}, new Factory(io, SignalStop.NONE, null, service), null);

        assertEquals(1, exit);
        assertEquals("userlookup: unexpected failure: IllegalStateException: terminal probe failed; "
                + "run again with --verbose for details\n", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aReaderThatWentAwayIsExit0AndSilent() {
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(0, 50, 50, 50)));
        AtomicInteger writes = new AtomicInteger();
        OutputStream closedPipe = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                writes.incrementAndGet();
                throw new IOException("Broken pipe");
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Io io = new Io(new ByteArrayInputStream(new byte[0]), closedPipe, new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of("USERLOOKUP_BASE_URL", service.baseUrl(), "USERLOOKUP_API_KEY", TestKeys.KEY), new FixedTerminal(false, false, 0));

        int exit = App.run(new String[] {"list", "-o", "ndjson"}, new Factory(io, SignalStop.NONE, null, service), null);

        assertEquals(0, exit);
        assertEquals("", err.toString(StandardCharsets.UTF_8));
        assertTrue(writes.get() >= 1);
    }

    @Test
    void aFullDiskIsNotAReaderGoingAwayButExit1Said() {
        service.get(RESOLVE_X).reply(Reply.ok(Users.user("u", "x")));
        OutputStream fullDisk = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Io io = new Io(new ByteArrayInputStream(new byte[0]), fullDisk, new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of("USERLOOKUP_BASE_URL", service.baseUrl(), "USERLOOKUP_API_KEY", TestKeys.KEY), new FixedTerminal(false, false, 0));

        int exit = App.run(new String[] {"resolve", "x"}, new Factory(io, SignalStop.NONE, null, service), null);

        assertEquals(1, exit);
        assertEquals("userlookup: writing output: No space left on device\n", err.toString(StandardCharsets.UTF_8));
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"-V", "--help", "help list", "list --help", "help", "help exit-codes"})
    void helpAndVersionIntoAFullDiskAreExit1SaidOnce(String words) {
        OutputStream fullDisk = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Io io = new Io(new ByteArrayInputStream(new byte[0]), fullDisk, new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of(), new FixedTerminal(false, false, 0));

        int exit = App.run(words.split(" "), new Factory(io, SignalStop.NONE, null, null), null);

        assertEquals(1, exit, err.toString(StandardCharsets.UTF_8));
        assertEquals("userlookup: writing output: No space left on device\n", err.toString(StandardCharsets.UTF_8));
    }
}
