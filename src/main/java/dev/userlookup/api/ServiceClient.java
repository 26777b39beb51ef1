package dev.userlookup.api;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.zip.GZIPInputStream;
import java.security.NoSuchAlgorithmException;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;

/**
 * The service's two reads over {@code java.net.http}: authentication, path encoding, gzip,
 * a bound on the whole request (body included), retries with backoff, and the mapping of every
 * status to one kind of {@link ServiceException}.
 */
public final class ServiceClient implements AutoCloseable {

    /** Compressed or not, no page of 500 users comes near this; a hostile body stops here. */
    static final long MAX_BODY_BYTES = 64L << 20;

    private static final Set<Integer> RETRIED_STATUSES = Set.of(408, 429, 500, 502, 503, 504);
    private static final Set<Integer> REDIRECT_STATUSES = Set.of(301, 302, 303, 307, 308);
    private static final int MAX_REDIRECTS = 5;

    private final ClientSettings settings;
    private HttpClient http;

    public ServiceClient(ClientSettings settings) {
        this.settings = settings;
    }

    /** The user whose client_user_id is {@code clientUserId}. */
    public UserRecord resolve(String clientUserId) {
        String operation = "resolve \"" + clientUserId + "\"";
        URI uri = settings.baseUrl().resolve("/v2/user/resolve/" + PathSegment.encode(clientUserId));
        return ResponseParser.user(operation, get(operation, uri, true).body);
    }

    /** One page of the team's users; a null offset or limit leaves the service's default. */
    public UserPage list(Long offset, Integer limit) {
        StringBuilder query = new StringBuilder();
        if (offset != null) {
            query.append("offset=").append(offset);
        }
        if (limit != null) {
            query.append(query.length() == 0 ? "" : "&").append("limit=").append(limit);
        }
        String operation = "list" + (query.length() == 0 ? "" : " (" + query.toString().replace('&', ' ').replace('=', ' ') + ")");
        URI uri = settings.baseUrl().resolve("/v2/user/" + (query.length() == 0 ? "" : "?" + query));
        return ResponseParser.page(operation, get(operation, uri, false).body);
    }

    private record Response(int status, byte[] body, String contentType, String location, String retryAfter) {
    }

    /** A failure before any status came back: worth a retry unless it is permanent. */
    private static final class TransportFailure extends Exception {
        private static final long serialVersionUID = 1L;
        final boolean retryable;

        TransportFailure(String reason, boolean retryable, Throwable cause) {
            super(reason, cause);
            this.retryable = retryable;
        }
    }

    private Response get(String operation, URI uri, boolean notFoundMeansNoUser) {
        URI target = uri;
        int redirects = 0;
        int retry = 0;
        while (true) {
            Response response;
            try {
                response = exchange(target);
            } catch (TransportFailure failure) {
                if (failure.retryable && retry < settings.retries()) {
                    pause(backoff(retry), failure.getMessage(), ++retry);
                    continue;
                }
                throw new ServiceException.Unavailable(operation, failure.getMessage(), null,
                        retryNote(retry), failure.getCause());
            }
            int status = response.status;
            if (status >= 200 && status < 300) {
                return response;
            }
            if (REDIRECT_STATUSES.contains(status) && response.location != null) {
                target = sameOriginRedirect(operation, target, response.location, ++redirects);
                continue;
            }
            if (RETRIED_STATUSES.contains(status)) {
                Duration wait = retryAfter(response.retryAfter);
                if (wait != null && wait.compareTo(ClientSettings.MAX_RETRY_AFTER) > 0) {
                    throw new ServiceException.Unavailable(operation, "the service is busy (HTTP " + status + ")",
                            detail(response), "it asks to wait " + wait.toSeconds() + " s: try again after "
                                    + DateTimeFormatter.ISO_LOCAL_TIME.format(java.time.LocalTime.now().plus(wait).withNano(0)), null);
                }
                if (retry < settings.retries()) {
                    pause(wait != null ? wait : backoff(retry), "HTTP " + status, ++retry);
                    continue;
                }
            }
            throw failure(operation, response, notFoundMeansNoUser, retry);
        }
    }

