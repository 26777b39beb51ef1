package dev.userlookup.commands;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import dev.userlookup.fake.Arrivals;
import dev.userlookup.fake.Stubs;
import dev.userlookup.fake.Users;
import dev.userlookup.network.FakeTiming;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The exit statuses of failures only a real socket shows (ExitStatusTest has the rest, in
 * memory): a connection reset, refused or dropped, an answer too slow or dribbled past the
 * timeout, an exchange interrupted while the service holds it.
 */
class ExitStatusOnTheWireTest {

    private static final Arrivals ARRIVALS = new Arrivals();

    /**
     * A server for each test: an answer held past the run's timeout or interrupt reaches the
     * journal when its delay ends, which must be this test's server, never the next test's count.
     */
    @RegisterExtension
    final WireMockExtension service = Stubs.service(Stubs.loopback().extensions(ARRIVALS));

    private static final String RESOLVE_X = "/v2/user/resolve/x";

    /** The run's clocks and sleep: a retry's wait is written down instead of waited out. */
    private final FakeTiming timing = new FakeTiming();

    private Cli.Result resolveX(String... extra) {
        String[] args = new String[extra.length + 2];
        args[0] = "resolve";
        args[1] = "x";
        System.arraycopy(extra, 0, args, 2, extra.length);
        return Cli.against(service.baseUrl()).timing(timing).run(args);
    }


    @ParameterizedTest
    @EnumSource(value = Fault.class)
    void networkFaultsAreExit5(Fault fault) {
        service.stubFor(get(RESOLVE_X).willReturn(aResponse().withFault(fault)));

        Cli.Result result = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> resolveX("--retries", "0", "--timeout", "5"));

        assertEquals(5, result.exit(), result::toString);
        result.assertOneErrorLine();
    }

    @Test
    void connectionRefusedIsExit5() {
        Cli.Result result = Cli.against("http://127.0.0.1:9").run("resolve", "x", "--retries", "0");

        assertEquals(5, result.exit());
        assertEquals("userlookup: resolve \"x\": cannot connect to 127.0.0.1:9 (connection refused)\n", result.err());
    }

    @Test
    void slowHeadersTimeOut() {
        service.stubFor(get(RESOLVE_X).willReturn(okJson(Users.user("u", "x")).withFixedDelay(3000)));

        Cli.Result result = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> resolveX("--retries", "0", "--timeout", "0.5"));

        assertEquals(5, result.exit(), result::toString);
        assertEquals("userlookup: resolve \"x\": timed out after 0.5 s\n", result.err());
    }

    @Test
    void aBodyThatDribblesPastTheTimeoutStillEndsAtTheTimeout() {
        service.stubFor(get(RESOLVE_X).willReturn(okJson(Users.user("u", "x")).withChunkedDribbleDelay(20, 4000)));

        long started = System.nanoTime();
        Cli.Result result = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> resolveX("--retries", "0", "--timeout", "1"));
        long millis = (System.nanoTime() - started) / 1_000_000;

        assertEquals(5, result.exit(), result::toString);
        assertEquals("userlookup: resolve \"x\": timed out after 1 s\n", result.err());
        assertTrue(millis < 3500, "ended after " + millis + " ms");
    }

    @Test
    void aDroppedConnectionIsRetriedThenSucceeds() {
        // The JDK's HttpClient itself sends a GET again, once, when the connection drops before any
        // answer: so the first two requests drop, and only the tool's own retry reaches the user.
        service.stubFor(get(RESOLVE_X).inScenario("reset").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)).willSetStateTo("again"));
        service.stubFor(get(RESOLVE_X).inScenario("reset").whenScenarioStateIs("again")
                .willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)).willSetStateTo("ok"));
        service.stubFor(get(RESOLVE_X).inScenario("reset").whenScenarioStateIs("ok").willReturn(okJson(Users.user("u", "x"))));

        Cli.Result result = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> resolveX("--retries", "1", "--timeout", "5", "-v"));

        assertEquals(0, result.exit(), result::toString);
        service.verify(3, getRequestedFor(urlPathEqualTo(RESOLVE_X)));
        assertEquals(2, result.err().split("> GET ", -1).length - 1, "the tool's own two attempts: " + result.err());
        assertTrue(result.err().matches("(?s).*\\* retry 1 of 1 in \\d+\\.\\d s after connection to [^\n]* failed: .*"), result.err());
        assertTrue(result.out().contains("\"client_user_id\": \"x\""), result.out());
    }

    @Test
    void timeoutsAreRetriedToo() {
        // The first answer comes long after the timeout, so only the timeout ends it; the retry is
        // answered at once, with a timeout a loaded machine's loopback keeps to.
        service.stubFor(get(RESOLVE_X).inScenario("slow").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(okJson(Users.user("u", "x")).withFixedDelay(10_000)).willSetStateTo("fast"));
        service.stubFor(get(RESOLVE_X).inScenario("slow").whenScenarioStateIs("fast").willReturn(okJson(Users.user("u", "x"))));

        Cli.Result result = resolveX("--retries", "1", "--timeout", "3", "-v");

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.err().contains("after timed out after 3 s"), result.err());
    }

    @Test
    void anInterruptedRequestIsExit130() throws Exception {
        service.stubFor(get(RESOLVE_X).willReturn(okJson(Users.user("u", "x")).withFixedDelay(10_000)));
        AtomicInteger exit = new AtomicInteger(-1);
        Thread run = new Thread(() -> exit.set(resolveX("--retries", "0").exit()));
        ARRIVALS.reset();

        run.start();
        ARRIVALS.await(RESOLVE_X);
        run.interrupt();
        run.join(5000);

        assertFalse(run.isAlive());
        assertEquals(130, exit.get());
    }
}
