package dev.userlookup.network;

import dev.userlookup.network.tls.NoTlsContext;
import dev.userlookup.network.tls.ServerTrust;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.GeneralSecurityException;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import javax.net.ssl.SSLParameters;

/**
 * One GET on the wire: a deadline over the whole exchange, the body capped and unzipped within
 * the run's {@link MemoryBudget}, and every failure before a status put in people's words. It
 * builds the {@code HttpClient} on first use and ends its thread on {@link #close}.
 */
public final class HttpTransport implements Transport {

    /** Compressed or not, no page of 500 users comes near this; a hostile body stops here. */
    static final long MAX_BODY_BYTES = 64L << 20;

    private static final Pattern CLIENT_ID = Pattern.compile("\\(([0-9]+)\\)\\z");

    private final ClientSettings settings;
    /** The TLS protocol asked of the JDK for an https client ({@link ServerTrust#context}). */
    private final String tlsProtocol;
    private final MemoryBudget budget;
    private final AtomicBoolean firstTaken = new AtomicBoolean();
    private final CountDownLatch firstDone = new CountDownLatch(1);
    private HttpClient http;
    private boolean closed;

    public HttpTransport(ClientSettings settings) {
        this(settings, ServerTrust.PROTOCOL);
    }

    /** Tests name a TLS protocol no provider offers, to meet the JDK's refusal. */
    public HttpTransport(ClientSettings settings, String tlsProtocol) {
        this.settings = settings;
        this.tlsProtocol = tlsProtocol;
        this.budget = new MemoryBudget(settings.memoryBudget());
    }

    MemoryBudget budget() {
        return budget;
    }

    @Override
    public Response send(Request request) throws TransportFailure {
        // Asked for here, where bodies are unzipped.
        HttpRequest.Builder http = HttpRequest.newBuilder(request.uri()).GET().timeout(settings.timeout())
                .header("Accept-Encoding", "gzip");
        request.headers().forEach(http::header);
        boolean first = firstTaken.compareAndSet(false, true);
        if (!first) {
            awaitFirst();
        }
        try {
            return send(request.uri(), http.build());
        } finally {
            if (first) {
                firstDone.countDown();
            }
        }
    }

    /**
     * The exchange in the requesting thread: {@code send} returns with the headers (bounded by the
     * request's timeout, from before connecting), then the body is awaited until the same deadline
     * (the request's timeout stops at the headers, JDK-8208693). Not {@code sendAsync}: its answer
     * reaches the caller only through a task in the JVM's common fork-join pool, which on JDK 25
     * serves every CompletableFuture of the process (one thread on two cores), so any task
     * blocked there would hold every answer back.
     */
    private Response send(URI uri, HttpRequest request) throws TransportFailure {
        long deadline = System.nanoTime() + settings.timeout().toNanos();
        HttpClient client = client();
        MemoryBudget.Hold hold = budget.hold();
        boolean handedOn = false;
        try {
            HttpResponse<CappedBodySubscriber> response;
            byte[] body;
            try {
                response = client.send(request, info -> new CappedBodySubscriber(MAX_BODY_BYTES, hold));
                // No body handler ran when the client answered itself (a proxy's 407).
                body = decode(uri, response, response.body() == null ? null : response.body().await(deadline));
            } catch (InterruptedException e) {
                // Cancelled already: send() cancels its exchange when interrupted, await() its body.
                Thread.currentThread().interrupt();
                throw new CancellationException("interrupted");
            } catch (IOException | TimeoutException e) {
                if (settings.proxy() != null && settings.proxy().endedOnTheServicesRefusal(e)) {
                    // The service answered 401, as it would without the proxy: the key refused, not a network failure.
                    handedOn = true;
                    return new Response(401, new byte[0], null, null, null, null, "its body dropped by Java's proxy login", hold);
                }
                throw TransportFailures.of(e, uri, settings.proxy(), settings.timeout());
            }
            Response answer = new Response(response.statusCode(), body,
                    response.headers().firstValue("Content-Type").orElse(null),
                    response.headers().firstValue("Location").orElse(null),
                    response.headers().firstValue("Retry-After").orElse(null),
                    response.headers().firstValue("Date").orElse(null), protocol(response), hold);
            handedOn = true;
            return answer;
        } finally {
            // Failed, timed out, cancelled or interrupted: nothing of this request is held any more.
            if (!handedOn) {
                hold.release();
            }
        }
    }

