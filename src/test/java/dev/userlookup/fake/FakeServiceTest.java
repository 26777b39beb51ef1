package dev.userlookup.fake;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.http.ImmutableRequest;
import com.github.tomakehurst.wiremock.http.RequestMethod;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class FakeServiceTest {

    static {
        // java.net.http reads its proxy-authentication properties once a JVM, as it first loads,
        // and the tool sets them as App loads (Basic for CONNECT tunnels). This class uses
        // java.net.http itself: App loads first, so that HttpsTest's proxy cases in the same JVM
        // meet the client as the tool sets it up, whichever class runs first.
        try {
            Class.forName("dev.userlookup.commands.App", true, FakeServiceTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private static FakeService fake;
    private static FakeUsers users;

    @BeforeAll
    static void start() {
        fake = FakeService.builder().start();
        users = fake.users();
    }

    @AfterAll
    static void stop() {
        fake.close();
    }

    // ---- list ---------------------------------------------------------------------------------

    @Test
    void listWithoutParametersIsTheFirstPageOfTheDefaultLimit() throws Exception {
        HttpResponse<String> response = get(fake, "/v2/user/", FakeService.DEFAULT_KEY);

        assertEquals(200, response.statusCode());
        assertEquals("application/json", response.headers().firstValue("Content-Type").orElse(""));
        JsonNode page = JSON.readTree(response.body());
        assertEquals(FakeServiceHandler.DEFAULT_LIMIT, page.get("users").size());
        assertEquals(FakeUsers.DEFAULT_SIZE, page.get("total").asInt());
        assertEquals(0, page.get("offset").asInt());
        assertEquals(FakeServiceHandler.DEFAULT_LIMIT, page.get("limit").asInt());
        for (int i = 0; i < page.get("users").size(); i++) {
            assertEquals(users.clientUserId(i), page.get("users").get(i).get("client_user_id").asText());
        }
    }

    @Test
    void pagesFollowTheIndexAndTheLastOneIsShort() throws Exception {
        JsonNode page = JSON.readTree(get(fake, "/v2/user/?offset=1240&limit=20", FakeService.DEFAULT_KEY).body());

        assertEquals(10, page.get("users").size());
        assertEquals(1240, page.get("offset").asInt());
        assertEquals(20, page.get("limit").asInt());
        assertEquals(FakeUsers.DEFAULT_SIZE, page.get("total").asInt());
        assertEquals(users.userId(1240), page.get("users").get(0).get("user_id").asText());
        assertEquals(users.userId(1249), page.get("users").get(9).get("user_id").asText());
    }

    @Test
    void pagesCarryEachUserExactlyAsGeneratedAwkwardOnesIncluded() throws Exception {
        String body = get(fake, "/v2/user/?offset=0&limit=500", FakeService.DEFAULT_KEY).body();

        assertEquals(500, JSON.readTree(body).get("users").size());
        for (int i = 0; i < 500; i++) {
            assertTrue(body.contains(users.json(i)), "user " + i + " as generated");
        }
        assertTrue(body.contains("\"score\":1.50"), body);
        assertTrue(body.contains("\"big_number\":12345678901234567890"), body);
    }

    @Test
    void anOffsetPastTheEndGivesAnEmptyPage() throws Exception {
        JsonNode page = JSON.readTree(get(fake, "/v2/user/?offset=5000&limit=10", FakeService.DEFAULT_KEY).body());

        assertEquals(0, page.get("users").size());
        assertEquals(FakeUsers.DEFAULT_SIZE, page.get("total").asInt());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "limit=0     | limit  | value_error.number.not_ge | ensure this value is greater than or equal to 1",
        "limit=501   | limit  | value_error.number.not_le | ensure this value is less than or equal to 500",
        "limit=99999999999999999999 | limit | value_error.number.not_le | ensure this value is less than or equal to 500",
        "offset=-1   | offset | value_error.number.not_ge | ensure this value is greater than or equal to 0",
        "limit=ten   | limit  | type_error.integer        | value is not a valid integer",
        "offset=1.5  | offset | type_error.integer        | value is not a valid integer",
        "limit=      | limit  | type_error.integer        | value is not a valid integer",
    })
    void badPageParametersAre422WithFastApiDetail(String query, String parameter, String type, String message)
            throws Exception {
        HttpResponse<String> response = get(fake, "/v2/user/?" + query, FakeService.DEFAULT_KEY);

        assertEquals(422, response.statusCode());
        JsonNode detail = JSON.readTree(response.body()).get("detail");
        assertEquals(1, detail.size(), response.body());
        assertEquals("query", detail.get(0).get("loc").get(0).asText());
        assertEquals(parameter, detail.get(0).get("loc").get(1).asText());
        assertEquals(type, detail.get(0).get("type").asText());
        assertEquals(message, detail.get(0).get("msg").asText());
    }

    @Test
    void twoBadParametersGiveTwoErrors() throws Exception {
        HttpResponse<String> response = get(fake, "/v2/user/?offset=-5&limit=600", FakeService.DEFAULT_KEY);

        assertEquals(422, response.statusCode());
        assertEquals(2, JSON.readTree(response.body()).get("detail").size());
    }

    @Test
    void theLimitBoundsThemselvesAreAccepted() throws Exception {
        assertEquals(1, JSON.readTree(get(fake, "/v2/user/?limit=1", FakeService.DEFAULT_KEY).body())
                .get("users").size());
        assertEquals(200, get(fake, "/v2/user/?limit=500", FakeService.DEFAULT_KEY).statusCode());
    }

    @Test
    void theListPathWithoutItsSlashRedirectsToIt() throws Exception {
        HttpResponse<String> response = get(fake, "/v2/user?limit=2", FakeService.DEFAULT_KEY);

        assertEquals(307, response.statusCode());
        assertEquals(fake.baseUrl() + "/v2/user/?limit=2", response.headers().firstValue("Location").orElse(""));
    }

    // ---- auth ---------------------------------------------------------------------------------

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "NONE", value = {
        "NONE          | 401 | Missing API key",
        "wrong-key     | 401 | Invalid API key",
        "forbidden-key | 403 | This key may not read users",
    })
    void keysOtherThanTheTeamsAreRefused(String key, int status, String detail) throws Exception {
        for (String path : new String[] {"/v2/user/", "/v2/user/resolve/customer-000042"}) {
            HttpResponse<String> response = get(fake, path, key);

            assertEquals(status, response.statusCode(), path);
            assertEquals(detail, JSON.readTree(response.body()).get("detail").asText(), path);
        }
    }

    // ---- resolve ------------------------------------------------------------------------------

    static Stream<AwkwardCase> awkwardIds() {
        return Stream.of(AwkwardCase.values()).filter(c -> c.clientUserId().isPresent());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("awkwardIds")
    void everyAwkwardIdRoundTripsPercentEncoded(AwkwardCase awkward) throws Exception {
        String id = awkward.clientUserId().orElseThrow();
        HttpResponse<String> response = resolve(id);

        assertEquals(200, response.statusCode(), response.body());
        assertEquals(id, JSON.readTree(response.body()).get("client_user_id").asText());
        assertEquals(users.json(awkward.index()), response.body());
    }

    @Test
    void theEncodingUnderTestIsTheAmbiguousOne() {
        // These are the forms Jetty could reject; the round trip above must have sent them.
        assertEquals("a%2Fb", encodeSegment("a/b"));
        assertEquals("100%25", encodeSegment("100%"));
        assertEquals("%252F", encodeSegment("%2F"));
        assertEquals("with%20space", encodeSegment("with space"));
        assertEquals("Zo%C3%AB%20", encodeSegment("Zo\u00eb "));
        assertEquals("..", encodeSegment(".."));
    }

    @Test
    void dotDotAlsoResolvesWhenItsDotsAreEncoded() throws Exception {
        HttpResponse<String> response = get(fake, "/v2/user/resolve/%2E%2E", FakeService.DEFAULT_KEY);

        assertEquals(200, response.statusCode());
        assertEquals("..", JSON.readTree(response.body()).get("client_user_id").asText());
    }

    @Test
    void aPlusInThePathIsAPlusNotASpace() throws Exception {
        HttpResponse<String> response = get(fake, "/v2/user/resolve/+1", FakeService.DEFAULT_KEY);

        assertEquals(200, response.statusCode());
        assertEquals("+1", JSON.readTree(response.body()).get("client_user_id").asText());
    }

    @Test
    void anOrdinaryUserResolves() throws Exception {
        HttpResponse<String> response = resolve("customer-000042");

        assertEquals(200, response.statusCode());
        assertEquals(users.json(42), response.body());
        JsonNode user = JSON.readTree(response.body());
        assertEquals(users.userId(42), user.get("user_id").asText());
        assertEquals(FakeUsers.TEAM_ID, user.get("team_id").asText());
    }

    @Test
    void unknownIdsAre404UserNotFound() throws Exception {
        // customer-000000 is not a user: index 0 is the awkward "a/b".
        for (String id : new String[] {"nobody", "customer-001250", "customer-000000", "customer-42", "A/B"}) {
            HttpResponse<String> response = resolve(id);

            assertEquals(404, response.statusCode(), id);
            assertEquals("User not found", JSON.readTree(response.body()).get("detail").asText(), id);
        }
    }

    @Test
    void aSlashLeftUnencodedIsAnotherPathAltogether() throws Exception {
        HttpResponse<String> response = get(fake, "/v2/user/resolve/a/b", FakeService.DEFAULT_KEY);

        assertEquals(404, response.statusCode());
        assertEquals("Not Found", JSON.readTree(response.body()).get("detail").asText());
    }

    @Test
    void specialIdsAnswerWithTheirErrors() throws Exception {
        HttpResponse<String> proxyPage = resolve(FakeService.ID_500);
        assertEquals(500, proxyPage.statusCode());
        assertTrue(proxyPage.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
        assertTrue(proxyPage.body().contains("<h1>500 Internal Server Error</h1>"));

        HttpResponse<String> unavailable = resolve(FakeService.ID_503);
        assertEquals(503, unavailable.statusCode());
        assertEquals("1", unavailable.headers().firstValue("Retry-After").orElse(""));
        assertEquals("Service temporarily unavailable", JSON.readTree(unavailable.body()).get("detail").asText());

        HttpResponse<String> tooMany = resolve(FakeService.ID_429);
        assertEquals(429, tooMany.statusCode());
        assertEquals("1", tooMany.headers().firstValue("Retry-After").orElse(""));

        HttpResponse<String> notJson = resolve(FakeService.ID_NOT_JSON);
        assertEquals(200, notJson.statusCode());
        assertThrows(JsonProcessingException.class, () -> JSON.readTree(notJson.body()));
    }

    @Test
    void otherMethodsAre405() throws Exception {
        HttpRequest post = HttpRequest.newBuilder(URI.create(fake.baseUrl() + "/v2/user/"))
                .header(FakeServiceHandler.API_KEY_HEADER, FakeService.DEFAULT_KEY)
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .build();

        assertEquals(405, HTTP.send(post, HttpResponse.BodyHandlers.ofString()).statusCode());
    }

    // ---- options ------------------------------------------------------------------------------

    @Test
    void aPathPrefixCarriesTheWholeService() throws Exception {
        try (FakeService prefixed = FakeService.builder().pathPrefix("/api/").users(50).apiKey("k2").start()) {
            assertTrue(prefixed.baseUrl().endsWith(":" + prefixed.port() + "/api"), prefixed.baseUrl());

            HttpResponse<String> user = get(prefixed, "/v2/user/resolve/a%2Fb", "k2");
            assertEquals(200, user.statusCode());
            assertEquals("a/b", JSON.readTree(user.body()).get("client_user_id").asText());
            assertEquals(50, JSON.readTree(get(prefixed, "/v2/user/", "k2").body()).get("total").asInt());

            HttpResponse<String> unprefixed = HTTP.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + prefixed.port() + "/v2/user/"))
                            .header(FakeServiceHandler.API_KEY_HEADER, "k2").build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(404, unprefixed.statusCode());
        }
    }

    @Test
    void latencyDelaysEveryAnswer() throws Exception {
        try (FakeService slow = FakeService.builder().users(10).latencyMillis(300).start()) {
            long started = System.nanoTime();
            assertEquals(200, get(slow, "/v2/user/", FakeService.DEFAULT_KEY).statusCode());
            assertTrue(Duration.ofNanos(System.nanoTime() - started).toMillis() >= 300);
        }
    }

    // ---- gzip, lengths and the page cache ------------------------------------------------------

    @Test
    void aGzipPageIsCompressedWholeWithItsLengthAndHoldsTheSameJson() throws Exception {
        String page = "/v2/user/?offset=0&limit=500";
        HttpResponse<byte[]> zipped = getBytes(fake, page, FakeService.DEFAULT_KEY, true);
        HttpResponse<byte[]> plain = getBytes(fake, page, FakeService.DEFAULT_KEY, false);

        assertEquals(200, zipped.statusCode());
        assertEquals("gzip", zipped.headers().firstValue("Content-Encoding").orElse(""));
        assertEquals("application/json", zipped.headers().firstValue("Content-Type").orElse(""));
        assertSentWhole(zipped);
        assertEquals(200, plain.statusCode());
        assertEquals(List.of(), plain.headers().allValues("Content-Encoding"));
        assertSentWhole(plain);

        assertTrue(zipped.body().length < plain.body().length / 2,
                zipped.body().length + " bytes zipped, " + plain.body().length + " plain");
        assertArrayEquals(plain.body(), gunzip(zipped.body()));
        JsonNode pageUsers = JSON.readTree(gunzip(zipped.body())).get("users");
        assertEquals(500, pageUsers.size());
        assertEquals(JSON.readTree(plain.body()), JSON.readTree(gunzip(zipped.body())));
    }

    @Test
    void bodiesUnder500BytesAreSentAsTheyAreEvenToAGzipClient() throws Exception {
        // The short answers the service has: 401 (28 bytes), 403 (40), 429 (30), 404 (22), the redirect (0).
        String[][] shortOnes = {
            {"/v2/user/", null},
            {"/v2/user/", "wrong-key"},
            {"/v2/user/", FakeService.FORBIDDEN_KEY},
            {"/v2/user/resolve/" + FakeService.ID_429, FakeService.DEFAULT_KEY},
            {"/v2/user/resolve/a/b", FakeService.DEFAULT_KEY},
            {"/v2/user?limit=2", FakeService.DEFAULT_KEY},
        };
        for (String[] ask : shortOnes) {
            HttpResponse<byte[]> response = getBytes(fake, ask[0], ask[1], true);
            String what = ask[0] + " with key " + ask[1] + ": " + response.statusCode();

            assertEquals(List.of(), response.headers().allValues("Content-Encoding"), what);
            assertTrue(response.body().length < 500, what + " is " + response.body().length + " bytes");
            assertSentWhole(response);
            if (response.body().length > 0) {
                JSON.readTree(response.body());  // plain JSON, not gzip
            }
        }
    }

    @Test
    void oneUserOf500BytesOrMoreIsCompressedLikeAPage() throws Exception {
        // FastAPI's GZipMiddleware compresses from 500 bytes (its minimum_size), whatever the route.
        String path = "/v2/user/resolve/" + fake.users().clientUserId(FakeUsers.FIRST_ORDINARY_INDEX + 1);
        HttpResponse<byte[]> zipped = getBytes(fake, path, FakeService.DEFAULT_KEY, true);
        HttpResponse<byte[]> plain = getBytes(fake, path, FakeService.DEFAULT_KEY, false);

        assertEquals(200, zipped.statusCode());
        assertTrue(plain.body().length >= 500, "the user is " + plain.body().length + " bytes");
        assertEquals("gzip", zipped.headers().firstValue("Content-Encoding").orElse(""));
        assertSentWhole(zipped);
        assertArrayEquals(plain.body(), gunzip(zipped.body()));
    }

    @Test
    void theHandlerCompressesAPageWithinTheLatency() throws Exception {
        // Asked of the handler itself, not timed over HTTP: the answer is compressed here (not by
        // Jetty after the delay), and its delay is what is left of the latency after building it.
        int latency = 300;
        FakeServiceHandler handler = new FakeServiceHandler(new FakeUsers(600), "", "k", latency, false);

        long started = System.nanoTime();
        ResponseDefinition zipped = transformed(handler, "/v2/user/?offset=0&limit=500", true);
        long spent = (System.nanoTime() - started) / 1_000_000;
        ResponseDefinition plain = transformed(handler, "/v2/user/?offset=0&limit=500", false);

        assertEquals("gzip", zipped.getHeaders().getHeader("Content-Encoding").firstValue());
        assertArrayEquals(plain.getByteBody(), gunzip(zipped.getByteBody()));
        // None at all when building took the whole latency (a loaded machine).
        int delay = zipped.getFixedDelayMilliseconds() == null ? 0 : zipped.getFixedDelayMilliseconds();
        assertTrue(delay <= latency && delay >= latency - spent - 1,
                "delay " + delay + " ms for a latency of " + latency + " ms, " + spent + " ms spent building");
        assertFalse(plain.getHeaders().getHeader("Content-Encoding").isPresent());
    }

    @Test
    void cachedPagesAnswerAsBuiltPagesDoAndErrorsStayErrors() throws Exception {
        try (FakeService cached = FakeService.builder().cachePages().start()) {
            String first = "/v2/user/?offset=0&limit=500";
            // gzip first: were the cache blind to the encoding, the plain asks would get gzip.
            HttpResponse<byte[]> zipped = getBytes(cached, first, FakeService.DEFAULT_KEY, true);
            HttpResponse<byte[]> zippedAgain = getBytes(cached, first, FakeService.DEFAULT_KEY, true);
            HttpResponse<byte[]> plain = getBytes(cached, first, FakeService.DEFAULT_KEY, false);
            HttpResponse<byte[]> plainAgain = getBytes(cached, first, FakeService.DEFAULT_KEY, false);

            for (HttpResponse<byte[]> response : List.of(zipped, zippedAgain, plain, plainAgain)) {
                assertEquals(200, response.statusCode());
                assertSentWhole(response);
            }
            assertEquals("gzip", zippedAgain.headers().firstValue("Content-Encoding").orElse(""));
            assertEquals(List.of(), plainAgain.headers().allValues("Content-Encoding"));
            assertArrayEquals(zipped.body(), zippedAgain.body());
            assertArrayEquals(plain.body(), plainAgain.body());
            assertArrayEquals(plain.body(), gunzip(zippedAgain.body()));
            assertArrayEquals(getBytes(fake, first, FakeService.DEFAULT_KEY, false).body(), plain.body());

            // Another page, plain first this time, is its own.
            String second = "/v2/user/?offset=500&limit=500";
            JsonNode plainSecond = JSON.readTree(getBytes(cached, second, FakeService.DEFAULT_KEY, false).body());
            HttpResponse<byte[]> zippedSecond = getBytes(cached, second, FakeService.DEFAULT_KEY, true);
            assertEquals("gzip", zippedSecond.headers().firstValue("Content-Encoding").orElse(""));
            assertEquals(plainSecond, JSON.readTree(gunzip(zippedSecond.body())));
            assertEquals(500, plainSecond.get("offset").asInt());
            assertEquals(500, plainSecond.get("users").size());
            assertEquals(users.userId(500), plainSecond.get("users").get(0).get("user_id").asText());
            assertEquals(users.userId(999), plainSecond.get("users").get(499).get("user_id").asText());

            // A cached page is no answer to a key the service refuses.
            for (boolean gzip : new boolean[] {false, true}) {
                HttpResponse<byte[]> wrongKey = getBytes(cached, first, "wrong-key", gzip);
                assertEquals(401, wrongKey.statusCode());
                assertEquals("Invalid API key", JSON.readTree(wrongKey.body()).get("detail").asText());
                HttpResponse<byte[]> noKey = getBytes(cached, first, null, gzip);
                assertEquals(401, noKey.statusCode());
                assertEquals("Missing API key", JSON.readTree(noKey.body()).get("detail").asText());
                assertEquals(403, getBytes(cached, first, FakeService.FORBIDDEN_KEY, gzip).statusCode());
            }

            // A bad limit is still 422, asked again too.
            for (int ask = 0; ask < 2; ask++) {
                HttpResponse<byte[]> tooMany = getBytes(cached, "/v2/user/?limit=501", FakeService.DEFAULT_KEY, false);
                assertEquals(422, tooMany.statusCode());
                assertEquals("value_error.number.not_le",
                        JSON.readTree(tooMany.body()).get("detail").get(0).get("type").asText());
            }
        }
    }

    @Test
    void theCacheKeepsEachPageOnceBuiltAndOnlyWhenAskedTo() {
        // Over HTTP a cached page and a rebuilt one are the same bytes (gzip here is deterministic),
        // so this asks the handler itself whether the second answer is the first one kept.
        FakeServiceHandler cached = new FakeServiceHandler(new FakeUsers(50), "", "k", 0, true);
        FakeServiceHandler uncached = new FakeServiceHandler(new FakeUsers(50), "", "k", 0, false);

        assertSame(handled(cached, "/v2/user/?limit=20", true), handled(cached, "/v2/user/?limit=20", true));
        assertSame(handled(cached, "/v2/user/?limit=20", false), handled(cached, "/v2/user/?limit=20", false));
        assertNotSame(handled(cached, "/v2/user/?limit=20", true), handled(cached, "/v2/user/?limit=20", false));
        assertNotSame(handled(cached, "/v2/user/?limit=20", false), handled(cached, "/v2/user/?limit=21", false));
        assertNotSame(handled(uncached, "/v2/user/?limit=20", true), handled(uncached, "/v2/user/?limit=20", true));
        assertNotSame(handled(uncached, "/v2/user/?limit=20", false), handled(uncached, "/v2/user/?limit=20", false));
    }

    // ---- the generator ------------------------------------------------------------------------

    @Test
    void usersAreDeterministicByIndexWhateverTheTeamSize() {
        FakeUsers again = new FakeUsers(100_000);
        for (int i : new int[] {0, 7, 35, FakeUsers.FIRST_ORDINARY_INDEX, 42, 999, 1249}) {
            assertEquals(users.json(i), again.json(i), "user " + i);
        }
        assertNotEquals(users.json(100), users.json(101));
        // Pinned, so a change to the generator is a deliberate one.
        assertEquals("138adbbd-c5e6-36c4-aff7-48390b9f91da", users.userId(42));
        assertEquals("customer-000042", users.clientUserId(42));
    }

    @Test
    void everyIdFindsItsOwnIndexAndIdsAreUnique() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < users.size(); i++) {
            String id = users.clientUserId(i);
            assertTrue(seen.add(id), "duplicate id " + id);
            assertEquals(i, users.indexOf(id).orElse(-1), id);
        }
    }

    @Test
    void theAwkwardShapesAreWhereTheTableSays() {
        assertTrue(users.user(AwkwardCase.TIME_ZONE_NULL.index()).get("fallback_time_zone").isNull());
        assertFalse(users.user(AwkwardCase.TIME_ZONE_MISSING.index()).has("fallback_time_zone"));
        assertFalse(users.user(AwkwardCase.SOURCES_MISSING.index()).has("connected_sources"));
        assertTrue(users.user(AwkwardCase.SOURCES_NULL.index()).get("connected_sources").isNull());
        assertTrue(users.user(AwkwardCase.SOURCE_NULL.index()).get("connected_sources").get(0).get("source").isNull());
        assertFalse(users.user(AwkwardCase.SOURCE_NULL.index()).get("connected_sources").get(0).has("provider"));
        assertFalse(users.user(AwkwardCase.SOURCE_LOGO_MISSING.index())
                .get("connected_sources").get(0).get("source").has("logo"));
        assertFalse(users.user(AwkwardCase.SOURCE_LOGO_MISSING.index())
                .get("connected_sources").get(0).get("provider").has("logo"));
        JsonNode differs = users.user(AwkwardCase.PROVIDER_DIFFERS.index()).get("connected_sources").get(0);
        assertEquals("x", differs.get("provider").get("slug").asText());
        assertEquals("whoop", differs.get("source").get("slug").asText());
        JsonNode sourceOnly = users.user(AwkwardCase.SOURCE_FIELDS_NULL.index()).get("connected_sources").get(0);
        assertFalse(sourceOnly.has("provider"));
        assertEquals("oura", sourceOnly.get("source").get("slug").asText());
        assertTrue(users.user(AwkwardCase.ESC_CSI_COLOUR.index())
                .get("fallback_time_zone").get("id").asText().contains("\u001b[31m"));
        // The four created_on spellings are one instant.
        Set<OffsetDateTime> instants = new HashSet<>();
        for (AwkwardCase c : new AwkwardCase[] {AwkwardCase.CREATED_NO_FRACTION, AwkwardCase.CREATED_ZULU,
                AwkwardCase.CREATED_PLUS_0530}) {
            instants.add(OffsetDateTime.parse(users.user(c.index()).get("created_on").asText())
                    .withOffsetSameInstant(java.time.ZoneOffset.UTC));
        }
        assertEquals(1, instants.size(), instants.toString());
    }

    @Test
    void ordinaryUsersSendProviderAndSourceAlikeButEveryFifthProviderOnly() {
        int bothAlike = 0;
        int providerOnly = 0;
        for (int i = FakeUsers.FIRST_ORDINARY_INDEX; i < users.size(); i++) {
            JsonNode sources = users.user(i).get("connected_sources");
            if (sources.isEmpty()) {
                continue;
            }
            for (JsonNode connected : sources) {
                assertTrue(connected.get("provider").isObject(), "user " + i + ": " + connected);
                if (i % FakeUsers.PROVIDER_ONLY_EVERY == 0) {
                    assertFalse(connected.has("source"), "user " + i + ": " + connected);
                } else {
                    assertEquals(connected.get("provider"), connected.get("source"), "user " + i);
                }
            }
            if (i % FakeUsers.PROVIDER_ONLY_EVERY == 0) {
                providerOnly++;
            } else {
                bothAlike++;
            }
        }
        assertTrue(providerOnly > 100, "provider only: " + providerOnly);
        assertTrue(bothAlike > 3 * providerOnly, "both: " + bothAlike + ", provider only: " + providerOnly);
    }

    @Test
    void pathSegmentsDecodeAsUtf8AndKeepPlus() {
        assertEquals("a+b c/%", RawTarget.decodeSegment("a+b%20c%2F%25"));
        assertEquals("\u6771", RawTarget.decodeSegment("%E6%9D%B1"));
        assertEquals("100%", RawTarget.decodeSegment("100%"));
    }

    // ---- helpers ------------------------------------------------------------------------------

    private static HttpResponse<String> resolve(String clientUserId) throws IOException, InterruptedException {
        return get(fake, "/v2/user/resolve/" + encodeSegment(clientUserId), FakeService.DEFAULT_KEY);
    }

    private static HttpResponse<String> get(FakeService service, String pathAndQuery, String key)
            throws IOException, InterruptedException {
        return HTTP.send(request(service, pathAndQuery, key).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    /** The body as sent: java.net.http does not undo gzip. */
    private static HttpResponse<byte[]> getBytes(FakeService service, String pathAndQuery, String key, boolean gzip)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = request(service, pathAndQuery, key);
        if (gzip) {
            request.header("Accept-Encoding", "gzip, deflate");
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static HttpRequest.Builder request(FakeService service, String pathAndQuery, String key) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(service.baseUrl() + pathAndQuery))
                .header("Accept", "application/json")
                .timeout(Duration.ofSeconds(10));
        if (key != null) {
            request.header(FakeServiceHandler.API_KEY_HEADER, key);
        }
        return request;
    }

    /** One Content-Length, the size of the body received, and no chunks. */
    private static void assertSentWhole(HttpResponse<byte[]> response) {
        String what = response.uri() + " (" + response.statusCode() + ")";
        assertEquals(List.of(String.valueOf(response.body().length)), response.headers().allValues("Content-Length"),
                what);
        assertFalse(response.headers().allValues("Transfer-Encoding").stream()
                .anyMatch(coding -> coding.toLowerCase(Locale.ROOT).contains("chunked")), what);
    }

    private static byte[] gunzip(byte[] zipped) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(zipped))) {
            return in.readAllBytes();
        }
    }

    /** The body the handler answers a GET with, without a server: to tell a kept page from a rebuilt one. */
    private static byte[] handled(FakeServiceHandler handler, String pathAndQuery, boolean gzip) {
        return transformed(handler, pathAndQuery, gzip).getByteBody();
    }

    private static ResponseDefinition transformed(FakeServiceHandler handler, String pathAndQuery, boolean gzip) {
        ImmutableRequest.Builder request = ImmutableRequest.create()
                .withAbsoluteUrl("http://127.0.0.1:1" + pathAndQuery)
                .withMethod(RequestMethod.GET)
                .withHeader(FakeServiceHandler.API_KEY_HEADER, "k");
        if (gzip) {
            request.withHeader("Accept-Encoding", "gzip");
        }
        ResponseDefinition answer = handler.transform(ServeEvent.of(request.build()));
        assertEquals(200, answer.getStatus(), pathAndQuery);
        return answer;
    }

    /** As the client encodes a path segment: every byte outside A-Z a-z 0-9 - . _ ~ as %XX. */
    private static String encodeSegment(String text) {
        StringBuilder encoded = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '.' || c == '_' || c == '~') {
                encoded.append((char) c);
            } else {
                encoded.append('%').append(String.format("%02X", c));
            }
        }
        return encoded.toString();
    }
}
