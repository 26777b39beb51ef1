package dev.userlookup.commands;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import dev.userlookup.fake.Stubs;
import dev.userlookup.fake.Users;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Requests through an HTTP proxy on loopback (a WireMock that answers proxy-form requests). */
class ProxyTest {

    @RegisterExtension
    static WireMockExtension proxy = Stubs.service();

    @RegisterExtension
    static WireMockExtension service = Stubs.service();

    /** A host only the proxy can reach: the tool never resolves it itself. */
    private static final String FAR_SERVICE = "http://users.service.test:8080";

    @Test
    void requestsGoThroughTheProxyFromTheEnvironment() {
        proxy.stubFor(get(urlPathEqualTo("/v2/user/resolve/x")).willReturn(okJson(Users.user("u", "x"))));

        Cli.Result result = Cli.against(FAR_SERVICE).env("HTTP_PROXY", proxy.baseUrl())
                .run("resolve", "x", "--allow-insecure-http", "-v");

        assertEquals(0, result.exit(), result::toString);
        proxy.verify(1, getRequestedFor(urlPathEqualTo("/v2/user/resolve/x"))
                .withHeader("Host", equalTo("users.service.test:8080"))
                .withHeader("x-service-api-key", equalTo(TestKeys.KEY)));
        assertTrue(result.err().contains("* through proxy " + proxy.baseUrl()), result.err());
    }

    @Test
    void proxyCredentialsAnswerTheProxysChallengeAndAreNeverShown() {
        String credentials = Base64.getEncoder().encodeToString("agent:p@ss:word".getBytes(StandardCharsets.UTF_8));
        proxy.stubFor(get(urlPathEqualTo("/v2/user/resolve/x")).inScenario("auth").whenScenarioStateIs(Scenario.STARTED)
                .withHeader("Proxy-Authorization", absent())
                .willReturn(aResponse().withStatus(407).withHeader("Proxy-Authenticate", "Basic realm=\"corp\"")));
        proxy.stubFor(get(urlPathEqualTo("/v2/user/resolve/x")).inScenario("auth").whenScenarioStateIs(Scenario.STARTED)
                .withHeader("Proxy-Authorization", equalTo("Basic " + credentials))
                .willReturn(okJson(Users.user("u", "x"))));

        Cli.Result result = Cli.against(FAR_SERVICE)
                .env("http_proxy", "http://agent:p%40ss%3Aword@127.0.0.1:" + proxy.getPort())
                .run("resolve", "x", "--allow-insecure-http", "-v");

        assertEquals(0, result.exit(), result::toString);
        proxy.verify(getRequestedFor(urlPathEqualTo("/v2/user/resolve/x")).withHeader("Proxy-Authorization", equalTo("Basic " + credentials)));
        assertFalse(result.err().contains("p@ss") || result.err().contains("p%40ss") || result.err().contains(credentials), result.err());
        assertTrue(result.err().contains("(with credentials)"), result.err());
    }

    @Test
    void aProxyThatRefusesItsCredentialsSeesThemOnceAndIsNamed() {
        proxy.stubFor(get(urlPathEqualTo("/v2/user/resolve/x"))
                .willReturn(aResponse().withStatus(407).withHeader("Proxy-Authenticate", "Basic realm=\"corp\"")));

        Cli.Result result = Cli.against(FAR_SERVICE).env("HTTP_PROXY", "http://agent:wrong@127.0.0.1:" + proxy.getPort())
                .run("resolve", "x", "--allow-insecure-http");

        assertEquals(5, result.exit(), result::toString);
        assertEquals("userlookup: resolve \"x\": the proxy http://127.0.0.1:" + proxy.getPort() + " refused its credentials (HTTP 407);"
                + " check the user and password in HTTP_PROXY (not retried: repeated bad logins can lock the account)\n", result.err());
        proxy.verify(1, getRequestedFor(urlPathEqualTo("/v2/user/resolve/x")).withHeader("Proxy-Authorization", com.github.tomakehurst.wiremock.client.WireMock.matching("Basic .*")));
        assertEquals(2, proxy.getAllServeEvents().size(), "one challenge, one refused login");
    }

    @Test
    void noProxyLetsRequestsGoDirect() {
        proxy.stubFor(get(urlPathEqualTo("/v2/user/resolve/x")).willReturn(okJson(Users.user("u", "x"))));
        Cli.Result bypassed = Cli.against(FAR_SERVICE).env("HTTP_PROXY", proxy.baseUrl()).env("NO_PROXY", "localhost,.service.test")
                .run("resolve", "x", "--retries", "0", "--allow-insecure-http", "--timeout", "2");
        Cli.Result proxied = Cli.against(FAR_SERVICE).env("HTTP_PROXY", proxy.baseUrl())
                .run("resolve", "x", "--retries", "0", "--allow-insecure-http");

        assertEquals(5, bypassed.exit(), "went direct to a host only the proxy knows: " + bypassed);
        assertEquals(0, proxied.exit(), proxied::toString);
        assertEquals(1, proxy.getAllServeEvents().size());
    }

    @Test
    void aLoopbackServiceIsNeverProxiedSoTheKeyNeverCrossesToTheProxyInClearText() {
        service.stubFor(get(urlPathEqualTo("/v2/user/resolve/x")).willReturn(okJson(Users.user("u", "x"))));

        Cli.Result result = Cli.against("http://127.0.0.1:" + service.getPort())
                .env("HTTP_PROXY", "http://user:pw@" + proxy.baseUrl().substring("http://".length())).run("resolve", "x");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(1, service.getAllServeEvents().size());
        assertEquals(0, proxy.getAllServeEvents().size());
    }

    @Test
    void aProxyOfAnUnsupportedKindIsAUsageError() {
        Cli.Result result = Cli.against("https://users.service.test").env("HTTPS_PROXY", "socks5://127.0.0.1:1080").run("resolve", "x");

        assertEquals(2, result.exit(), result::toString);
        assertEquals("userlookup: HTTPS_PROXY uses socks5://, but only http:// proxies are supported\n", result.err());
    }

    /** With credentials java.net.http takes the service's 401 for itself: it must stay the key refused, asked once. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theServicesRefusalThroughAProxyWithCredentialsIsTheKeyRefused(boolean challenges) {
        proxy.stubFor(get(urlPathEqualTo("/v2/user/resolve/x")).willReturn(challenges
                ? aResponse().withStatus(401).withHeader("WWW-Authenticate", "Basic realm=\"service\"")
                : aResponse().withStatus(401)));

        Cli.Result result = Cli.against(FAR_SERVICE).env("HTTP_PROXY", "http://agent:s3cret@127.0.0.1:" + proxy.getPort())
                .run("resolve", "x", "--allow-insecure-http");

        assertEquals(4, result.exit(), result::toString);
        assertEquals("userlookup: resolve \"x\": authentication refused (HTTP 401); check the key from environment USERLOOKUP_API_KEY\n",
                result.err());
        assertEquals(1, proxy.getAllServeEvents().size(), "requests the service saw");
    }
}
