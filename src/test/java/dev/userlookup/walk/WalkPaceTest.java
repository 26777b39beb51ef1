package dev.userlookup.walk;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import dev.userlookup.fake.Stubs;
import dev.userlookup.fake.Users;
import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.model.UserPage;
import dev.userlookup.model.UserRecord;
import dev.userlookup.network.BaseUrl;
import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.FakeTiming;
import dev.userlookup.service.ServiceClient;
import dev.userlookup.service.ServiceException;
import dev.userlookup.model.UserPage;
import java.util.List;
import java.util.function.Supplier;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
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

    private static final String HEAD = "/v2/user/?offset=" + PAGE + "&limit=" + PAGE;
    private static final Storm storm = new Storm();

    @RegisterExtension
    static WireMockExtension service = Stubs.service(Stubs.loopback().containerThreads(64).extensions(storm));

    @BeforeEach
    void calmTheStorm() {
        storm.reset(Integer.MAX_VALUE);
    }


    private static String page(int offset) {
        return Users.page(offset, PAGE, TOTAL, PAGE);
    }

    private static ServiceClient client(int retries, FakeTiming timing) {
        return new ServiceClient(new ClientSettings(BaseUrl.parse(service.baseUrl(), false), ApiKey.of("k-123456789", "test"),
                Duration.ofSeconds(10), retries, ClientSettings.DEFAULT_RETRY_BASE_DELAY, "userlookup/test", null, null, null, null,
                timing, 0, null));
    }

    private static WalkResult walk(ServiceClient client, int parallel) throws Exception {
        return walk(new ServicePages(client), parallel);
    }

    private static WalkResult walk(PageSource pages, int parallel) throws Exception {
        return new PageWalker(pages, PAGE, parallel, WalkProgress.NONE).walk(0, new Discard());
    }

    /**
     * The walk's head page (the first after page 0: the head of its window, whose failure ends
     * the walk) goes to the service first, so it holds the client's oldest place in the pace:
     * every other page's request waits until the head's has reached the service. Otherwise the
     * places follow whichever worker the scheduler ran first, and with a late place the head page
     * waits while older pages spend their retries: the count would measure the scheduler.
     *
     * <p>A request waits holding one of the walk's {@code parallel} places: if every place were
     * taken by a waiting page, the head could never get one. So fewer than {@code parallel} wait;
     * a page that finds them all waiting goes on (a loaded scheduler once ran 16 pages before the
     * head, and the walk hung until the wait gave up).
     */
    private static PageSource headPageFirst(PageSource pages, int parallel) {
        return new PageSource() {
            @Override
            public UserPage fetch(long offset, int limit) {
                return request(offset, limit).get();
            }

            @Override
            public Supplier<UserPage> request(long offset, int limit) {
                if (offset > PAGE) {
                    storm.awaitHead(parallel);
                }
                return pages.request(offset, limit);
            }
        };
    }

    /** The 429 storm: the first page answers, every later one is 429 with Retry-After: 0. */
    private static void stubStorm() {
        service.stubFor(get(urlPathEqualTo("/v2/user/")).atPriority(5)
                .willReturn(aResponse().withStatus(429).withHeader("Retry-After", "0").withBody("{\"detail\":\"Too many requests\"}")));
        service.stubFor(get(urlEqualTo("/v2/user/?offset=0&limit=" + PAGE)).atPriority(1).willReturn(okJson(page(0))));
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
        storm.reset(retries + 1);
        FakeTiming timing = new FakeTiming();

        try (ServiceClient client = client(retries, timing)) {
            ServiceException failure = assertThrows(ServiceException.class, () -> walk(headPageFirst(new ServicePages(client), 16), 16));
            assertTrue(failure.getMessage().contains("HTTP 429"), failure.getMessage());
            assertTrue(failure.getMessage().contains("offset " + PAGE + " "), "the walk ends at its head page: " + failure.getMessage());
        } finally {
            storm.passOn();
        }

        int requests = service.getAllServeEvents().size();
        assertTrue(requests <= most, requests + " requests reached the service; at most " + most + " expected");
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

    /**
     * Watches the storm at the service: when the head page's first request arrives, and its last
     * (the try after which the walk fails). Requests arriving after that last one are held until
     * the walk has ended. A fake clock lets workers spend a pause in no time, so between the head's
     * last 429 and the walk's end (the failing worker still to be scheduled) the others could
     * otherwise send as many requests as the scheduler allows; a real pause lasts seconds. Held,
     * at most the pace's limit of them reach the service, and those are counted.
     */
    private static final class Storm implements ResponseDefinitionTransformerV2 {
        private volatile CountDownLatch headArrived = new CountDownLatch(1);
        private volatile CountDownLatch passOn = new CountDownLatch(1);
        private final AtomicInteger headTries = new AtomicInteger();
        private volatile int headLastTry;
        /** Pages waiting for the head's request to reach the service, each holding a place of the walk. */
        private final AtomicInteger waiting = new AtomicInteger();

        void reset(int headLastTry) {
            passOn.countDown();
            this.headLastTry = headLastTry;
            headTries.set(0);
            headArrived = new CountDownLatch(1);
            passOn = new CountDownLatch(1);
        }

        void awaitHead(int parallel) {
            if (waiting.incrementAndGet() >= parallel) {
                waiting.decrementAndGet();
                return; // the last free place: waiting in it could leave the head none
            }
            try {
                assertTrue(headArrived.await(20, TimeUnit.SECONDS), "the head page's request reached the service");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("interrupted");
            } finally {
                waiting.decrementAndGet();
            }
        }

        /** The walk has ended: held requests get their answers. */
        void passOn() {
            passOn.countDown();
        }

        @Override
        public String getName() {
            return "storm";
        }

        @Override
        public ResponseDefinition transform(ServeEvent event) {
            boolean lastTryMade = headTries.get() >= headLastTry;
            if (HEAD.equals(event.getRequest().getUrl())) {
                headTries.incrementAndGet();
                headArrived.countDown();
            } else if (lastTryMade) {
                try {
                    passOn.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return event.getResponseDefinition();
        }
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
