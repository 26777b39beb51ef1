package dev.userlookup.fake;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.RequestMethod;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;

/**
 * The fake service's behaviour: WireMock matches every request to one catch-all stub and this
 * global transformer computes the answer, so users are generated per request, never stored.
 */
final class FakeServiceHandler implements ResponseDefinitionTransformerV2 {
    static final String API_KEY_HEADER = "x-service-api-key";
    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 500;

    private static final String LIST_PATH = "/v2/user/";
    private static final String RESOLVE_PATH = "/v2/user/resolve/";
    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");
    private static final int SLOW_MILLIS = 3_000;
    /** GZipMiddleware's minimum_size in FastAPI: a shorter body goes as it is, even to a client that asks for gzip. */
    private static final int MIN_GZIP_BYTES = 500;

    private final FakeUsers users;
    private final String pathPrefix;
    private final String apiKey;
    private final int latencyMillis;
    /** Pages of the list as sent, by query and encoding; null when every answer is built afresh. */
    private final Map<String, FakeReply> pages;
    /** The limit in front of the service, or null for none. */
    private final RateLimit rateLimit;
    /** Users a page of the list holds whatever the limit asks (a service that ignores it); 0: as asked. */
    private final int pagesOf;

    FakeServiceHandler(FakeUsers users, String pathPrefix, String apiKey, int latencyMillis, boolean cachePages) {
        this(users, pathPrefix, apiKey, latencyMillis, cachePages, null);
    }

    FakeServiceHandler(FakeUsers users, String pathPrefix, String apiKey, int latencyMillis, boolean cachePages, RateLimit rateLimit) {
        this(users, pathPrefix, apiKey, latencyMillis, cachePages, rateLimit, 0);
    }

    FakeServiceHandler(FakeUsers users, String pathPrefix, String apiKey, int latencyMillis, boolean cachePages, RateLimit rateLimit,
            int pagesOf) {
        this.pagesOf = pagesOf;
        this.users = users;
        this.pathPrefix = pathPrefix;
        this.apiKey = apiKey;
        this.latencyMillis = latencyMillis;
        this.pages = cachePages ? new ConcurrentHashMap<>() : null;
        this.rateLimit = rateLimit;
    }

    @Override
    public String getName() {
        return "userlookup-fake-service";
    }

    @Override
    public ResponseDefinition transform(ServeEvent event) {
        // Latency is the time from request to answer, as with a real service: the time spent
        // building and compressing the body counts toward it instead of adding to it. (Left to
        // Jetty, as before, gzip added 6 ms to each page of 500 after the latency.)
        long started = System.nanoTime();
        if (rateLimit != null && !rateLimit.admit()) {
            return rateLimit.refusal().delayedBy(latencyMillis).toResponseDefinition();
        }
        Request request = event.getRequest();
        boolean gzip = acceptsGzip(request);
        FakeReply reply;
        if (pages != null && isListPage(request)) {
            reply = pages.computeIfAbsent(request.getUrl() + (gzip ? " gzip" : ""), url -> encoded(answer(request), gzip));
        } else {
            reply = encoded(answer(request), gzip);
        }
        int spent = (int) ((System.nanoTime() - started) / 1_000_000);
        return reply.delayedBy(Math.max(0, latencyMillis - spent)).toResponseDefinition();
    }

    private boolean isListPage(Request request) {
        String path = RawTarget.parse(request.getUrl()).path();
        return path.equals(pathPrefix + LIST_PATH) && authorised(request) && RequestMethod.GET.equals(request.getMethod());
    }

    private static boolean acceptsGzip(Request request) {
        String accepted = request.getHeader("Accept-Encoding");
        return accepted != null && accepted.toLowerCase(Locale.ROOT).contains("gzip");
    }

