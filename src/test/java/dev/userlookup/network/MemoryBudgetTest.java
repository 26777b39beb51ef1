package dev.userlookup.network;

import dev.userlookup.fake.Stubs;
import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.model.UserPage;
import dev.userlookup.service.ServiceClient;
import dev.userlookup.service.ServiceException;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Bytes of answers are counted in one budget for the run: compressed and unzipped, over every
 * request, and pages until they are written; every path lets them go.
 */
@Timeout(60)
class MemoryBudgetTest {

    static {
        // java.net.http reads its proxy-authentication properties once a JVM, as it first loads; the
        // tool sets them as App loads. This class builds a client itself: App loads first, so that
        // HttpsTest's proxy cases in the same JVM meet the client as the tool sets it up.
        try {
            Class.forName("dev.userlookup.commands.App", true, MemoryBudgetTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final long MIB = 1L << 20;

    @RegisterExtension
    static WireMockExtension service = Stubs.service();

    /** The transport under {@link #client}: its budget says what the run holds. */
    private HttpTransport transport;

    private ServiceClient client(long budget, Duration timeout) {
        ClientSettings settings = new ClientSettings(BaseUrl.parse(service.baseUrl(), false), ApiKey.of("k-123456789", "test"),
                timeout, 0, null, null, null, null, new FakeTiming(), budget, null);
        transport = new HttpTransport(settings);
        return new ServiceClient(settings, transport);
    }

    private long bytesHeld() {
        return transport.budget().held();
    }

    /** {@code {"users":[} and whitespace, {@code mib} MiB of it unzipped, as repeated gzip members of 1 MiB. */
    static byte[] bomb(int mib) throws IOException {
        byte[] spaces = new byte[(int) MIB];
        Arrays.fill(spaces, (byte) ' ');
        byte[] member = gzip(spaces);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        all.writeBytes(gzip("{\"users\":[".getBytes(StandardCharsets.US_ASCII)));
        for (int i = 0; i < mib; i++) {
            all.writeBytes(member);
        }
        return all.toByteArray();
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(zipped)) {
            out.write(data);
        }
        return zipped.toByteArray();
    }

    private static void stubBomb(int mib) throws IOException {
        service.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withHeader("Content-Encoding", "gzip").withBody(bomb(mib))));
    }

    private static String page(int users, int padding) {
        StringBuilder page = new StringBuilder("{\"users\":[");
        for (int i = 0; i < users; i++) {
            page.append(i == 0 ? "" : ",").append(String.format("{\"user_id\":\"00000000-0000-4000-8000-%012d\","
                    + "\"client_user_id\":\"c%d\",\"note\":\"%s\"}", i, i, "x".repeat(padding)));
        }
        return page.append("],\"total\":").append(users).append(",\"offset\":0,\"limit\":500}").toString();
    }

    @Test
    void aGzipBombStopsAtTheBudgetWhileItUnzipsAndLetsEveryByteGo() throws Exception {
        stubBomb(40);

        try (ServiceClient client = client(8 * MIB, Duration.ofSeconds(20))) {
            ServiceException failure = assertThrows(ServiceException.class, () -> client.list(0L, 500));

            assertTrue(failure.getMessage().contains("too large") && failure.getMessage().contains("8 MiB"), failure.getMessage());
            assertEquals(0, bytesHeld());
        }
    }

    @Test
    void aBombPastTheCapOfOneBodyStopsThereWithinABudgetThatWouldHoldIt() throws Exception {
        stubBomb(70);

        try (ServiceClient client = client(256 * MIB, Duration.ofSeconds(20))) {
            ServiceException failure = assertThrows(ServiceException.class, () -> client.list(0L, 500));

            assertTrue(failure.getMessage().contains("it unzips to more than 64 MiB"), failure.getMessage());
            assertEquals(0, bytesHeld());
        }
    }

    @Test
    void aPageWaitingToBeWrittenHoldsItsPartOfTheBudgetUntilReleased() {
        String body = page(500, 1200);  // about 640 KB
        service.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(okJson(body)));

        // While it arrives a body is held twice for a moment (its pieces and the whole copied from
        // them): 1.5 MiB holds one such page, not a second beside one that waits.
        try (ServiceClient client = client(3 * MIB / 2, Duration.ofSeconds(20))) {
            UserPage waiting = client.list(0L, 500);
            assertTrue(bytesHeld() >= body.length(), bytesHeld() + " bytes held for a page of " + body.length());

            // The page not yet written still counts: a second one does not fit beside it.
            ServiceException failure = assertThrows(ServiceException.class, () -> client.list(0L, 500));
            assertTrue(failure.getMessage().contains("too large"), failure.getMessage());

            waiting.release();
            assertEquals(0, bytesHeld());
            UserPage next = client.list(0L, 500);
            assertEquals(500, next.users().size());
            next.release();
            assertEquals(0, bytesHeld());
        }
    }

    @Test
    void aBodyCutShortByTheTimeoutLetsItsBytesGo() {
        service.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(okJson(page(500, 100)).withChunkedDribbleDelay(50, 3000)));

        try (ServiceClient client = client(64 * MIB, Duration.ofMillis(500))) {
            ServiceException failure = assertThrows(ServiceException.class, () -> client.list(0L, 500));

            assertTrue(failure.getMessage().contains("timed out"), failure.getMessage());
            assertEquals(0, bytesHeld());
        }
    }

    @Test
    void anErrorStatusLetsItsBodyGo() {
        service.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(aResponse().withStatus(500).withBody("x".repeat(100_000))));

        try (ServiceClient client = client(64 * MIB, Duration.ofSeconds(5))) {
            assertThrows(ServiceException.class, () -> client.list(0L, 500));

            assertEquals(0, bytesHeld());
        }
    }

    @Test
    void theListPageThatConfirmsTheBaseUrlLetsItsBytesGo() {
        service.stubFor(get(urlPathEqualTo("/v2/user/resolve/nobody")).willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json").withBody("{\"detail\":\"User not found\"}")));
        service.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(okJson(page(1, 0))));

        try (ServiceClient client = client(64 * MIB, Duration.ofSeconds(5))) {
            assertThrows(ServiceException.NotFound.class, () -> client.resolve("nobody"));

            assertEquals(0, bytesHeld());
        }
    }

    @Test
    void theBudgetIsAThirdOfTheHeapWithinBounds() {
        assertEquals(85 * MIB + MIB / 3, MemoryBudget.forHeap(256 * MIB));
        assertEquals(MemoryBudget.FLOOR, MemoryBudget.forHeap(32 * MIB));
        assertEquals(MemoryBudget.CEILING, MemoryBudget.forHeap(8L << 30));
    }
}
