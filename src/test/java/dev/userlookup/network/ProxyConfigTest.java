package dev.userlookup.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The proxy environment variables, read as curl reads them. */
class ProxyConfigTest {

    private static Map<String, String> env(String... pairs) {
        Map<String, String> env = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            env.put(pairs[i], pairs[i + 1]);
        }
        return env;
    }

    @Test
    void httpsTargetsUseTheHttpsVariableAndHttpTargetsTheHttpOne() {
        Map<String, String> env = env("HTTPS_PROXY", "http://secure-proxy:3128", "HTTP_PROXY", "http://plain-proxy:8080");

        assertEquals("http://secure-proxy:3128", ProxyConfig.fromEnvironment(env, URI.create("https://svc.test")).display());
        assertEquals("http://plain-proxy:8080", ProxyConfig.fromEnvironment(env, URI.create("http://svc.test")).display());
        assertNull(ProxyConfig.fromEnvironment(env("HTTP_PROXY", "http://p:1"), URI.create("https://svc.test")));
    }

    @Test
    void eitherCaseWorksAndLowerCaseWins() {
        assertNotNull(ProxyConfig.fromEnvironment(env("https_proxy", "http://p:1"), URI.create("https://svc.test")));
        assertEquals("http://lower:2", ProxyConfig.fromEnvironment(env("https_proxy", "http://lower:2", "HTTPS_PROXY", "http://upper:3"),
                URI.create("https://svc.test")).display());
        assertNull(ProxyConfig.fromEnvironment(env("https_proxy", "http://p:1", "no_proxy", "svc.test"), URI.create("https://svc.test")));
        assertNull(ProxyConfig.fromEnvironment(env("https_proxy", "http://p:1", "NO_PROXY", "svc.test"), URI.create("https://svc.test")));
    }

    @Test
    void aProxyWithoutSchemeOrPortIsHttpOnPort80AndCredentialsAreNeverDisplayed() {
        ProxyConfig proxy = ProxyConfig.fromEnvironment(env("HTTPS_PROXY", "u%40corp:p%3Ass@proxy.corp"), URI.create("https://svc.test"));

        assertEquals("http://proxy.corp:80 (with credentials)", proxy.display());
        assertTrue(proxy.hasCredentials());
        assertFalse(proxy.display().contains("p:ss") || proxy.display().contains("u@corp"));
    }

    @Test
    void unsupportedProxySchemesAreRefused() {
        IllegalArgumentException socks = assertThrows(IllegalArgumentException.class,
                () -> ProxyConfig.fromEnvironment(env("HTTPS_PROXY", "socks5://p:1080"), URI.create("https://svc.test")));
        assertEquals("HTTPS_PROXY uses socks5://, but only http:// proxies are supported", socks.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> ProxyConfig.fromEnvironment(env("HTTPS_PROXY", "http://bad host:1"), URI.create("https://svc.test")));
    }

    /** Loopback hosts are never proxied, whatever NO_PROXY says (see the last rows). */
    @ParameterizedTest(name = "NO_PROXY={0} host={1} -> bypass {2}")
    @CsvSource(delimiter = '|', value = {
        "example.com              | example.com          | true",
        "example.com              | api.example.com      | true",
        "example.com              | badexample.com       | false",
        ".example.com             | api.example.com      | true",
        ".example.com             | example.com          | true",
        "EXAMPLE.com              | Api.Example.COM      | true",
        "' a.test , b.test '      | b.test               | true",
        "*                        | anything.test        | true",
        "10.0.0.0/8               | 10.1.2.3             | true",
        "10.0.0.0/8               | 11.0.0.1             | false",
        "192.168.1.0/24           | 192.168.1.200        | true",
        "192.168.1.0/24           | 192.168.2.1          | false",
        "10.0.0.1                 | 10.0.0.1             | true",
        "10.0.0.1                 | 10.0.0.2             | false",
        "::1                      | [::1]                | true",
        "[::1]                    | [::1]                | true",
        "localhost                | localhost            | true",
        "other.test               | localhost            | true",
        "other.test               | 127.0.0.2            | true",
        "''                       | api.test             | false",
    })
    void noProxyFollowsCurl(String noProxy, String host, boolean bypass) {
        ProxyConfig proxy = ProxyConfig.fromEnvironment(env("HTTP_PROXY", "http://p:1", "NO_PROXY", noProxy), URI.create("http://" + host + "/v2/user/"));

        assertEquals(bypass, proxy == null);
    }
}
