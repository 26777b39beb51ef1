package dev.userlookup.service;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import dev.userlookup.fake.Stubs;
import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.network.BaseUrl;
import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.FakeTiming;
import dev.userlookup.network.HttpTransport;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The service's failures carry the status and the {@code Date} of the answer they were decided by,
 * as data beside unchanged words; and the base-URL check behind a resolve's 404 is kept for the run
 * only when its answer cannot change by asking again.
 */
class ServiceErrorsTest {

    @RegisterExtension
    static WireMockExtension service = Stubs.service();

    static {
        // java.net.http reads its proxy settings once, as it loads: the command line's own (App) must
        // be the ones, or a proxy test of the same JVM that runs after this class would meet the JDK's.
        try {
            Class.forName("dev.userlookup.commands.App");
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final String DATE = "Fri, 14 Mar 2025 08:58:00 GMT";
    private static final Instant DATE_INSTANT = Instant.parse("2025-03-14T08:58:00Z");
    private static final String PAGE = "{\"users\":[],\"total\":0,\"offset\":0,\"limit\":1}";

    private static ServiceClient client(String baseUrl) {
        ClientSettings settings = ClientSettings.to(BaseUrl.parse(baseUrl, false), ApiKey.of("k-123456789", "test"))
                .timeout(Duration.ofSeconds(30)).timing(new FakeTiming()).build();
        return new ServiceClient(settings, new HttpTransport(settings));
    }

    private static void resolveAnswers(int status, String date) {
        var answer = aResponse().withStatus(status).withHeader("Content-Type", "application/json")
                .withBody("{\"detail\":\"said so\"}");
        if (date != null) {
            answer.withHeader("Date", date);
        }
        service.stubFor(get(urlPathMatching("/v2/user/resolve/.*")).willReturn(answer));
    }

    private static ServiceException resolveFails(String id) {
        try (ServiceClient client = client(service.baseUrl())) {
            return assertThrows(ServiceException.class, () -> client.resolve(id));
        }
    }

    @ParameterizedTest
    @CsvSource({
        "401, AuthRefused, 'resolve \"x\": authentication refused (HTTP 401): said so; check the key'",
        "403, AuthRefused, 'resolve \"x\": permission refused (HTTP 403): said so; check the key'",
        "400, InvalidRequest, 'resolve \"x\": the service rejected the request (HTTP 400): said so'",
        "422, InvalidRequest, 'resolve \"x\": the service rejected the request (HTTP 422): said so'",
        "503, Unavailable, 'resolve \"x\": the service failed (HTTP 503): said so'",
        "429, Unavailable, 'resolve \"x\": the service is busy (HTTP 429): said so'",
        "418, Unavailable, 'resolve \"x\": unexpected response (HTTP 418): said so'",
    })
    void eachKindCarriesTheStatusAndTheServicesDateBesideItsWords(int status, String kind, String message) {
        resolveAnswers(status, DATE);

        ServiceException failure = resolveFails("x");

        assertEquals(kind, failure.getClass().getSimpleName());
        assertEquals(message, failure.getMessage());
        assertEquals(OptionalInt.of(status), failure.status());
        assertEquals(Optional.of(DATE_INSTANT), failure.serviceDate());
    }

    @Test
    void aNotFoundCarriesItsStatusAndDate() {
        resolveAnswers(404, DATE);
        service.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(okJson(PAGE)));

        ServiceException failure = resolveFails("x");

        assertInstanceOf(ServiceException.NotFound.class, failure);
        assertEquals("resolve \"x\": not found (HTTP 404): said so", failure.getMessage());
        assertEquals(OptionalInt.of(404), failure.status());
        assertEquals(Optional.of(DATE_INSTANT), failure.serviceDate());
    }

    @Test
    void aBusyServiceAskingForALongWaitCarriesItsStatusAndDate() {
        service.stubFor(get(urlPathMatching("/v2/user/resolve/.*")).willReturn(aResponse().withStatus(503)
                .withHeader("Retry-After", "7200").withHeader("Date", DATE)));

        ServiceException failure = resolveFails("x");

        assertEquals("resolve \"x\": the service is busy (HTTP 503); it asks to wait 7200 s: try again after 11:00:00",
                failure.getMessage());
        assertEquals(OptionalInt.of(503), failure.status());
        assertEquals(Optional.of(DATE_INSTANT), failure.serviceDate());
    }

    @Test
    void aBusyServiceAskingForALongWaitWordsItsDetailAsAnyRefusal() {
        String detail = "{\"detail\":\"" + "slow down ".repeat(40) + "\"}";
        service.stubFor(get(urlPathMatching("/v2/user/resolve/.*")).willReturn(aResponse().withStatus(429)
                .withHeader("Content-Type", "application/json").withBody(detail)));
        String refused = resolveFails("x").getMessage();
        service.stubFor(get(urlPathMatching("/v2/user/resolve/.*")).willReturn(aResponse().withStatus(429)
                .withHeader("Content-Type", "application/json").withHeader("Retry-After", "7200").withBody(detail)));

        String longWait = resolveFails("x").getMessage();

        assertTrue(refused.startsWith("resolve \"x\": the service is busy (HTTP 429): slow down slow down"), refused);
        assertTrue(longWait.startsWith(refused + "; it asks to wait 7200 s"), longWait);
    }

    @ParameterizedTest
    @CsvSource({
        "'{\"message\":\"gateway says no\"}', gateway says no",
        "'{\"error\":\"upstream down\"}', upstream down",
    })
    void aJsonBodyWithoutADetailGivesItsMessageOrError(String body, String detail) {
        service.stubFor(get(urlPathMatching("/v2/user/resolve/.*")).willReturn(aResponse().withStatus(502)
                .withHeader("Content-Type", "application/json").withBody(body)));

        assertEquals("resolve \"x\": the service failed (HTTP 502): " + detail, resolveFails("x").getMessage());
    }

    @Test
    void aRedirectThatLeadsBackToItselfEndsAfterFive() {
        service.stubFor(get(urlPathMatching("/v2/user/resolve/.*")).willReturn(aResponse().withStatus(302)
                .withHeader("Location", "/v2/user/resolve/x")));

        assertEquals("resolve \"x\": too many redirects", resolveFails("x").getMessage());
        service.verify(6, getRequestedFor(urlEqualTo("/v2/user/resolve/x")));
    }

    @Test
    void aBodyInAnEncodingNotAskedForIsRefusedUnread() {
        service.stubFor(get(urlPathMatching("/v2/user/resolve/.*")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withHeader("Content-Encoding", "br").withBody("not brotli")));

        assertEquals("resolve \"x\": the response uses content encoding 'br', which was not asked for",
                resolveFails("x").getMessage());
    }

    @Test
    void anAnswerWithoutADateOrWithOneThatDoesNotReadHasNone() {
        resolveAnswers(500, null);
        assertEquals(Optional.empty(), resolveFails("x").serviceDate());

        resolveAnswers(500, "yesterday, at noon");
        ServiceException failure = resolveFails("x");
        assertEquals(Optional.empty(), failure.serviceDate());
        assertEquals(OptionalInt.of(500), failure.status());
    }

    @Test
    void aFailureBeforeAnyAnswerHasNoStatusAndNoDate() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        try (ServiceClient client = client("http://127.0.0.1:" + closed)) {
            ServiceException failure = assertThrows(ServiceException.Unavailable.class, () -> client.resolve("x"));

            assertEquals("resolve \"x\": cannot connect to 127.0.0.1:" + closed + " (connection refused)", failure.getMessage());
            assertEquals(OptionalInt.empty(), failure.status());
            assertEquals(Optional.empty(), failure.serviceDate());
        }
    }