    private ServiceException failure(String operation, Response response, boolean notFoundMeansNoUser, int retries) {
        int status = response.status;
        String detail = detail(response);
        if (status == 401 || status == 403) {
            return new ServiceException.AuthRefused(operation, status, detail,
                    status == 401 ? "check USERLOOKUP_API_KEY or --api-key-file" : null);
        }
        if (status == 407) {
            return new ServiceException.Unavailable(operation, "the proxy refused the request (HTTP 407)", detail,
                    "check the user:password in HTTPS_PROXY or HTTP_PROXY", null);
        }
        if (status == 404 && notFoundMeansNoUser) {
            return new ServiceException.NotFound(operation, status, detail);
        }
        if (status == 404) {
            return new ServiceException.Unavailable(operation, "no such endpoint (HTTP 404)", detail,
                    "check the base URL " + settings.baseUrl(), null);
        }
        if (status == 400 || status == 422) {
            return new ServiceException.InvalidRequest(operation, status, detail);
        }
        if (status == 429) {
            return new ServiceException.Unavailable(operation, "the service is busy (HTTP 429)", detail,
                    retryNote(retries), null);
        }
        if (status >= 500) {
            return new ServiceException.Unavailable(operation, "the service failed (HTTP " + status + ")", detail,
                    retryNote(retries), null);
        }
        return new ServiceException.Unavailable(operation, "unexpected response (HTTP " + status + ")", detail, null, null);
    }

    private static String retryNote(int retries) {
        return retries == 0 ? null : "gave up after " + retries + (retries == 1 ? " retry" : " retries");
    }

    private static String detail(Response response) {
        return ErrorDetail.from(response.body, response.contentType);
    }

    /** Follows a redirect only within the same scheme, host and port: the key stays with the service. */
    private URI sameOriginRedirect(String operation, URI from, String location, int redirects) {
        URI to;
        try {
            to = from.resolve(location.trim());
        } catch (IllegalArgumentException e) {
            throw new ServiceException.Unavailable(operation, "redirected to an unreadable location", null, null, e);
        }
        if (!sameOrigin(from, to)) {
            throw new ServiceException.Unavailable(operation, "redirected to another origin (" + origin(to) + ")", null,
                    "not followed, so the key is not sent there; check the base URL", null);
        }
        if (redirects > MAX_REDIRECTS) {
            throw new ServiceException.Unavailable(operation, "too many redirects", null, null, null);
        }
        settings.verboseLog().accept("* redirected to " + to);
        return to;
    }

    static boolean sameOrigin(URI a, URI b) {
        return a.getScheme() != null && a.getScheme().equalsIgnoreCase(b.getScheme())
                && a.getHost() != null && a.getHost().equalsIgnoreCase(b.getHost())
                && effectivePort(a) == effectivePort(b);
    }

    private static int effectivePort(URI uri) {
        if (uri.getPort() != -1) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    private static String origin(URI uri) {
        return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() == -1 ? "" : ":" + uri.getPort());
    }

    /** Full jitter: a random wait between 0 and base x 2^retry. */
    private Duration backoff(int retry) {
        long ceiling = settings.retryBaseDelay().toMillis() << Math.min(retry, 10);
        return Duration.ofMillis(ThreadLocalRandom.current().nextLong(ceiling + 1));
    }

