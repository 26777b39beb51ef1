package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import dev.userlookup.network.FakeTiming;
import java.time.Duration;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The service's load as users meet it, through the real command line: a 429 storm slows the
 * whole run (the requests counted where the service sees them), a refusal is retried as long as
 * the service answers, the run ends once it has answered nothing for 30 s, and a Retry-After too
 * long to sit out ends at once with a date and time that make sense, however large its number.
 * Time is a {@link FakeTiming}: the pauses are counted, never waited.
 */
@Timeout(60)
class ThrottleTest {

    @RegisterExtension
    final Registry service = new Registry();

    /** The run's clock: its pauses take no real time. */
    private final FakeTiming timing = new FakeTiming();

    private Cli cli() {
        return Cli.against(service).timing(timing);
    }


    /**
     * 429 with Retry-After: 0 on every page after the first, --parallel 16, until the run has had
     * no answer for 30 s. Each worker retrying on its own would send 16 x 7 requests in that
     * time (72 at the old 3 retries each); with one shared pause, the requests in flight halved
     * at each (16, 8, 4, 2, 1) and the send rate cut, the walk ends after some 31, up to the order
     * the first burst's answers land in. That order is the scheduler's, so the bound is 48.
     * WalkPaceTest pins the pace itself, on a virtual clock and by events.
     */
    @Test
    void aStormOf429sOnAWalkIsNotMetWithABurstOfRetries() {
        service.getPath("/v2/user/").reply(Reply.status(429).header("Retry-After", "0"));
        service.get("/v2/user/?offset=0&limit=500").reply(Reply.ok(Users.page(0, 500, 50_000, 500)));

        Cli.Result result = cli().run("list", "--all", "--parallel", "16", "-o", "ndjson");

        assertEquals(5, result.exit(), result::toString);
        result.assertOneErrorLine();
        // Whichever request gave up first, the walk ends at its head page, in its name.
        assertTrue(result.err().startsWith("userlookup: list (offset 500 limit 500): the service is busy (HTTP 429); "), result.err());
        int requests = service.requests().size();
        assertTrue(requests <= 48, requests + " requests for a walk refused with 429");
    }

    @Test
    void aStormOf429sOnABatchResolveIsNotMetWithABurstOfRetries() {
        service.getPathMatching("/v2/user/resolve/.*").reply(Reply.status(429).header("Retry-After", "0"));
        String ids = IntStream.range(0, 64).mapToObj(i -> "id-" + i).collect(Collectors.joining("\n"));

        Cli.Result result = cli().stdin(ids).run("resolve", "--stdin", "--parallel", "16", "-o", "ndjson");

        assertEquals(5, result.exit(), result::toString);
        // The batch ends at its first id, in its own name, whichever request gave up first.
        assertTrue(result.err().startsWith("userlookup: resolve \"id-0\": the service is busy (HTTP 429)"), result.err());
        int requests = service.requests().size();
        assertTrue(requests <= 48, requests + " requests for a batch refused with 429 (see the walk's case for the bound)");
    }

    /**
     * A limit in front of the service refuses the same request again and again (a 503 page, no
     * Retry-After), five times, then lets it through. With the default 3 retries it used to fail
     * after the fourth refusal; a refusal now slows the run and is retried as long as the service
     * answers within 30 s.
     */
    @Test
    void aRefusalIsRetriedPastTheRetriesWhileTheServiceAnswersWithinTheBound() {
        Reply refused = Reply.status(503).body("<html><head><title>503 Service Temporarily Unavailable</title></head></html>", "text/html");
        service.get("/v2/user/resolve/x").reply(refused, refused, refused, refused, refused, Reply.ok(Users.user("u-1", "x")));
        long started = timing.nanoTime();

        Cli.Result result = cli().run("resolve", "x", "-o", "json", "-v");

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.out().contains("\"client_user_id\": \"x\""), result::toString);
        assertEquals(6, service.count("/v2/user/resolve/x"));
        // -v says what the refusals taught: no Retry-After, so the run keeps to a rate of its own.
        assertTrue(result.err().matches("(?s).*\\* retry 5 in \\d+\\.\\d s after HTTP 503 \\(the run slows to \\d+\\.\\d requests a second\\)\n.*"),
                result.err());
        assertTrue(timing.nanoTime() - started < Duration.ofSeconds(30).toNanos(), "within the bound");
    }

    /**
     * A service that refuses everything (503 without Retry-After: a proxy in front of one that is
     * down looks the same as a rate limit) ends the run once nothing has been answered for 30 s,
     * saying so, with the backoff doubling all along; not after the 3 retries of one request.
     */
    @Test
    void aServiceThatRefusesEverythingEndsTheRunOnceNothingHasBeenAnsweredFor30s() {
        service.get("/v2/user/resolve/x").reply(Reply.status(503));
        long started = timing.nanoTime();

        Cli.Result result = cli().run("resolve", "x");

        assertEquals(5, result.exit(), result::toString);
        result.assertOneErrorLine();
        // The pauses (a fake clock's jitter is the backoff's ceiling): 0.5, 1, 2, 4, 8, 16 s, 31.5 s in all.
        assertEquals("userlookup: resolve \"x\": the service failed (HTTP 503); gave up after 6 retries: nothing answered for 30 s\n",
                result.err());
        assertEquals(7, service.count("/v2/user/resolve/x"));
        assertEquals(Duration.ofMillis(31_500).toNanos(), timing.nanoTime() - started);
        // --retries says so (its whole description: the man page prints it; --help its first line).
        String described = String.join(" ", App.commandLine(new dev.userlookup.console.Io(new java.io.ByteArrayInputStream(new byte[0]),
                new java.io.ByteArrayOutputStream(), System.err, java.util.Map.of(),
                new dev.userlookup.console.FixedTerminal(false, false, 0))).getCommandSpec().findOption("--retries").description())
                .replaceAll("\\s+", " ");
        assertTrue(described.contains("A 429 or 503 slows the whole run to the rate the service lets through and is retried until it has"
                + " answered nothing for 30 s (with 0, not retried)."), described);
    }

    @ParameterizedTest(name = "Retry-After: {0}")
    @ValueSource(strings = {"99999999999999999999", "9223372036854775807", "9223372036854775808"})
    void aRetryAfterPastALongFailsAtOnceSayingHowLongInYears(String seconds) {
        service.get("/v2/user/resolve/x").reply(Reply.status(429).header("Retry-After", seconds));

        Cli.Result result = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> cli().run("resolve", "x"));

        assertEquals(5, result.exit(), result::toString);
        result.assertOneErrorLine();
        assertEquals(1, service.count("/v2/user/resolve/x"));
        assertTrue(result.err().matches("(?s).*it asks to wait " + seconds + " s, about [0-9,]+ years: longer than any date\n"),
                result.err());
    }

    @Test
    void aRetryAfterOfMoreThanADayNamesTheDate() {
        service.get("/v2/user/resolve/x").reply(Reply.status(503).header("Retry-After", "172800"));

        Cli.Result result = cli().run("resolve", "x");

        assertEquals(5, result.exit(), result::toString);
        result.assertOneErrorLine();
        String day = java.time.LocalDate.now(timing.wallClock()).plusDays(2).toString();
        assertTrue(result.err().matches("(?s).*it asks to wait 172800 s: try again after \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\n"),
                result.err());
        assertTrue(result.err().contains(day), result.err());
    }
}
