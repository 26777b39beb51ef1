package dev.userlookup.fake;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;

import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;

/**
 * The one way a test class starts a stub of the service for stubbing of its own (hostile
 * answers, held requests): WireMock on 127.0.0.1 at a free port, its stubs reset before each
 * test. The plain service with users is {@link FakeService}; user JSON comes from {@link Users}.
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
        return WireMockExtension.newInstance().options(options).build();
    }
}