    private void pause(Duration wait, String reason, int retry) {
        settings.verboseLog().accept(String.format(Locale.ROOT, "* retry %d of %d in %.1f s after %s",
                retry, settings.retries(), wait.toMillis() / 1000.0, reason));
        try {
            Thread.sleep(wait.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        }
    }

    /** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
    static Duration retryAfter(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String value = header.trim();
        try {
            return Duration.ofSeconds(Math.max(0, Long.parseLong(value)));
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime when = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME);
                Duration wait = Duration.between(ZonedDateTime.now(when.getZone()), when);
                return wait.isNegative() ? Duration.ZERO : wait;
            } catch (DateTimeParseException unreadable) {
                return null;
            }
        }
    }

    private Response exchange(URI uri) throws TransportFailure {
        HttpRequest request = HttpRequest.newBuilder(uri)
                .GET()
                .timeout(settings.timeout())
                .header("x-service-api-key", settings.apiKey().value())
                .header("Accept", "application/json")
                .header("Accept-Encoding", "gzip")
                .header("User-Agent", settings.userAgent())
                .build();
        settings.verboseLog().accept("> GET " + uri + "  (x-service-api-key: ***)");
        long started = System.nanoTime();
        CompletableFuture<HttpResponse<byte[]>> pending =
                client().sendAsync(request, info -> new CappedBodySubscriber(MAX_BODY_BYTES));
        HttpResponse<byte[]> response;
        try {
            // get() with a deadline bounds the body too: HttpRequest.timeout stops at the headers (JDK-8208693).
            response = pending.get(settings.timeout().toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            pending.cancel(true);
            throw new TransportFailure("timed out after " + seconds(settings.timeout()), true, e);
        } catch (InterruptedException e) {
            pending.cancel(true);
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        } catch (ExecutionException e) {
            throw transportFailure(uri, e.getCause() == null ? e : e.getCause());
        }
        byte[] body = decode(uri, response);
        settings.verboseLog().accept(String.format(Locale.ROOT, "< %d in %d ms, %d bytes",
                response.statusCode(), (System.nanoTime() - started) / 1_000_000, body.length));
        return new Response(response.statusCode(), body,
                response.headers().firstValue("Content-Type").orElse(null),
                response.headers().firstValue("Location").orElse(null),
                response.headers().firstValue("Retry-After").orElse(null));
    }

    private static String seconds(Duration duration) {
        long millis = duration.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s" : String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
    }

    private TransportFailure transportFailure(URI uri, Throwable cause) {
        String host = uri.getHost() + (uri.getPort() == -1 ? "" : ":" + uri.getPort());
        if (cause instanceof CappedBodySubscriber.TooLarge) {
            return new TransportFailure("the response body is too large (" + cause.getMessage() + ")", false, cause);
        }
        if (cause instanceof HttpConnectTimeoutException) {
            return new TransportFailure("timed out connecting to " + host, true, cause);
        }
        if (cause instanceof HttpTimeoutException) {
            return new TransportFailure("timed out after " + seconds(settings.timeout()), true, cause);
        }
        if (cause instanceof ConnectException) {
            return new TransportFailure("cannot connect to " + host + " (connection refused)", true, cause);
        }
        if (cause instanceof UnknownHostException || cause instanceof UnresolvedAddressException
                || (cause.getCause() instanceof UnresolvedAddressException)) {
            return new TransportFailure("cannot resolve host " + uri.getHost(), true, cause);
        }
        if (cause instanceof SSLException) {
            return new TransportFailure("TLS with " + host + " failed: " + cause.getMessage(), false, cause);
        }
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return new TransportFailure("connection to " + host + " failed: " + message, true, cause);
    }

    private static byte[] decode(URI uri, HttpResponse<byte[]> response) throws TransportFailure {
        String encoding = response.headers().firstValue("Content-Encoding").orElse("identity").trim().toLowerCase(Locale.ROOT);
        byte[] body = response.body() == null ? new byte[0] : response.body();
        if (encoding.equals("identity") || encoding.isEmpty() || body.length == 0) {
            return body;
        }
        if (!encoding.equals("gzip") && !encoding.equals("x-gzip")) {
            throw new TransportFailure("the response uses content encoding '" + encoding + "', which was not asked for", false, null);
        }
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body), 8192)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(body.length * 4);
            byte[] buffer = new byte[8192];
            for (int n; (n = in.read(buffer)) > 0; ) {
                if (out.size() + n > MAX_BODY_BYTES) {
                    throw new TransportFailure("the response body is too large once unzipped", false, null);
                }
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new TransportFailure("the gzip body from " + uri.getHost() + " is corrupt: " + e.getMessage(), true, e);
        }
    }

    /**
     * Ends the client's selector thread now. It waits in a native call, and at exit HotSpot
     * waits up to 300 ms for threads in native calls: a third of a one-request run. JDK 21+
     * closes the client; on 17 to 20 there is no such call, and interrupting the thread is what
     * ends its loop.
     */
    @Override
    public void close() {
        HttpClient client;
        synchronized (this) {
            client = http;
            http = null;
        }
        if (client == null) {
            return;
        }
        if (client instanceof AutoCloseable) {
            try {
                ((AutoCloseable) client).close();
            } catch (Exception ignored) {
                // closing is best effort: the process is about to end
            }
            return;
        }
        ThreadGroup group = Thread.currentThread().getThreadGroup();
        while (group.getParent() != null) {
            group = group.getParent();
        }
        Thread[] threads = new Thread[group.activeCount() + 8];
        int count = group.enumerate(threads, true);
        for (int i = 0; i < count; i++) {
            Thread thread = threads[i];
            if (thread.getName().startsWith("HttpClient-") && thread.getName().endsWith("-SelectorManager")) {
                thread.interrupt();
                try {
                    thread.join(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private synchronized HttpClient client() {
        if (http == null) {
            HttpClient.Builder builder = HttpClient.newBuilder()
                    .version(settings.baseUrl().isHttps() ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1)
                    .connectTimeout(settings.timeout())
                    .followRedirects(HttpClient.Redirect.NEVER);
            ProxyConfig proxy = settings.proxy();
            if (proxy != null) {
                builder.proxy(proxy.selector());
                if (proxy.hasCredentials()) {
                    // Basic for tunnels is enabled before java.net.http loads (App's static block).
                    builder.authenticator(proxy.authenticator());
                }
                settings.verboseLog().accept("* through proxy " + proxy.display());
            }
            if (!settings.baseUrl().isHttps()) {
                // Plain http never does TLS (redirects stay on the same origin), yet the default
                // context loads the TLS stack and certificate store: about 60 ms and 400 classes.
                try {
                    builder.sslContext(SSLContext.getInstance("TLS")).sslParameters(new SSLParameters());
                } catch (NoSuchAlgorithmException e) {
                    // keep the default context
                }
            }
            http = builder.build();
        }
        return http;
    }
}
