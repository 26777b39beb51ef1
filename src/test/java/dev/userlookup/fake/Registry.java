package dev.userlookup.fake;

import dev.userlookup.network.InMemoryResponses;
import dev.userlookup.network.Request;
import dev.userlookup.network.Response;
import dev.userlookup.network.Transport;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The service in memory, under the client where the wire would be (gh's httpmock.Registry): a
 * test registers the answers it means to be asked for, by path and query, and the command runs
 * against them in-process, no socket opened. A request nothing registered fails the test at once
 * (never a 404 the tool would read as "not found"), and when the test ends so does a stub no
 * request used. What needs a real socket (TLS, proxies, gzip, timeouts, HTTP/2, failed
 * connections) stays with {@link Stubs}.
 *
 * <pre>{@code
 * @RegisterExtension
 * final Registry service = new Registry();
 * ...
 * service.get("/v2/user/resolve/x").reply(Reply.ok(Users.user(Users.uuid(1), "x")));
 * Cli.against(service).run("resolve", "x");
 * }</pre>
 */
public final class Registry implements Transport, AfterEachCallback {

    /** Never looked up: the transport is this registry. */
    public static final String BASE_URL = "https://service.example.test";

    private final String baseUrl;

    private final List<Stub> stubs = new ArrayList<>();
    private final List<Request> requests = new ArrayList<>();
    private final List<String> unmatched = new ArrayList<>();
    private final List<String> unused = new ArrayList<>();

    public Registry() {
        this(BASE_URL);
    }

    /**
     * The service at this base URL (scheme, host and port: plain http to a loopback address, say),
     * in memory all the same: no socket is opened there.
     */
    public Registry(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public String baseUrl() {
        return baseUrl;
    }

    /** GET of exactly this path and query, as sent (percent-encoded): {@code /v2/user/?offset=0&limit=2}. */
    public Stub get(String pathAndQuery) {
        return add(new Stub("GET " + pathAndQuery, pathAndQuery::equals));
    }

    /** GET of this path, whatever its query. */
    public Stub getPath(String path) {
        return add(new Stub("GET " + path + " (any query)", target -> path.equals(target.split("\\?", 2)[0])));
    }

    /** GET of a path this regular expression matches, whatever its query. */
    public Stub getPathMatching(String regex) {
        java.util.regex.Pattern path = java.util.regex.Pattern.compile(regex);
        return add(new Stub("GET " + regex + " (a path it matches)", target -> path.matcher(target.split("\\?", 2)[0]).matches()));
    }

    private synchronized Stub add(Stub stub) {
        stubs.add(stub);
        return stub;
    }

    /** Starts over: no stub, no request; one of the stubs so far that no request used still fails the test. */
    public synchronized void reset() {
        for (Stub stub : stubs) {
            if (stub.used.get() == 0 && !stub.optional) {
                unused.add(stub.description);
            }
        }
        stubs.clear();
        requests.clear();
    }

    /** Forgets the requests so far, keeping the stubs. */
    public synchronized void resetRequests() {
        requests.clear();
    }

    /** Every request sent, in the order they came. */
    public synchronized List<Request> requests() {
        return List.copyOf(requests);
    }

    /** How many requests asked for exactly this path and query. */
    public synchronized long count(String pathAndQuery) {
        return requests.stream().filter(request -> target(request.uri()).equals(pathAndQuery)).count();
    }

    /** Path and query of each request, in the order they came. */
    public synchronized List<String> targets() {
        return requests.stream().map(request -> target(request.uri())).toList();
    }

    @Override
    public Response send(Request request) {
        // A request to another base URL (a profile or option the run should not have chosen) is
        // one nothing stubbed, whatever its path.
        URI uri = request.uri();
        boolean here = baseUrl.equals(uri.getScheme() + "://" + uri.getRawAuthority());
        String target = here ? target(uri) : uri.toString();
        Stub stub = null;
        synchronized (this) {
            requests.add(request);
            // The last registered first, as WireMock: a test's own stub comes before its class's.
            for (int i = stubs.size() - 1; here && i >= 0 && stub == null; i--) {
                stub = stubs.get(i).matches(request, target) ? stubs.get(i) : null;
            }
            if (stub == null) {
                unmatched.add("GET " + target);
            }
        }
        if (stub == null) {
            throw new AssertionError("no stub for GET " + target + "; registered at " + baseUrl + ": " + described());
        }
        return stub.answered(request).response();
    }

    /** Verify: a request nothing stubbed, or a stub no request used, fails the test. */
    @Override
    public synchronized void afterEach(ExtensionContext context) {
        List<String> problems = new ArrayList<>();
        for (String request : unmatched) {
            problems.add("a request nothing stubbed: " + request);
        }
        for (String stub : unused) {
            problems.add("a stub no request used: " + stub);
        }
        for (Stub stub : stubs) {
            if (stub.used.get() == 0 && !stub.optional) {
                problems.add("a stub no request used: " + stub.description);
            }
        }
        if (!problems.isEmpty()) {
            throw new AssertionError(String.join("\n", problems));
        }
    }

    private synchronized List<String> described() {
        return stubs.stream().map(stub -> stub.description).toList();
    }

    private static String target(URI uri) {
        return uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    }

    /** What a request matching it is answered with. */
    public static final class Stub {
        private String description;
        private final Predicate<String> target;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private Function<Request, Reply> answer;
        private final AtomicInteger used = new AtomicInteger();
        private boolean optional;

        private Stub(String description, Predicate<String> target) {
            this.description = description;
            this.target = target;
        }

        private boolean matches(Request request, String requested) {
            return target.test(requested) && headers.entrySet().stream()
                    .allMatch(header -> header.getValue().equals(request.headers().get(header.getKey())));
        }

        /**
         * For a request the run may or may not send before it stops (a call under way when a batch
         * ends in a usage error): no request using it is then no failure.
         */
        public Stub optional() {
            optional = true;
            return this;
        }

        /** Matches only a request sent with this header's value (the key, say). */
        public Stub withHeader(String name, String value) {
            headers.put(name, value);
            description += " with " + name;
            return this;
        }

        /** These answers in turn, one a request; the last one again for every request after. */
        public void reply(Reply... inTurn) {
            List<Reply> replies = List.of(inTurn);
            int[] next = {0};
            answer(request -> {
                synchronized (next) {
                    return replies.get(Math.min(next[0]++, replies.size() - 1));
                }
            });
        }

        /** An answer made for each request (it may wait on the test first: the request is then in flight). */
        public void answer(Function<Request, Reply> answer) {
            this.answer = answer;
        }

        private Reply answered(Request request) {
            used.incrementAndGet();
            if (answer == null) {
                throw new AssertionError("the stub for " + description + " has no reply");
            }
            return answer.apply(request);
        }
    }

    /** One answer: status, body and the headers the client reads. */
    public static final class Reply {
        private final int status;
        private byte[] body = new byte[0];
        private final Map<String, String> headers = new LinkedHashMap<>();

        private Reply(int status) {
            this.status = status;
        }

        /** 200 with this JSON body. */
        public static Reply ok(String json) {
            return status(200).json(json);
        }

        /** This status, no body yet. */
        public static Reply status(int status) {
            return new Reply(status);
        }

        /** This body as application/json. */
        public Reply json(String json) {
            return body(json, "application/json");
        }

        public Reply body(String text, String contentType) {
            return body(text.getBytes(StandardCharsets.UTF_8), contentType);
        }

        public Reply body(byte[] bytes, String contentType) {
            this.body = bytes.clone();
            return contentType == null ? this : header("Content-Type", contentType);
        }

        /** Content-Type, Location, Retry-After or Date: the headers the client reads (any other would be lost unseen). */
        public Reply header(String name, String value) {
            if (!List.of("Content-Type", "Location", "Retry-After", "Date").contains(name)) {
                throw new IllegalArgumentException("the client reads no " + name + " header; a test of it needs a socket (Stubs)");
            }
            headers.put(name, value);
            return this;
        }

        private Response response() {
            return InMemoryResponses.of(status, body, headers.get("Content-Type"), headers.get("Location"), headers.get("Retry-After"),
                    headers.get("Date"));
        }
    }
}
