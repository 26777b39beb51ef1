package dev.userlookup.walk;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import dev.userlookup.model.ApiKey;
import dev.userlookup.network.BaseUrl;
import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.FakeTiming;
import dev.userlookup.service.ServiceClient;
import dev.userlookup.service.ServiceException;
import dev.userlookup.model.UserRecord;
import java.util.List;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A walk against a service that answers 429 under load: the whole walk slows through the
 * client's one pace, instead of each of 16 workers retrying on its own. Time is a
 * {@link FakeTiming}: the backoff's pauses are counted, never waited.
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
    static WireMockExtension service = WireMockExtension.newInstance()
            .options(wireMockConfig().dynamicPort().bindAddress("127.0.0.1").containerThreads(64))
            .build();

    private static String page(int offset, int count) {
        StringBuilder users = new StringBuilder();
        for (int i = 0; i < count; i++) {
            users.append(i == 0 ? "" : ",").append(String.format("{\"user_id\":\"00000000-0000-4000-8000-%012d\","
                    + "\"client_user_id\":\"customer-%d\",\"created_on\":\"2024-03-01T10:00:00+00:00\"}", offset + i, offset + i));
        }
        return "{\"users\":[" + users + "],\"total\":" + TOTAL + ",\"offset\":" + offset + ",\"limit\":" + PAGE + "}";
    }

    private static ServiceClient client(int retries, FakeTiming timing) {
        return new ServiceClient(new ClientSettings(BaseUrl.parse(service.baseUrl(), false), ApiKey.of("k-123456789", "test"),
                Duration.ofSeconds(10), retries, ClientSettings.DEFAULT_RETRY_BASE_DELAY, "userlookup/test", null, null, null, null,
                timing, 0, null));
    }

    private static WalkResult walk(ServiceClient client, int parallel) throws Exception {
        return new PageWalker(new ServicePages(client), PAGE, parallel, WalkProgress.NONE).walk(0, new Discard());
    }

    /** The 429 storm: the first page answers, every later one is 429 with Retry-After: 0. */
    private static void stubStorm() {
        service.stubFor(get(urlPathEqualTo("/v2/user/")).atPriority(5)
                .willReturn(aResponse().withStatus(429).withHeader("Retry-After", "0").withBody("{\"detail\":\"Too many requests\"}")));
        service.stubFor(get(urlEqualTo("/v2/user/?offset=0&limit=" + PAGE)).atPriority(1).willReturn(okJson(page(0, PAGE))));
    }

    /**
     * Each worker used to retry on its own: 16 x 4 requests and more at the default 3 retries,
     * 16 x 11 at 10 (72 and 177 measured). With one pace, a pause holds every worker and the
     * requests in flight halve at each (16, 8, 4, 2, 1, ...): the walk ends long before.
     */
    @ParameterizedTest(name = "--retries {0}: at most {1} requests")
    @CsvSource({"3, 40", "10, 50"})
    void aStormOf429sSlowsTheWholeWalkInsteadOfEachWorker(int retries, int most) {
        stubStorm();
        FakeTiming timing = new FakeTiming();

        try (ServiceClient client = client(retries, timing)) {
            ServiceException failure = assertThrows(ServiceException.class, () -> walk(client, 16));
            assertTrue(failure.getMessage().contains("HTTP 429"), failure.getMessage());
        }

        int requests = service.getAllServeEvents().size();
        assertTrue(requests <= most, requests + " requests reached the service; at most " + most + " expected");
    }

    @Test
    void aWalkWhoseServiceRecoversGrowsBackAndFinishes() throws Exception {
        // Every page but the first is refused once, then served.
        service.stubFor(get(urlEqualTo("/v2/user/?offset=0&limit=" + PAGE)).atPriority(1).willReturn(okJson(page(0, PAGE))));
        for (int offset = PAGE; offset < TOTAL; offset += PAGE) {
            String url = "/v2/user/?offset=" + offset + "&limit=" + PAGE;
            service.stubFor(get(urlEqualTo(url)).inScenario(url).whenScenarioStateIs(com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED)
                    .willReturn(aResponse().withStatus(503).withHeader("Retry-After", "0")).willSetStateTo("served"));
            service.stubFor(get(urlEqualTo(url)).inScenario(url).whenScenarioStateIs("served").willReturn(okJson(page(offset, PAGE))));
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
