package dev.userlookup.fake;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;

/**
 * The one way a test class starts a stub of the service on a socket, for what needs one (TLS,
 * proxies, gzip on the wire, timeouts, failed connections): WireMock on 127.0.0.1 at a free
 * port, its stubs reset before each test, and a request no stub matched fails the test (never a
 * 404 the tool would read as "not found"). What needs no socket runs against {@link Registry}; the
 * plain service with users is {@link FakeService}; user JSON comes from {@link Users}.
 */
public final class Stubs {

    private Stubs() {
    }

    /** Loopback only, at a free port: add a class's own options (threads, extensions) to this. */
    public static WireMockConfiguration loopback() {
        return wireMockConfig().dynamicPort().bindAddress("127.0.0.1");
    }

    /** A stub server for a test class: {@code @RegisterExtension static WireMockExtension service = Stubs.service();} */
    public static WireMockExtension service() {
        return service(loopback());
    }

    public static WireMockExtension service(WireMockConfiguration options) {
        return WireMockExtension.newInstance().options(options).failOnUnmatchedRequests(true).build();
    }

    /**
     * Stops a server a test made itself (one with TLS options of its own), failing the test when
     * a request reached it that no stub matched, as {@link #service} does.
     */
    public static void stop(WireMockServer server) {
        try {
            server.checkForUnmatchedRequests();
        } finally {
            server.stop();
        }
    }
}
