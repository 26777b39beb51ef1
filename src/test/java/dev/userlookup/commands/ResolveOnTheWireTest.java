package dev.userlookup.commands;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

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

/** What a resolve puts on the wire and reads from it: the headers, HTTP/1.1 on plain http, the id's encoding as sent, gzip. */
class ResolveOnTheWireTest {

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
}
