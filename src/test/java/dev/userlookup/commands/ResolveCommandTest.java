package dev.userlookup.commands;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import dev.userlookup.Version;
import dev.userlookup.fake.Stubs;
import dev.userlookup.fake.Users;
import java.io.ByteArrayOutputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ResolveCommandTest {

    @RegisterExtension
    static WireMockExtension service = Stubs.service();

    private final ObjectMapper json = new ObjectMapper();

    private Cli cli() {
        return Cli.against(service.baseUrl());
    }

    @Test
    void sendsTheKeyAndTheContractHeaders() {
        service.stubFor(get("/v2/user/resolve/customer-1").willReturn(okJson(Users.user(Users.uuid(1), "customer-1"))));

        Cli.Result result = cli().run("resolve", "customer-1");

        assertEquals(0, result.exit(), result::toString);
        service.verify(getRequestedFor(urlEqualTo("/v2/user/resolve/customer-1"))
                .withHeader("x-service-api-key", equalTo(TestKeys.KEY))
                .withHeader("Accept", equalTo("application/json"))
                .withHeader("Accept-Encoding", equalTo("gzip"))
                .withHeader("User-Agent", equalTo("userlookup/" + Version.get())));
        assertEquals("", result.err());
    }

    @Test
    void plainHttpIsHttp11() {
        service.stubFor(get("/v2/user/resolve/h").willReturn(okJson(Users.user(Users.uuid(2), "h"))));

        Cli.Result result = cli().run("resolve", "h");

        assertEquals(0, result.exit(), result::toString);
        // A client asking for HTTP/2 on plain http offers an h2c upgrade; HTTP/1.1 offers none.
        assertEquals("HTTP/1.1", service.getAllServeEvents().get(0).getRequest().getProtocol());
        service.verify(getRequestedFor(urlEqualTo("/v2/user/resolve/h"))
                .withHeader("Upgrade", com.github.tomakehurst.wiremock.client.WireMock.absent())
                .withHeader("HTTP2-Settings", com.github.tomakehurst.wiremock.client.WireMock.absent()));
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
        "a/b                | a%2Fb",
        "q?x=1&y=2          | q%3Fx%3D1%26y%3D2",
        "hash#tag           | hash%23tag",
        "100%               | 100%25",
        "%2F                | %252F",
        "'with space'       | with%20space",
        "Zoë 東京           | Zo%C3%AB%20%E6%9D%B1%E4%BA%AC",
        "..                 | %2E%2E",
        ".                  | %2E",
        "a.b_c-d~e          | a.b_c-d~e",
        "+1                 | %2B1",
        "'=cmd|x'           | %3Dcmd%7Cx",
    })
    void encodesTheIdAsOnePathSegment(String id, String encoded) {
        service.stubFor(get(urlEqualTo("/v2/user/resolve/" + encoded)).willReturn(okJson(Users.user(Users.uuid(7), id))));

        Cli.Result result = cli().run("resolve", id);

        assertEquals(0, result.exit(), result::toString);
        service.verify(1, getRequestedFor(urlEqualTo("/v2/user/resolve/" + encoded)));
    }

    @Test
    void keepsThePathPrefixOfTheBaseUrl() {
        service.stubFor(get("/api/v1/v2/user/resolve/x").willReturn(okJson(Users.user(Users.uuid(1), "x"))));

        Cli.Result result = Cli.against(service.baseUrl() + "/api/v1/").run("resolve", "x");

        assertEquals(0, result.exit(), result::toString);
    }

    @Test
    void printsTheUserLosslesslyAsJson() throws Exception {
        String body = "{\"user_id\":\"" + Users.uuid(3) + "\",\"client_user_id\":\"c\",\"team_id\":null,"
                + "\"created_on\":\"2024-03-01T10:00:00.5+05:30\",\"connected_sources\":[{\"created_on\":null,"
                + "\"source\":null,\"provider\":{\"slug\":\"p\"}}],\"fallback_time_zone\":null,"
                + "\"beta\":{\"score\":1.50,\"big\":12345678901234567890,\"tiny\":1e-7,\"flags\":[]},\"zz_last\":true}";
        service.stubFor(get("/v2/user/resolve/c").willReturn(okJson(body)));

        Cli.Result result = cli().run("resolve", "c");

        assertEquals(0, result.exit(), result::toString);
        JsonNode expected = json.readTree(body);
        JsonNode actual = json.readTree(result.outBytes());
        assertEquals(expected, actual);
        assertTrue(result.out().contains("\"score\": 1.50"), result.out());
        assertTrue(result.out().contains("\"big\": 12345678901234567890"), result.out());
        assertTrue(result.out().indexOf("\"beta\"") < result.out().indexOf("\"zz_last\""), "field order kept");
        assertTrue(result.out().endsWith("}\n"));
    }

    @Test
    void readsAGzipBody() throws Exception {
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(zipped)) {
            gzip.write(Users.user(Users.uuid(4), "z").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        service.stubFor(get("/v2/user/resolve/z").willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withHeader("Content-Encoding", "gzip")
                .withBody(zipped.toByteArray())));

        Cli.Result result = cli().run("resolve", "z", "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(Users.uuid(4), json.readTree(result.outBytes()).get("user_id").asText());
    }

    @Test
    void notFoundIsExit3WithTheServiceDetail() {
        service.stubFor(get("/v2/user/resolve/nobody").willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json").withBody("{\"detail\":\"User not found\"}")));
        service.stubFor(get("/v2/user/?limit=1").willReturn(okJson(Users.page(0, 1, 1, 1))));

        Cli.Result result = cli().run("resolve", "nobody");

        assertEquals(3, result.exit(), result::toString);
        assertEquals("", result.out());
        assertEquals("userlookup: resolve \"nobody\": not found (HTTP 404): User not found\n", result.err());
    }

    @Test
    void aUserIdNotFoundGetsAHintTowardsFind() {
        String userId = "138ADBBD-c5e6-36c4-aff7-48390b9f91da";
        service.stubFor(get("/v2/user/resolve/" + userId).willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json").withBody("{\"detail\":\"User not found\"}")));
        service.stubFor(get("/v2/user/resolve/customer-" + userId).willReturn(aResponse().withStatus(404)));
        service.stubFor(get("/v2/user/?limit=1").willReturn(okJson(Users.page(0, 1, 1, 1))));

        Cli.Result result = cli().run("resolve", userId);
        Cli.Result notShaped = cli().run("resolve", "customer-" + userId);

        assertEquals(3, result.exit(), result::toString);
        assertEquals("userlookup: resolve \"" + userId + "\": not found (HTTP 404): User not found; "
                + "it looks like a user_id, which the service does not resolve: userlookup find " + userId + "\n", result.err());
        assertEquals(3, notShaped.exit(), notShaped::toString);
        assertFalse(notShaped.err().contains("find"), notShaped.err());
    }

    @Test
    void aUserIdNotFoundAmongSeveralGetsTheHintOnItsOwnLine() {
        String userId = "138adbbd-c5e6-36c4-aff7-48390b9f91da";
        service.stubFor(get("/v2/user/resolve/" + userId).willReturn(aResponse().withStatus(404)));
        service.stubFor(get("/v2/user/resolve/customer-1").willReturn(okJson(Users.user(Users.uuid(1), "customer-1"))));
        service.stubFor(get("/v2/user/?limit=1").willReturn(okJson(Users.page(0, 1, 1, 1))));

        Cli.Result result = cli().run("resolve", "customer-1", userId, "-o", "ndjson");

        assertEquals(3, result.exit(), result::toString);
        assertEquals(1, result.out().lines().count(), result::toString);
        assertTrue(result.err().contains("resolve \"" + userId + "\": not found (HTTP 404); it looks like a user_id, "
                + "which the service does not resolve: userlookup --output ndjson find " + userId + "\n"), result.err());
    }

    @Test
    void anEmptyIdIsAUsageError() {
        Cli.Result result = cli().run("resolve", "");

        assertEquals(2, result.exit(), result::toString);
        assertTrue(result.err().startsWith("userlookup: resolve: the client user id is empty"), result.err());
        assertEquals(0, service.getAllServeEvents().size());
    }

    @Test
    void theKeyNeverAppearsEvenVerbose() {
        service.stubFor(get("/v2/user/resolve/echo").willReturn(aResponse().withStatus(500)
                .withBody("{\"detail\":\"bad key " + TestKeys.KEY + "\"}")));

        Cli.Result result = cli().run("resolve", "echo", "-v", "--retries", "0");

        assertEquals(5, result.exit(), result::toString);
        assertFalse(result.err().contains(TestKeys.KEY), result.err());
        assertFalse(result.out().contains(TestKeys.KEY), result.out());
        assertTrue(result.err().contains("x-service-api-key: ***"), result.err());
        assertTrue(result.err().contains("bad key ***"), result.err());
    }
}
