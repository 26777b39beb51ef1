package dev.userlookup.commands;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.userlookup.fake.LoopbackTunnels;
import dev.userlookup.fake.Stubs;
import dev.userlookup.fake.TestCa;
import dev.userlookup.fake.Users;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * TLS for real on loopback: WireMock over HTTPS (HTTP/2 and HTTP/1.1) with a CA and server
 * certificates made at test time ({@link TestCa}), the failures a person meets (an unknown CA,
 * an expired certificate, one for another host), one connection per run, and HTTPS through a
 * CONNECT proxy.
 */
@Timeout(120)
class HttpsTest {

    private static final TestCa CA = TestCa.shared();
    private static final Pattern CLASS_NAME = Pattern.compile("\\b[a-z]+\\.[a-z.]+\\.[A-Z]\\w*|Exception|PKIX|sun\\.");

    private final List<AutoCloseable> started = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable each : started) {
            each.close();
        }
    }

    private WireMockServer https(TestCa.Kind kind, boolean http2) {
        return https(CA, kind, http2);
    }

    private WireMockServer https(TestCa ca, TestCa.Kind kind, boolean http2) {
        WireMockServer server = new WireMockServer(wireMockConfig().bindAddress("127.0.0.1").httpDisabled(true).dynamicHttpsPort()
                .keystorePath(ca.serverKeystore(kind).toString()).keystoreType("PKCS12")
                .keystorePassword(TestCa.PASSWORD).keyManagerPassword(TestCa.PASSWORD)
                .http2TlsDisabled(!http2));
        server.start();
        started.add(() -> Stubs.stop(server));
        server.stubFor(get(urlPathMatching("/v2/user/resolve/.*")).willReturn(okJson(Users.user(Users.uuid(1), "x"))));
        return server;
    }

    private static String url(WireMockServer server) {
        return "https://127.0.0.1:" + server.httpsPort();
    }

    private static Cli trusting(String baseUrl) {
        return Cli.against(baseUrl).env("USERLOOKUP_CA_CERT", CA.caPem().toString());
    }

    private static void assertOneLineInPeoplesWords(Cli.Result result) {
        assertEquals(1, result.err().split("\n").length, result::toString);
        assertFalse(CLASS_NAME.matcher(result.err()).find(), "no class names: " + result.err());
    }

    @Test
    void resolvesOverHttp2WithTheCaFromCaCertAndSaysSoWithVerbose() {
        WireMockServer server = https(TestCa.Kind.GOOD, true);

        Cli.Result result = Cli.against(url(server)).run("resolve", "x", "--ca-cert", CA.caPem().toString(), "-v", "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.out().contains("\"client_user_id\":\"x\""), result::toString);
        assertTrue(result.err().matches("(?s).*< 200 in \\d+ ms, \\d+ bytes \\(HTTP/2, TLSv1\\.3\\)\n.*"), result.err());
    }

    @Test
    void resolvesOverHttp11WhenTheServerOffersNoHttp2() {
        WireMockServer server = https(TestCa.Kind.GOOD, false);

        Cli.Result result = trusting(url(server)).run("resolve", "x", "-v");

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.err().contains("bytes (HTTP/1.1, TLSv1.3)"), result.err());
    }

    @Test
    void sslCertFileIsTrustedToo() {
        WireMockServer server = https(TestCa.Kind.GOOD, true);

        Cli.Result result = Cli.against(url(server)).env("SSL_CERT_FILE", CA.caPem().toString()).run("resolve", "x");

        assertEquals(0, result.exit(), result::toString);
    }

    @Test
    void aBundleOfManyCasFindsTheOneThatIssuedTheServersCertificate() throws Exception {
        WireMockServer server = https(TestCa.Kind.GOOD, true);
        java.nio.file.Path system = java.nio.file.Path.of("/etc/ssl/certs/ca-certificates.crt");
        String others = java.nio.file.Files.isReadable(system) ? java.nio.file.Files.readString(system)
                : java.nio.file.Files.readString(TestCa.named("another CA").caPem());
        java.nio.file.Path bundle = java.nio.file.Files.createTempFile("userlookup-bundle", ".pem");
        java.nio.file.Files.writeString(bundle, others + "\n# the company's CA\n" + java.nio.file.Files.readString(CA.caPem()));

        Cli.Result result = Cli.against(url(server)).env("SSL_CERT_FILE", bundle.toString()).run("resolve", "x");

        assertEquals(0, result.exit(), result::toString);
    }

    @Test
    void anUnknownCaIsOneLineWithTheHintToGiveItsCertificate() {
        WireMockServer server = https(TestCa.Kind.GOOD, true);
        LoopbackTunnels relay = LoopbackTunnels.relayTo(server.httpsPort());
        started.add(relay);

        Cli.Result result = Cli.against("https://127.0.0.1:" + relay.port()).run("resolve", "x");

        assertEquals(5, result.exit(), result::toString);
        assertEquals("userlookup: resolve \"x\": the certificate of 127.0.0.1:" + relay.port()
                + " (issued by 'userlookup test CA') is not signed by a trusted CA; if the service or your company's proxy"
                + " uses its own CA, give that CA's certificate with --ca-cert FILE (PEM)\n", result.err());
        assertEquals(1, relay.connections(), "not retried");
    }

    @Test
    void aCaFileOfAnotherCaDoesNotHelp() {
        WireMockServer server = https(TestCa.Kind.GOOD, true);

        Cli.Result result = Cli.against(url(server)).env("USERLOOKUP_CA_CERT", TestCa.named("another CA").caPem().toString())
                .run("resolve", "x");

        assertEquals(5, result.exit(), result::toString);
        assertTrue(result.err().contains("is not signed by a trusted CA"), result.err());
    }

    @Test
    void anExpiredCertificateSaysExpiredWithItsDate() {
        WireMockServer server = https(TestCa.Kind.EXPIRED, true);

        Cli.Result result = trusting(url(server)).run("resolve", "x");

        assertEquals(5, result.exit(), result::toString);
        assertTrue(result.err().matches("userlookup: resolve \"x\": the certificate of 127\\.0\\.0\\.1:\\d+ expired on "
                + "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC; the service must renew it\n"), result.err());
        assertOneLineInPeoplesWords(result);
    }

    @Test
    void aCertificateForAnotherHostNamesTheHostItIsFor() {
        WireMockServer server = https(TestCa.Kind.OTHER_HOST, true);

        Cli.Result result = trusting(url(server)).run("resolve", "x");

        assertEquals(5, result.exit(), result::toString);
        assertEquals("userlookup: resolve \"x\": the certificate of 127.0.0.1:" + server.httpsPort()
                + " is for other.example.test, not 127.0.0.1; check the base URL\n", result.err());
    }

    @Test
    void aHostNameThatDoesNotResolveIsNotRetried() {
        Cli.Result result = Cli.against("https://no-such-host.invalid").run("resolve", "x", "-v");

        assertEquals(5, result.exit(), result::toString);
        assertFalse(result.err().contains("retry"), result.err());
        assertTrue(result.err().contains("userlookup: resolve \"x\": cannot resolve host no-such-host.invalid; check the base URL\n"),
                result.err());
    }

    @Test
    void aMissingCaFileIsAUsageErrorNamingIt() {
        Cli.Result result = Cli.against("https://users.service.test").run("resolve", "x", "--ca-cert", "/nonexistent/ca.pem");

        assertEquals(2, result.exit(), result::toString);
        assertEquals("userlookup: the CA file /nonexistent/ca.pem does not exist (from option --ca-cert)\n", result.err());
    }

    @Test
    void aFileWithoutACertificateIsAUsageErrorNamingIt() throws Exception {
        java.nio.file.Path notPem = java.nio.file.Files.createTempFile("userlookup", ".pem");
        java.nio.file.Files.writeString(notPem, "just some text\n");

        Cli.Result result = Cli.against("https://users.service.test").env("SSL_CERT_FILE", notPem.toString()).run("resolve", "x");

        assertEquals(2, result.exit(), result::toString);
        assertTrue(result.err().startsWith("userlookup: the CA file " + notPem + " "), result.err());
        assertTrue(result.err().endsWith("(from environment SSL_CERT_FILE)\n"), result.err());
    }

    @Test
    void anHttpsToHttpRedirectIsRefused() {
        WireMockServer server = https(TestCa.Kind.GOOD, true);
        server.stubFor(get(urlPathEqualTo("/v2/user/resolve/moved"))
                .willReturn(aResponse().withStatus(301).withHeader("Location", "http://127.0.0.1:" + server.httpsPort() + "/v2/user/resolve/x")));

        Cli.Result result = trusting(url(server)).run("resolve", "moved");

        assertEquals(5, result.exit(), result::toString);
        assertEquals("userlookup: resolve \"moved\": redirected to another origin (http://127.0.0.1:" + server.httpsPort()
                + "); not followed, so the key is not sent there; check the base URL\n", result.err());
        assertEquals(1, server.getAllServeEvents().size());
    }

    @Test
    void gzipOverHttp2() throws Exception {
        WireMockServer server = https(TestCa.Kind.GOOD, true);
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(zipped)) {
            gzip.write(Users.user(Users.uuid(2), "zipped").getBytes(StandardCharsets.UTF_8));
        }
        server.stubFor(get(urlPathEqualTo("/v2/user/resolve/zipped")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withHeader("Content-Encoding", "gzip").withBody(zipped.toByteArray())));

        Cli.Result result = trusting(url(server)).run("resolve", "zipped", "-v", "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.out().contains("\"client_user_id\":\"zipped\""), result::toString);
        assertTrue(result.err().contains("(HTTP/2, TLSv1.3)"), result.err());
    }

    @Test
    void aBatchSharesOneConnectionAfterOneHandshake() {
        WireMockServer server = https(TestCa.Kind.GOOD, true);
        LoopbackTunnels relay = LoopbackTunnels.relayTo(server.httpsPort());
        started.add(relay);
        List<String> args = new ArrayList<>(List.of("resolve", "--parallel", "4", "-o", "ndjson"));
        for (int i = 0; i < 8; i++) {
            args.add("id-" + i);
            server.stubFor(get(urlPathEqualTo("/v2/user/resolve/id-" + i)).willReturn(okJson(Users.user(Users.uuid(i), "id-" + i))));
        }

        Cli.Result result = trusting("https://127.0.0.1:" + relay.port()).run(args.toArray(new String[0]));

        assertEquals(0, result.exit(), result::toString);
        assertEquals(8, result.out().split("\n").length);
        assertEquals(1, relay.connections(), "TLS connections opened");
    }

    @Test
    void listAllSharesOneConnectionToo() {
        WireMockServer server = https(TestCa.Kind.GOOD, true);
        for (int offset = 0; offset < 10; offset += 2) {
            server.stubFor(get(urlPathEqualTo("/v2/user/")).withQueryParam("offset", com.github.tomakehurst.wiremock.client.WireMock.equalTo(
                    String.valueOf(offset))).willReturn(okJson(Users.page(offset, 2, 10, 2))));
        }
        LoopbackTunnels relay = LoopbackTunnels.relayTo(server.httpsPort());
        started.add(relay);

        Cli.Result result = trusting("https://127.0.0.1:" + relay.port()).run("list", "--all", "--limit", "2", "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(10, result.out().split("\n").length);
        assertEquals(1, relay.connections(), "TLS connections opened");
    }

    @Test
    void httpsThroughAConnectProxy() {
        WireMockServer server = https(TestCa.Kind.GOOD, true);
        LoopbackTunnels proxy = LoopbackTunnels.connectProxy(null);
        started.add(proxy);

        Cli.Result result = trusting("https://users.service.test:" + server.httpsPort())
                .env("HTTPS_PROXY", "http://127.0.0.1:" + proxy.port()).run("resolve", "x", "-v");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(1, proxy.tunnels());
        assertTrue(result.err().contains("(HTTP/2, TLSv1.3)"), result.err());
    }

    @Test
    void httpsThroughAConnectProxyWithCredentials() {
        WireMockServer server = https(TestCa.Kind.GOOD, true);
        LoopbackTunnels proxy = LoopbackTunnels.connectProxy("agent:s3cret");
        started.add(proxy);
        for (String id : List.of("y", "z")) {
            server.stubFor(get(urlPathEqualTo("/v2/user/resolve/" + id)).willReturn(okJson(Users.user(Users.uuid(1), id))));
        }

        Cli.Result result = trusting("https://users.service.test:" + server.httpsPort())
                .env("HTTPS_PROXY", "http://agent:s3cret@127.0.0.1:" + proxy.port()).run("resolve", "x", "y", "z", "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(0, proxy.refusedLogins());
        assertEquals(1, proxy.tunnels(), "one tunnel for the run");
    }

    @Test
    void aProxyThatRefusesItsCredentialsIsAskedOnceAndNamed() {
        WireMockServer server = https(TestCa.Kind.GOOD, true);
        LoopbackTunnels proxy = LoopbackTunnels.connectProxy("agent:right");
        started.add(proxy);

        Cli.Result result = trusting("https://users.service.test:" + server.httpsPort())
                .env("HTTPS_PROXY", "http://agent:wrong@127.0.0.1:" + proxy.port()).run("resolve", "x", "y", "z", "-o", "ndjson");

        assertEquals(5, result.exit(), result::toString);
        assertEquals(1, proxy.refusedLogins(), "bad logins the proxy saw");
        assertEquals("userlookup: resolve \"x\": the proxy http://127.0.0.1:" + proxy.port() + " refused its credentials (HTTP 407);"
                + " check the user and password in HTTPS_PROXY (not retried: repeated bad logins can lock the account)\n", result.err());
    }

    @Test
    void aProxyThatWantsCredentialsSaysHowToGiveThem() {
        WireMockServer server = https(TestCa.Kind.GOOD, true);
        LoopbackTunnels proxy = LoopbackTunnels.connectProxy("agent:right");
        started.add(proxy);

        Cli.Result result = trusting("https://users.service.test:" + server.httpsPort())
                .env("https_proxy", "http://127.0.0.1:" + proxy.port()).run("resolve", "x");

        assertEquals(5, result.exit(), result::toString);
        assertEquals(1, proxy.challenges(), result::toString);
        assertEquals("userlookup: resolve \"x\": the proxy http://127.0.0.1:" + proxy.port() + " asks for credentials (HTTP 407);"
                + " give them in https_proxy as http://USER:PASSWORD@127.0.0.1:" + proxy.port() + "\n", result.err());
    }

    /**
     * Proxy credentials give java.net.http an authenticator, and with one it takes the service's
     * 401 for itself: it must still be the service refusing the key, exit 4, asked once.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theServicesRefusalThroughAProxyWithCredentialsIsTheKeyRefused(boolean challenges) {
        WireMockServer server = https(TestCa.Kind.GOOD, true);
        server.stubFor(get(urlPathEqualTo("/v2/user/resolve/x")).willReturn(challenges
                ? aResponse().withStatus(401).withHeader("WWW-Authenticate", "Basic realm=\"service\"")
                : aResponse().withStatus(401)));
        LoopbackTunnels proxy = LoopbackTunnels.connectProxy("agent:s3cret");
        started.add(proxy);

        Cli.Result result = trusting("https://users.service.test:" + server.httpsPort())
                .env("HTTPS_PROXY", "http://agent:s3cret@127.0.0.1:" + proxy.port()).run("resolve", "x");

        assertEquals(4, result.exit(), result::toString);
        assertEquals("userlookup: resolve \"x\": authentication refused (HTTP 401); check the key from environment USERLOOKUP_API_KEY\n",
                result.err());
        assertEquals(1, server.getAllServeEvents().size(), "requests the service saw");
        assertEquals(0, proxy.refusedLogins());
    }
}
