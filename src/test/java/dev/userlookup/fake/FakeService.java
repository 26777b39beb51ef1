package dev.userlookup.fake;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.common.ConsoleNotifier;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;

/**
 * A local fake of the user service on 127.0.0.1 (WireMock): the list and resolve endpoints with
 * their auth, validation and error behaviour, over a generated team of {@link FakeUsers}.
 *
 * <pre>{@code
 * try (FakeService fake = FakeService.builder().users(1_250).start()) {
 *     String baseUrl = fake.baseUrl();   // http://127.0.0.1:PORT[prefix]
 * }
 * }</pre>
 *
 * Resolving one of the special ids below answers with an error instead of a user.
 */
public final class FakeService implements AutoCloseable {
    public static final String DEFAULT_KEY = "fake-key";
    /** Known to the service but refused: 403. */
    public static final String FORBIDDEN_KEY = "forbidden-key";

    /** 500 with an HTML page from a proxy. */
    public static final String ID_500 = "__500__";
    /** 503, {@code Retry-After: 1}. */
    public static final String ID_503 = "__503__";
    /** 429, {@code Retry-After: 1}. */
    public static final String ID_429 = "__429__";
    /** 200 whose body is not JSON (though its content type says so). */
    public static final String ID_NOT_JSON = "__not_json__";
    /** An ordinary user's body, 3 s late. */
    public static final String ID_SLOW = "__slow__";

    private static final String HOST = "127.0.0.1";

    private final WireMockServer server;
    private final FakeUsers users;
    private final String pathPrefix;
    private final String apiKey;
    private final TestCa ca;

    private FakeService(WireMockServer server, FakeUsers users, String pathPrefix, String apiKey, TestCa ca) {
        this.server = server;
        this.users = users;
        this.pathPrefix = pathPrefix;
        this.apiKey = apiKey;
        this.ca = ca;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** {@code http://127.0.0.1:PORT} (or https) followed by the path prefix, without a trailing slash. */
    public String baseUrl() {
        return (ca == null ? "http" : "https") + "://" + HOST + ":" + port() + pathPrefix;
    }

    public int port() {
        return ca == null ? server.port() : server.httpsPort();
    }

    /** The PEM of the CA that signed the HTTPS fake's certificate: its {@code --ca-cert}; null over plain http. */
    public java.nio.file.Path caCert() {
        return ca == null ? null : ca.caPem();
    }

    public FakeUsers users() {
        return users;
    }

    public String apiKey() {
        return apiKey;
    }

    @Override
    public void close() {
        server.stop();
    }

    public static final class Builder {
        private int users = FakeUsers.DEFAULT_SIZE;
        private int latencyMillis = 0;
        private String pathPrefix = "";
        private String apiKey = DEFAULT_KEY;
        private int port = 0;
        private boolean https;
        private boolean cachePages;
        private RateLimit rateLimit;
        private int pagesOf;

        private Builder() {
        }

        /**
         * HTTPS (HTTP/2 offered, HTTP/1.1 too) with a certificate for 127.0.0.1 from the test CA
         * ({@link TestCa#shared()}, made with keytool on first use): trust it with {@link #caCert()}.
         */
        public Builder https() {
            this.https = true;
            return this;
        }

        /** Team size, reported as {@code total}. */
        public Builder users(int users) {
            this.users = users;
            return this;
        }

        /** Added to every answer, to make benchmarks feel a network. */
        public Builder latencyMillis(int latencyMillis) {
            if (latencyMillis < 0) {
                throw new IllegalArgumentException("latency must be 0 or more: " + latencyMillis);
            }
            this.latencyMillis = latencyMillis;
            return this;
        }

        /**
         * Keeps each page of the list once built (and compressed), for benchmarks: a real service
         * builds its pages on another machine, while this one shares the client's cores. The
         * first walk over the team fills the cache; memory grows with the pages asked for.
         */
        public Builder cachePages() {
            this.cachePages = true;
            return this;
        }

        /**
         * A rate limit in front of the service, as nginx's {@code limit_req} refuses past it: every
         * request counts, a refused one gets the limit's HTML page (after the latency, as the
         * network adds it to every answer).
         */
        public Builder rateLimit(RateLimit rateLimit) {
            this.rateLimit = rateLimit;
            return this;
        }

        /** Pages of the list hold this many users whatever the limit asks, as a service that ignores it. */
        public Builder pagesOf(int users) {
            this.pagesOf = users;
            return this;
        }

        /** A path the service lives under, such as {@code /api}; empty for none. */
        public Builder pathPrefix(String pathPrefix) {
            String trimmed = pathPrefix.replaceAll("/+$", "");
            this.pathPrefix = trimmed.isEmpty() || trimmed.startsWith("/") ? trimmed : "/" + trimmed;
            return this;
        }

        public Builder apiKey(String apiKey) {
            this.apiKey = apiKey;
            return this;
        }

        /** 0 (the default) picks a free port. */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        public FakeService start() {
            FakeUsers team = new FakeUsers(users);
            // Jetty as WireMock 3.13 sets it up (11.0.26, URI compliance DEFAULT) lets %2F and %25
            // through to the raw path, which the handler decodes; FakeServiceTest keeps that true.
            TestCa ca = https ? TestCa.shared() : null;
            WireMockConfiguration config = wireMockConfig().bindAddress(HOST);
            if (ca == null) {
                config.port(port);
            } else {
                config.httpDisabled(true).httpsPort(port).keystoreType("PKCS12")
                        .keystorePath(ca.serverKeystore(TestCa.Kind.GOOD).toString())
                        .keystorePassword(TestCa.PASSWORD).keyManagerPassword(TestCa.PASSWORD);
            }
            WireMockServer server = new WireMockServer(config
                    .http2PlainDisabled(true)  // plain http is HTTP/1.1 only, as behind most proxies
                    .containerThreads(64)      // delayed answers hold a thread each
                    .gzipDisabled(true)        // the handler compresses, inside the latency
                    .disableRequestJournal()
                    .stubRequestLoggingDisabled(true)
                    .templatingEnabled(false)
                    .notifier(new ConsoleNotifier(false))
                    .extensions(new FakeServiceHandler(team, pathPrefix, apiKey, latencyMillis, cachePages, rateLimit, pagesOf)));
            server.start();
            // One stub matches everything; the handler, applied globally, computes each answer.
            server.stubFor(any(anyUrl()).willReturn(aResponse()));
            return new FakeService(server, team, pathPrefix, apiKey, ca);
        }
    }
}
