package dev.userlookup.commands;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import dev.userlookup.fake.Stubs;
import dev.userlookup.fake.Users;
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
 * whole run (the requests counted where the service sees them), and a Retry-After too long to sit
 * out ends at once with a date and time that make sense, however large its number.
 */
@Timeout(60)
class ThrottleTest {

    @RegisterExtension
    static WireMockExtension service = Stubs.service(Stubs.loopback().containerThreads(64));

    private static Cli cli() {
        return Cli.against(service.baseUrl());
    }

    private static void assertOneLine(Cli.Result result) {
        assertEquals(1, result.err().split("\n").length, result::toString);
        assertTrue(result.err().startsWith("userlookup: "), result::toString);
        assertFalse(result.err().contains("\tat "), "no stack trace: " + result.err());
    }

    /**
     * 429 with Retry-After: 0 on every page after the first, --parallel 16. Each worker retrying on
     * its own sent 72 requests (16 workers x 4 attempts, and more); with one shared pause and the
     * requests in flight halved at each (16, 8, 4, 2), the walk ends after some 31, up to the order
     * the first burst's answers land in. That order is the scheduler's: on a machine loaded by
     * other builds a batch once took 41, so the bound is 48, which the old per-worker retries (72)
     * still fail. WalkPaceTest pins the pace itself, on a fake clock and by events.
     */
    @Test
    void aStormOf429sOnAWalkIsNotMetWithABurstOfRetries() {
        service.stubFor(get(urlPathEqualTo("/v2/user/")).atPriority(5)
                .willReturn(aResponse().withStatus(429).withHeader("Retry-After", "0")));
        service.stubFor(get(urlEqualTo("/v2/user/?offset=0&limit=500")).atPriority(1)
                .willReturn(okJson(Users.page(0, 500, 50_000, 500))));

        Cli.Result result = cli().run("list", "--all", "--parallel", "16", "-o", "ndjson");

        assertEquals(5, result.exit(), result::toString);
        assertOneLine(result);
        int requests = service.getAllServeEvents().size();
        assertTrue(requests <= 48, requests + " requests for a walk refused with 429");
    }

    @Test
    void aStormOf429sOnABatchResolveIsNotMetWithABurstOfRetries() {
        service.stubFor(get(urlPathMatching("/v2/user/resolve/.*")).willReturn(aResponse().withStatus(429).withHeader("Retry-After", "0")));
        String ids = IntStream.range(0, 64).mapToObj(i -> "id-" + i).collect(Collectors.joining("\n"));

        Cli.Result result = cli().stdin(ids).run("resolve", "--stdin", "--parallel", "16", "-o", "ndjson");

        assertEquals(5, result.exit(), result::toString);
        // The batch ends at its first id, in its own name, whichever request gave up first.
        assertTrue(result.err().startsWith("userlookup: resolve \"id-0\": the service is busy (HTTP 429)"), result.err());
        int requests = service.getAllServeEvents().size();
        assertTrue(requests <= 48, requests + " requests for a batch refused with 429 (see the walk's case for the bound)");
    }

    @ParameterizedTest(name = "Retry-After: {0}")
    @ValueSource(strings = {"99999999999999999999", "9223372036854775807", "9223372036854775808"})
    void aRetryAfterPastALongFailsAtOnceSayingHowLongInYears(String seconds) {
        service.stubFor(get(urlPathEqualTo("/v2/user/resolve/x")).willReturn(aResponse().withStatus(429).withHeader("Retry-After", seconds)));

        Cli.Result result = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> cli().run("resolve", "x"));

        assertEquals(5, result.exit(), result::toString);
        assertOneLine(result);
        service.verify(1, getRequestedFor(urlPathEqualTo("/v2/user/resolve/x")));
        assertTrue(result.err().matches("(?s).*it asks to wait " + seconds + " s, about [0-9,]+ years: longer than any date\n"),
                result.err());
    }

    @Test
    void aRetryAfterOfMoreThanADayNamesTheDate() {
        service.stubFor(get(urlPathEqualTo("/v2/user/resolve/x")).willReturn(aResponse().withStatus(503).withHeader("Retry-After", "172800")));

        Cli.Result result = cli().run("resolve", "x");

        assertEquals(5, result.exit(), result::toString);
        assertOneLine(result);
        String day = java.time.LocalDate.now().plusDays(2).toString();
        assertTrue(result.err().matches("(?s).*it asks to wait 172800 s: try again after \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\n"),
                result.err());
        assertTrue(result.err().contains(day) || result.err().contains(java.time.LocalDate.now().plusDays(3).toString()), result.err());
    }
}