    /**
     * Over https the first request of a run goes alone and the others wait for its answer: by then
     * its connection is up and, over HTTP/2, every later request shares it. Sent together, each
     * would open a connection of its own before the first handshake was done. Plain http is
     * HTTP/1.1, where concurrent requests need connections of their own anyway.
     */
    private void awaitFirst() {
        if (!settings.baseUrl().isHttps()) {
            return;
        }
        try {
            firstDone.await(settings.timeout().toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted");
        }
    }

    /** {@code HTTP/2, TLSv1.3} or {@code HTTP/1.1}: for -v. */
    private static String protocol(HttpResponse<?> response) {
        String version = response.version() == HttpClient.Version.HTTP_2 ? "HTTP/2" : "HTTP/1.1";
        return response.sslSession().map(session -> version + ", " + session.getProtocol()).orElse(version);
    }

    /**
     * The body as sent, or unzipped; at most {@link #MAX_BODY_BYTES} either way. The unzip is
     * counted in the budget piece by piece as it goes, with the compressed body until it is done.
     */
    private static byte[] decode(URI uri, HttpResponse<?> response, BodyChunks sent) throws TransportFailure,
            CappedBodySubscriber.TooLarge {
        String encoding = response.headers().firstValue("Content-Encoding").orElse("identity").trim().toLowerCase(Locale.ROOT);
        if (sent == null) {
            return new byte[0];
        }
        try {
            if (encoding.equals("identity") || encoding.isEmpty() || sent.size() == 0) {
                return sent.join();
            }
            if (!encoding.equals("gzip") && !encoding.equals("x-gzip")) {
                throw new TransportFailure("the response uses content encoding '" + encoding + "', which was not asked for", false, null);
            }
            BodyChunks unzipped = sent.sibling();
            try (InputStream in = new GZIPInputStream(sent.stream(), 8192)) {
                unzipped.readAll(in, MAX_BODY_BYTES, "it unzips to more than " + (MAX_BODY_BYTES >> 20) + " MiB");
                sent.drop();
                return unzipped.join();
            } catch (CappedBodySubscriber.TooLarge e) {
                unzipped.drop();
                throw e;
            } catch (IOException e) {
                unzipped.drop();
                throw new TransportFailure("the gzip body from " + uri.getHost() + " is corrupt: " + e.getMessage(), true, e);
            }
        } finally {
            sent.drop();
        }
    }

    /**
     * The client, built on first use. An https client trusts exactly what {@link ServerTrust}
     * says: when the JDK cannot make that TLS context, no request goes out (its default context
     * would drop the CAs of {@code --ca-cert} without a word); each request fails alike, not retried.
     */
    private synchronized HttpClient client() throws TransportFailure {
        if (closed) {
            // A call the run left behind (a worker cancelled as the batch stopped) sends nothing after it.
            throw new CancellationException("the run has ended");
        }
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
            if (settings.baseUrl().isHttps()) {
                try {
                    builder.sslContext(ServerTrust.context(settings.caFiles(), tlsProtocol));
                } catch (GeneralSecurityException e) {
                    throw new TransportFailure("this Java cannot set up TLS (" + TransportFailures.words(e)
                            + "); check its security settings (the providers in java.security)", false, e);
                }
            } else {
                // Plain http never does TLS (redirects stay on the same origin); with a context and
                // parameters given, the client never asks the JDK for its own.
                builder.sslContext(new NoTlsContext()).sslParameters(new SSLParameters());
            }
            http = builder.build();
        }
        return http;
    }

    /**
     * Ends the client's selector thread now. It waits in a native call, and at exit HotSpot
     * waits up to 300 ms for threads in native calls, a wait that would end every run. JDK 21+
     * closes the client; on 17 to 20 there is no such call, and interrupting the thread is what
     * ends its loop. Only this client's thread: another client in the same JVM keeps its own.
     */
    @Override
    public void close() {
        HttpClient client;
        synchronized (this) {
            client = http;
            http = null;
            closed = true;
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
        String name = selectorThreadName(client.toString());
        if (name == null) {
            return;  // not known for sure: better the wait at exit than another client's thread
        }
        ThreadGroup group = Thread.currentThread().getThreadGroup();
        while (group.getParent() != null) {
            group = group.getParent();
        }
        Thread[] threads = new Thread[group.activeCount() + 8];
        int count = group.enumerate(threads, true);
        for (int i = 0; i < count; i++) {
            if (name.equals(threads[i].getName())) {
                threads[i].interrupt();
                try {
                    threads[i].join(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return;
            }
        }
    }

    /**
     * {@code HttpClient-<id>-SelectorManager}, the JDK's name for the selector thread of the client
     * whose {@code toString} ends in {@code (<id>)}; the id is the client's own, one a JVM, and the
     * JDK's tests find the thread the same way. Null when the text does not end so.
     */
    static String selectorThreadName(String text) {
        Matcher id = CLIENT_ID.matcher(text);
        return id.find() ? "HttpClient-" + id.group(1) + "-SelectorManager" : null;
    }
}