    @Test
    void aListPageCarriesTheServicesDate() {
        service.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(okJson(PAGE).withHeader("Date", DATE)));

        try (ServiceClient client = client(service.baseUrl())) {
            ServiceClient.ListAnswer answer = client.requestList(0L, 1);
            answer.read().release();

            assertEquals(DATE_INSTANT, answer.serviceDate());
        }
    }

    // ---------------------------------------------------------------- the base-URL check behind a 404

    @Test
    void aCheckThatMetABusyServiceIsAskedAgainAndThenA404IsNotFound() {
        resolveAnswers(404, DATE);
        service.stubFor(get(urlPathEqualTo("/v2/user/")).inScenario("list").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(503)).willSetStateTo("up"));
        service.stubFor(get(urlPathEqualTo("/v2/user/")).inScenario("list").whenScenarioStateIs("up").willReturn(okJson(PAGE)));

        try (ServiceClient client = client(service.baseUrl())) {
            ServiceException first = assertThrows(ServiceException.class, () -> client.resolve("a"));
            ServiceException later = assertThrows(ServiceException.class, () -> client.resolve("b"));
            ServiceException again = assertThrows(ServiceException.class, () -> client.resolve("c"));

            assertEquals("resolve \"a\": not found (HTTP 404), and the service's list does not answer at this base URL either "
                    + "(the service failed (HTTP 503)); check the base URL " + service.baseUrl(), first.getMessage());
            assertEquals(OptionalInt.of(404), first.status());
            assertInstanceOf(ServiceException.NotFound.class, later, later::getMessage);
            assertEquals("resolve \"b\": not found (HTTP 404): said so", later.getMessage());
            assertInstanceOf(ServiceException.NotFound.class, again, again::getMessage);
        }
        // Once the list answered, the run keeps that answer.
        service.verify(2, getRequestedFor(urlEqualTo("/v2/user/?limit=1")));
    }

    @Test
    void aCheckThatFailedBeforeAnyAnswerIsAskedAgain() throws Exception {
        // The resolve answers; the list's URL leads nowhere that answers: a reset connection, each time.
        resolveAnswers(404, null);
        service.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(aResponse().withFault(
                com.github.tomakehurst.wiremock.http.Fault.CONNECTION_RESET_BY_PEER)));

        try (ServiceClient client = client(service.baseUrl())) {
            assertInstanceOf(ServiceException.Unavailable.class, assertThrows(ServiceException.class, () -> client.resolve("a")));
            int checks = service.findAll(getRequestedFor(urlEqualTo("/v2/user/?limit=1"))).size();
            assertInstanceOf(ServiceException.Unavailable.class, assertThrows(ServiceException.class, () -> client.resolve("b")));

            // (java.net.http itself sends a GET again once on a reset connection: how many each check takes is its business.)
            assertTrue(checks > 0, "the first 404 asked the list");
            assertTrue(service.findAll(getRequestedFor(urlEqualTo("/v2/user/?limit=1"))).size() > checks, "the second asked again");
        }
    }

    @Test
    void aCheckThatMetADefiniteAnswerIsAskedOnceARun() {
        resolveAnswers(404, null);
        service.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(aResponse().withStatus(404)));

        try (ServiceClient client = client(service.baseUrl())) {
            assertInstanceOf(ServiceException.Unavailable.class, assertThrows(ServiceException.class, () -> client.resolve("a")));
            assertInstanceOf(ServiceException.Unavailable.class, assertThrows(ServiceException.class, () -> client.resolve("b")));
        }
        service.verify(1, getRequestedFor(urlEqualTo("/v2/user/?limit=1")));
    }
}