    /** Gzip, as a FastAPI service behind GZipMiddleware sends it (with a Content-Length). */
    private static FakeReply encoded(FakeReply reply, boolean gzip) {
        if (!gzip || reply.body().length < MIN_GZIP_BYTES) {
            return reply;
        }
        ByteArrayOutputStream zipped = new ByteArrayOutputStream(reply.body().length / 4);
        try (GZIPOutputStream out = new GZIPOutputStream(zipped, 8192)) {
            out.write(reply.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return reply.withBody(zipped.toByteArray()).withHeader("Content-Encoding", "gzip");
    }

    private FakeReply answer(Request request) {
        // getUrl() is the path and query as sent, still percent-encoded.
        RawTarget target = RawTarget.parse(request.getUrl());
        if (!target.path().startsWith(pathPrefix + "/")) {
            return FakeReply.detail(404, "Not Found");
        }
        String route = target.path().substring(pathPrefix.length());
        if (!RequestMethod.GET.equals(request.getMethod())) {
            return FakeReply.detail(405, "Method Not Allowed").withHeader("Allow", "GET");
        }
        if (route.equals("/v2/user")) {
            return slashRedirect(request, target);
        }
        if (route.equals(LIST_PATH)) {
            return authorised(request) ? list(target) : refusal(request);
        }
        if (route.startsWith(RESOLVE_PATH)) {
            String segment = route.substring(RESOLVE_PATH.length());
            if (segment.isEmpty() || segment.contains("/")) {
                return FakeReply.detail(404, "Not Found");
            }
            return authorised(request) ? resolve(RawTarget.decodeSegment(segment)) : refusal(request);
        }
        return FakeReply.detail(404, "Not Found");
    }

    /** As FastAPI does for a route declared with a trailing slash. */
    private FakeReply slashRedirect(Request request, RawTarget target) {
        String location = "http://" + request.getHeader("Host") + pathPrefix + LIST_PATH
                + (target.query().isEmpty() ? "" : "?" + target.query());
        return FakeReply.of(307, "text/plain", "").withHeader("Location", location);
    }

    private boolean authorised(Request request) {
        return apiKey.equals(request.getHeader(API_KEY_HEADER));
    }

    private FakeReply refusal(Request request) {
        String key = request.getHeader(API_KEY_HEADER);
        if (key == null || key.isEmpty()) {
            return FakeReply.detail(401, "Missing API key");
        }
        if (key.equals(FakeService.FORBIDDEN_KEY)) {
            return FakeReply.detail(403, "This key may not read users");
        }
        return FakeReply.detail(401, "Invalid API key");
    }

    private FakeReply list(RawTarget target) {
        Map<String, String> query = target.queryParameters();
        ArrayNode errors = JsonNodeFactory.instance.arrayNode();
        BigInteger offset = integerParameter(query, "offset", 0, 0, null, errors);
        BigInteger limit = integerParameter(query, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT, errors);
        if (!errors.isEmpty()) {
            return FakeReply.json(422, JsonNodeFactory.instance.objectNode().set("detail", errors));
        }
        ObjectNode page = JsonNodeFactory.instance.objectNode();
        ArrayNode pageUsers = page.putArray("users");
        BigInteger end = offset.add(pagesOf > 0 ? BigInteger.valueOf(pagesOf) : limit).min(BigInteger.valueOf(users.size()));
        for (BigInteger i = offset; i.compareTo(end) < 0; i = i.add(BigInteger.ONE)) {
            pageUsers.add(users.user(i.intValueExact()));
        }
        page.put("total", users.size());
        page.put("offset", offset);
        page.put("limit", limit);
        return FakeReply.json(200, page);
    }

    /** Parses and bounds one integer parameter, adding a pydantic-v1 style error when it fails. */
    private static BigInteger integerParameter(Map<String, String> query, String name, int absent,
                                               int min, Integer max, ArrayNode errors) {
        String text = query.get(name);
        if (text == null) {
            return BigInteger.valueOf(absent);
        }
        if (!INTEGER.matcher(text).matches()) {
            errors.add(validationError(name, "value is not a valid integer", "type_error.integer", null));
            return null;
        }
        BigInteger value = new BigInteger(text);
        if (value.compareTo(BigInteger.valueOf(min)) < 0) {
            errors.add(validationError(name, "ensure this value is greater than or equal to " + min,
                    "value_error.number.not_ge", min));
        } else if (max != null && value.compareTo(BigInteger.valueOf(max)) > 0) {
            errors.add(validationError(name, "ensure this value is less than or equal to " + max,
                    "value_error.number.not_le", max));
        }
        return value;
    }

    private static ObjectNode validationError(String parameter, String message, String type, Integer bound) {
        ObjectNode error = JsonNodeFactory.instance.objectNode();
        error.putArray("loc").add("query").add(parameter);
        error.put("msg", message);
        error.put("type", type);
        if (bound != null) {
            error.putObject("ctx").put("limit_value", bound);
        }
        return error;
    }

    private FakeReply resolve(String clientUserId) {
        switch (clientUserId) {
            case FakeService.ID_500:
                return FakeReply.of(500, "text/html", "<html>\r\n<head><title>500 Internal Server Error</title>"
                        + "</head>\r\n<body>\r\n<center><h1>500 Internal Server Error</h1></center>\r\n"
                        + "<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n");
            case FakeService.ID_503:
                return FakeReply.detail(503, "Service temporarily unavailable").withHeader("Retry-After", "1");
            case FakeService.ID_429:
                return FakeReply.detail(429, "Too many requests").withHeader("Retry-After", "1");
            case FakeService.ID_NOT_JSON:
                // The content type claims JSON; the body is not.
                return FakeReply.of(200, "application/json", "OK: upstream healthy\n");
            case FakeService.ID_SLOW:
                return slowUser(clientUserId).delayedBy(SLOW_MILLIS);
            default:
                OptionalInt index = users.indexOf(clientUserId);
                return index.isPresent()
                        ? FakeReply.json(200, users.user(index.getAsInt()))
                        : FakeReply.detail(404, "User not found");
        }
    }

    /** An ordinary user's body, answered as {@code __slow__} (after the caller's delay). */
    private FakeReply slowUser(String clientUserId) {
        if (users.size() <= FakeUsers.FIRST_ORDINARY_INDEX) {
            return FakeReply.detail(404, "User not found");
        }
        ObjectNode user = users.user(FakeUsers.FIRST_ORDINARY_INDEX);
        return FakeReply.json(200, user.put("client_user_id", clientUserId));
    }
}
