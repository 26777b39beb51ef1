package dev.userlookup.walk;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import dev.userlookup.fake.Stubs;
import dev.userlookup.fake.Users;
import dev.userlookup.model.UserRecord;
import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.network.BaseUrl;
import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.HttpTransport;
import dev.userlookup.network.FakeTiming;
import dev.userlookup.network.Timing;
import dev.userlookup.network.VirtualTime;
import dev.userlookup.service.ServiceClient;
import dev.userlookup.service.ServiceException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A walk against a service that answers 429 or 503 under load: the whole walk slows through the
 * client's one pace, instead of each of 16 workers retrying on its own. Time is a
 * {@link VirtualTime} or a {@link FakeTiming}: the pauses are counted, never waited.
 */
@Timeout(60)
class WalkPaceTest {

    static {
        // java.net.http reads its proxy-authentication properties once a JVM, as it first loads; the
        // tool sets them as App loads. This class builds a client itself: App loads first, so that
        // HttpsTest's proxy cases in the same JVM meet the client as the tool sets it up.
        try {
            Class.forName("dev.userlookup.commands.App", true, WalkPaceTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final int PAGE = 500;
    private static final int TOTAL = 100 * PAGE;

    @RegisterExtension
    static WireMockExtension service = Stubs.service(Stubs.loopback().containerThreads(64));

    private static String page(int offset) {
        return Users.page(offset, PAGE, TOTAL, PAGE);
    }

    private static ServiceClient client(int retries, Timing timing) {
        ClientSettings settings = new ClientSettings(BaseUrl.parse(service.baseUrl(), false), ApiKey.of("k-123456789", "test"),
                Duration.ofSeconds(10), retries, null, null, null, null,
                timing, 0, null);
        return new ServiceClient(settings, new HttpTransport(settings));
    }

    private static WalkResult walk(ServiceClient client, int parallel) throws Exception {
        return new PageWalker(PageSource.of(client), PAGE, parallel, WalkProgress.NONE).walk(0, new Discard());
    }

    /**
     * 429 (Retry-After: 0) on every page after the first, --parallel 16. Each worker retrying on
     * its own sent 72 requests at the default 3 retries, 177 at 10. With one pace, a pause holds
     * every worker, the requests in flight halve at each (16, 8, 4, 2, 1) and the send rate falls;
     * the walk ends once nothing has been answered for 30 s, whatever --retries says, at its head
     * page. On a {@link VirtualTime}, which moves only while no request is out, the count is the
     * pace's alone, not the scheduler's.
     */
    @ParameterizedTest(name = "--retries {0}")
    @ValueSource(ints = {3, 10})
    void aStormOf429sSlowsTheWholeWalkAndEndsItOnceNothingIsAnsweredFor30s(int retries) {
        service.stubFor(get(urlPathEqualTo("/v2/user/")).atPriority(5)
                .willReturn(aResponse().withStatus(429).withHeader("Retry-After", "0").withBody("{\"detail\":\"Too many requests\"}")));
        service.stubFor(get(urlEqualTo("/v2/user/?offset=0&limit=" + PAGE)).atPriority(1).willReturn(okJson(page(0))));

        try (VirtualTime time = new VirtualTime(11); ServiceClient client = client(retries, time)) {
            time.drive(() -> client.requestsInFlight() > 0);
            long started = time.nanoTime();
            ServiceException failure = assertThrows(ServiceException.class, () -> walk(client, 16));
            long seconds = (time.nanoTime() - started) / 1_000_000_000L;

            assertTrue(failure.getMessage().startsWith("list (offset " + PAGE + " limit " + PAGE + "): the service is busy (HTTP 429)"),
                    failure.getMessage());
            assertTrue(seconds >= 30 && seconds < 30 + 60, seconds + " s");
        }
        int requests = service.getAllServeEvents().size();
        assertTrue(requests <= 40, requests + " requests reached the service; at most 40 expected");
    }

    @Test
    void aWalkWhoseServiceRecoversGrowsBackAndFinishes() throws Exception {
        // Every page but the first is refused once, then served.
        service.stubFor(get(urlEqualTo("/v2/user/?offset=0&limit=" + PAGE)).atPriority(1).willReturn(okJson(page(0))));
        for (int offset = PAGE; offset < TOTAL; offset += PAGE) {
            String url = "/v2/user/?offset=" + offset + "&limit=" + PAGE;
            service.stubFor(get(urlEqualTo(url)).inScenario(url).whenScenarioStateIs(com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED)
                    .willReturn(aResponse().withStatus(503).withHeader("Retry-After", "0")).willSetStateTo("served"));
            service.stubFor(get(urlEqualTo(url)).inScenario(url).whenScenarioStateIs("served").willReturn(okJson(page(offset))));
        }
        FakeTiming timing = new FakeTiming();

        WalkResult result;
        try (ServiceClient client = client(3, timing)) {
            result = walk(client, 16);
        }

        assertEquals(TOTAL, result.printed());
        assertTrue(service.getAllServeEvents().size() < 2 * (TOTAL / PAGE), service.getAllServeEvents().size() + " requests");
    }

    /** Output that goes nowhere. */
    private static final class Discard implements UserSink {
        @Override
        public void addAll(List<UserRecord> users) {
        }

        @Override
        public void flush() {
        }
    }
}
