package dev.userlookup.fake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.network.Request;
import dev.userlookup.network.Response;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The service in memory fails a test on what it was not told to expect, as gh's httpmock.Registry with Verify. */
class RegistryTest {

    private final Registry service = new Registry();

    private Response get(String target) {
        return service.send(new Request(URI.create(service.baseUrl() + target), Map.of("x-service-api-key", "k")));
    }

    @Test
    void aRequestNothingStubbedFailsAtOnceAndAgainWhenTheTestEnds() {
        service.get("/v2/user/resolve/a").reply(Reply.ok("{}"));
        get("/v2/user/resolve/a");

        AssertionError sent = assertThrows(AssertionError.class, () -> get("/v2/user/resolve/b"));
        AssertionError verified = assertThrows(AssertionError.class, () -> service.afterEach(null));

        assertTrue(sent.getMessage().startsWith("no stub for GET /v2/user/resolve/b"), sent.getMessage());
        assertEquals("a request nothing stubbed: GET /v2/user/resolve/b", verified.getMessage());
    }

    @Test
    void aRequestToAnotherBaseUrlIsOneNothingStubbed() {
        service.getPath("/v2/user/").optional().reply(Reply.ok("{}"));

        AssertionError sent = assertThrows(AssertionError.class,
                () -> service.send(new Request(URI.create("http://127.0.0.1:9/v2/user/?limit=1"), Map.of())));
        AssertionError verified = assertThrows(AssertionError.class, () -> service.afterEach(null));

        assertTrue(sent.getMessage().startsWith("no stub for GET http://127.0.0.1:9/v2/user/?limit=1"), sent.getMessage());
        assertEquals("a request nothing stubbed: GET http://127.0.0.1:9/v2/user/?limit=1", verified.getMessage());
    }

    @Test
    void aStubNoRequestUsedFailsWhenTheTestEnds() {
        service.get("/v2/user/resolve/a").reply(Reply.ok("{}"));
        service.getPath("/v2/user/").reply(Reply.ok("{}"));
        get("/v2/user/?limit=1");

        AssertionError verified = assertThrows(AssertionError.class, () -> service.afterEach(null));

        assertEquals("a stub no request used: GET /v2/user/resolve/a", verified.getMessage());
    }

    @Test
    void aStubForgottenByAResetStillCounts() {
        service.get("/v2/user/resolve/a").reply(Reply.ok("{}"));
        service.reset();
        service.get("/v2/user/resolve/b").reply(Reply.ok("{}"));
        get("/v2/user/resolve/b");

        AssertionError verified = assertThrows(AssertionError.class, () -> service.afterEach(null));

        assertEquals("a stub no request used: GET /v2/user/resolve/a", verified.getMessage());
    }

    @Test
    void everyStubUsedAndNothingElseAskedPasses() {
        service.get("/v2/user/resolve/a%2Fb").reply(Reply.ok("{}"));
        service.getPath("/v2/user/").reply(Reply.ok("{}"));
        get("/v2/user/resolve/a%2Fb");
        get("/v2/user/?offset=0&limit=2");

        service.afterEach(null);

        assertEquals(List.of("/v2/user/resolve/a%2Fb", "/v2/user/?offset=0&limit=2"), service.targets());
        assertEquals("k", service.requests().get(0).headers().get("x-service-api-key"));
    }

    @Test
    void repliesComeInTurnTheLastOneAgainAndTheLastStubRegisteredFirst() {
        service.getPath("/v2/user/resolve/x").reply(Reply.ok("{\"never\":true}"));
        service.get("/v2/user/resolve/x").reply(Reply.status(503).header("Retry-After", "1"), Reply.ok("{}"));

        Response first = get("/v2/user/resolve/x");
        Response second = get("/v2/user/resolve/x");
        Response third = get("/v2/user/resolve/x");

        assertEquals(503, first.status());
        assertEquals("1", first.retryAfter());
        assertEquals(List.of(200, 200), List.of(second.status(), third.status()));
        assertEquals("{}", new String(third.body(), StandardCharsets.UTF_8));
        assertEquals("application/json", third.contentType());
        assertEquals(3, service.count("/v2/user/resolve/x"));
    }

    @Test
    void aHeaderTheClientDoesNotReadIsRefusedRatherThanLost() {
        assertThrows(IllegalArgumentException.class, () -> Reply.ok("{}").header("Content-Encoding", "gzip"));
    }
}
