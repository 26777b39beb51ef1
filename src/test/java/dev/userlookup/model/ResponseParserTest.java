package dev.userlookup.model;

import dev.userlookup.model.json.Json;
import dev.userlookup.model.json.JsonBytes;
import dev.userlookup.model.redaction.ApiKey;


import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The page and user checks on tokens: problems in the order of the checks whatever the order of
 * the fields, a key named twice in one object refused, broken JSON before a wrong shape, the
 * bounds, and where each user lies in the body.
 */
class ResponseParserTest {

    private static final String GOOD = "\"user_id\":\"u\",\"client_user_id\":\"c\"";

    private static String problem(String body) {
        BadResponse e = assertThrows(BadResponse.class,
                () -> ResponseParser.page("list", body.getBytes(UTF_8), null));
        return e.getMessage().replaceFirst("^.*the response is not the JSON expected: ", "");
    }

    private static String page(String... users) {
        return "{\"users\":[" + String.join(",", users) + "],\"total\":" + users.length + "}";
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // the checks' order, not the fields'
        "{\"ingestion_end\":5,\"client_user_id\":\"c\",\"user_id\":1}|users[0]: user_id: expected a string, got a number",
        "{\"fallback_time_zone\":[],\"created_on\":true," + GOOD + "}|users[0]: created_on: expected a string, got a boolean",
        "{\"connected_sources\":[{\"source\":{\"slug\":1},\"created_on\":2}]," + GOOD + "}"
            + "|users[0]: connected_sources[0].created_on: expected a string, got a number",
        "{\"fallback_birth_date\":{\"updated_at\":1,\"value\":2}," + GOOD + "}|users[0]: fallback_birth_date.value: expected a string, got a number",
        // provider is read wherever it comes, source only when provider is missing or null
        "{\"connected_sources\":[null,{\"source\":{},\"provider\":\"p\"}]," + GOOD + "}"
            + "|users[0]: connected_sources[1].provider: expected an object, got a string",
        "{\"connected_sources\":[{\"provider\":null,\"source\":{\"name\":[]}}]," + GOOD + "}"
            + "|users[0]: connected_sources[0].source.name: expected a string, got an array",
    })
    void problemsComeInTheOrderOfTheChecks(String user, String expected) {
        assertEquals(expected, problem(page(user)));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "'7b 7d', -1",
        "'c3 a9', -1",
        "'e6 9d b1', -1",
        "'f0 9f 98 80', -1",
        "'f4 8f bf bf', -1",
        "'c3 28', 0",
        "'c0 af', 0",
        "'e0 80 af', 0",
        "'ed a0 80', 0",
        "'f4 90 80 80', 0",
        "'f5 80 80 80', 0",
        "'ff', 0",
        "'41 e6 9d', 1",
        "'41 42 c3', 2",
        "'80', 0",
        "'61 62 63 64 65 66 67 68 69 ff', 9",
    })
    void aBodyMustBeStrictUtf8(String hex, int firstInvalid) {
        byte[] bytes = java.util.HexFormat.ofDelimiter(" ").parseHex(hex);

        assertEquals(firstInvalid, ResponseParser.firstInvalidUtf8(bytes));
    }

    @Test
    void theFirstUserWithAProblemIsNamed() {
        assertEquals("users[2]: a user has no client_user_id", problem(page("{" + GOOD + "}", "{" + GOOD + "}",
                "{\"user_id\":\"u\"}", "{\"user_id\":5}")));
        assertEquals("users[1] is a string, not a user object", problem(page("{" + GOOD + "}", "\"x\"", "{\"user_id\":5}")));
    }

    /**
     * Readers differ on which of the two counts (a tree and jq take the last, others the first):
     * what the checks read and what a reader downstream reads could be two users.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"users\":[{\"user_id\":5}],\"users\":[{" + GOOD + "}],\"total\":1}|users",
        "{\"users\":[],\"total\":1,\"total\":1}|total",
        "{\"users\":[],\"detail\":{\"a\":1,\"b\":2,\"c\":3,\"a\":4}}|a",
        "{\"users\":[{\"client_user_id\":\"other\",\"user_id\":\"u\",\"client_user_id\":\"c\"}]}|client_user_id",
        "{\"users\":[{\"user_id\":\"u\",\"user_id\":null,\"client_user_id\":\"c\"}]}|user_id",
        "{\"users\":[{" + GOOD + ",\"x\":1,\"x\":1}]}|x",
        "{\"users\":[{" + GOOD + ",\"\\u0078\":1,\"x\":1}]}|x",
        "{\"users\":[{" + GOOD + ",\"fallback_time_zone\":{\"id\":\"a\",\"id\":\"b\"}}]}|id",
        "{\"users\":[{" + GOOD + ",\"connected_sources\":[{\"provider\":{\"slug\":\"a\",\"slug\":\"b\"}}]}]}|slug",
        "{\"users\":[{" + GOOD + ",\"connected_sources\":[{\"source\":null,\"source\":{}}]}]}|source",
        "{\"users\":[{" + GOOD + ",\"extra\":[[{\"deep\":{\"k\":1,\"k\":2}}]]}]}|k",
    })
    void anObjectThatNamesAKeyTwiceIsRefusedWhereverItIs(String body, String key) {
        assertEquals("an object names \"" + key + "\" twice", problem(body));
    }

    @Test
    void anEmptyBodyIsSaidToBeEmpty() {
        BadResponse user = assertThrows(BadResponse.class, () -> ResponseParser.user("resolve \"c\"", new byte[0], null));
        BadResponse page = assertThrows(BadResponse.class, () -> ResponseParser.page("list", new byte[0], null));

        assertEquals("resolve \"c\": the response is not the JSON expected: the body is empty", user.getMessage());
        assertEquals("list: the response is not the JSON expected: the body is empty", page.getMessage());
    }

    @Test
    void aUserThatNamesAKeyTwiceIsRefusedAsAnAnswerToResolve() {
        BadResponse refused = assertThrows(BadResponse.class, () -> ResponseParser.user("resolve \"c\"",
                "{\"user_id\":\"u\",\"client_user_id\":\"someone-else\",\"client_user_id\":\"c\"}".getBytes(UTF_8), null));

        assertEquals("resolve \"c\": the response is not the JSON expected: an object names \"client_user_id\" twice", refused.getMessage());
    }

    @Test
    void aFailureOverABodyThatHoldsTheKeyIsToldFromTheBodyWithTheKeyOut() {
        ApiKey key = ApiKey.of("sk-live-Qw8e\"Rt5y", "test");
        BadResponse token = assertThrows(BadResponse.class, () -> ResponseParser.user("resolve \"c\"",
                "{\"user_id\": sk-live-Qw8e\"Rt5y}".getBytes(UTF_8), key));
        BadResponse page = assertThrows(BadResponse.class, () -> ResponseParser.page("list",
                "{\"users\": [], \"total\": sk-live-Qw8e\"Rt5y}".getBytes(UTF_8), key));
        // Only the key, a quote inside it, broke the JSON: without it the body reads well.
        BadResponse onlyTheKey = assertThrows(BadResponse.class, () -> ResponseParser.user("resolve \"c\"",
                "{\"user_id\": \"sk-live-Qw8e\"Rt5y\", \"client_user_id\": \"c\"}".getBytes(UTF_8), key));

        for (BadResponse refused : List.of(token, page, onlyTheKey)) {
            assertFalse(refused.getMessage().contains("sk-live") || refused.getMessage().contains("Rt5y"), refused.getMessage());
            for (Throwable cause = refused.getCause(); cause != null; cause = cause.getCause()) {
                assertFalse(cause.getMessage().contains("sk-live"), cause.getMessage());
            }
        }
        assertTrue(token.getMessage().startsWith("resolve \"c\": the response is not the JSON expected: Unexpected character ('*'"),
                token.getMessage());
        assertTrue(page.getMessage().startsWith("list: the response is not the JSON expected: Unexpected character ('*'"),
                page.getMessage());
        assertEquals("resolve \"c\": the response is not the JSON expected: the body cannot be read as JSON", onlyTheKey.getMessage());
    }

    @Test
    void anObjectOfManyNamesIsCheckedWhole() {
        StringBuilder many = new StringBuilder("{" + GOOD);
        for (int i = 0; i < 5000; i++) {
            many.append(",\"n").append(i).append("\":").append(i);
        }
        String user = many + "}";

        assertEquals(1, ResponseParser.page("list", page(user).getBytes(UTF_8), null).users().size());
        assertEquals("an object names \"n4\" twice", problem(page(many + ",\"n4\":0}")));
        assertEquals("an object names \"n4999\" twice", problem(page(many + ",\"n4999\":0}")));
        assertEquals("an object names \"user_id\" twice", problem(page(many + ",\"user_id\":\"v\"}")));
    }

    @Test
    void keysTheSameOnlyInAnotherObjectOrAnotherUserAreNoDuplicates() {
        UserPage page = ResponseParser.page("list", page("{" + GOOD + ",\"a\":{\"x\":1},\"b\":{\"x\":1}}", "{" + GOOD + "}")
                .getBytes(UTF_8), null);

        assertEquals(2, page.users().size());
    }

    @Test
    void pageProblemsComeAfterTheUsersWhereverTheyAre() {
        assertEquals("users[0]: a user has no user_id", problem("{\"total\":1.5,\"limit\":\"x\",\"users\":[{}]}"));
        assertEquals("\"total\" is a number, not a whole number", problem("{\"limit\":\"x\",\"total\":1.5,\"users\":[]}"));
        assertEquals("\"limit\" is a string, not a whole number", problem("{\"limit\":\"x\",\"users\":[]}"));
        assertEquals("\"limit\" is out of range", problem("{\"limit\":2147483648,\"users\":[]}"));
        assertEquals("\"offset\" is a number, not a whole number", problem("{\"offset\":99999999999999999999,\"users\":[]}"));
        assertEquals("it has no \"users\" array", problem("{\"total\":1}"));
        assertEquals("\"users\" is null, not an array", problem("{\"users\":null}"));
        assertEquals("expected a user list object, got an array", problem("[]"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"users\":[{\"user_id\":5}],\"x\":", "{\"users\":[{\"user_id\":5}]} {}", "{\"users\":[{\"user_id\":5}],\"x\":tru}"})
    void brokenJsonIsReportedBeforeAWrongShape(String body) {
        String problem = problem(body);

        assertFalse(problem.contains("user_id"), problem);
    }

    @Test
    void numbersAReaderCannotHoldAreRefusedWhereverTheyAre() {
        assertEquals("a number is out of any usable range", problem(page("{" + GOOD + ",\"x\":{\"y\":[1E+2147483648]}}")));
        assertEquals("a number is out of any usable range", problem(page("{" + GOOD + ",\"team_id\":1e-2147483649}")));
    }

    /** A double's range, the same on every JDK: what a double reads as infinity, or as 0 when it is not 0. */
    @ParameterizedTest
    @ValueSource(strings = {"1e99999", "1e999999999", "-1E+400", "1.8e308", "1e-400", "-2e-324", "0.1e-323",
        "0e1000000000", "-0.0E-0000000000012345678901"})
    void aNumberADoubleCannotHoldIsRefusedWhereverItIs(String number) {
        assertEquals("a number is out of any usable range", problem(page("{" + GOOD + ",\"weird\":" + number + "}")));
        assertEquals("a number is out of any usable range", problem(page("{" + GOOD + ",\"x\":[{\"y\":" + number + "}]}")));
        assertEquals("a number is out of any usable range", problem("{\"users\":[],\"total\":" + number + "}"));
        assertEquals("a number is out of any usable range", problem("{\"users\":[],\"other\":{\"n\":" + number + "}}"));
        assertThrows(BadResponse.class, () -> ResponseParser.user("resolve", ("{" + GOOD + ",\"n\":" + number + "}").getBytes(UTF_8), null));
    }

    @Test
    void anIntegerADoubleCannotHoldIsRefusedToo() {
        String big = "1" + "0".repeat(309);

        assertEquals("a number is out of any usable range", problem(page("{" + GOOD + ",\"n\":" + big + "}")));
        assertEquals("a number is out of any usable range", problem(page("{" + GOOD + ",\"n\":-" + big + "}")));
        assertEquals("a number is out of any usable range", problem("{\"users\":[],\"total\":" + big + "}"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.5e308", "1.7976931348623157e308", "4.9e-324", "3e-324", "0e99999", "-0.000e-999999999", "1.50",
        "-0", "12345678901234567890", "0.000000000000000000000000000001"})
    void aNumberADoubleHoldsPassesAsSent(String number) {
        String user = "{" + GOOD + ",\"n\":[" + number + "]}";

        UserPage page = ResponseParser.page("list", page(user).getBytes(UTF_8), null);

        assertEquals(user, text(page.users().get(0).source()));
    }

    @Test
    void aNumberOfMoreThanAThousandDigitsIsRefusedAsReadmeSays() {
        String thousand = "0." + "9".repeat(999); // a thousand digits, which a double holds

        assertEquals(1, ResponseParser.page("list", page("{" + GOOD + ",\"n\":" + thousand + "}").getBytes(UTF_8), null)
                .users().size());
        assertTrue(problem(page("{" + GOOD + ",\"n\":" + thousand + "9}")).startsWith("it goes beyond what the tool accepts"));
        assertTrue(problem(page("{" + GOOD + ",\"n\":" + "9".repeat(5000) + "}")).startsWith("it goes beyond what the tool accepts"));
    }

    @Test
    void aStringLongerThanAllowedIsRefusedEvenWhereNothingReadsIt() {
        String longText = "x".repeat(Json.MAX_STRING_LENGTH + 1);

        assertTrue(problem(page("{" + GOOD + ",\"note\":\"" + longText + "\"}")).startsWith("it goes beyond what the tool accepts"));
        assertEquals(1, ResponseParser.page("list", page("{" + GOOD + ",\"note\":\"" + longText.substring(1) + "\"}").getBytes(UTF_8), null).users().size());
    }

    @Test
    void aNulInTheFirstBytesIsNotTakenForUtf16() {
        assertEquals("the body is not JSON text (a NUL byte at byte 1)", problem("{\u0000\"\u0000}\u0000"));
    }

    @Test
    void eachUserIsItsOwnBytesInTheBody() {
        String first = "{" + GOOD + ",\"n\":[1.50, 2]}";
        String second = "{ \"user_id\" : \"v\" , \"client_user_id\" : \"d\" }";
        String body = "\ufeff {\"users\" : [ " + first + " ,\n" + second + " ] }";

        UserPage page = ResponseParser.page("list", body.getBytes(UTF_8), null);

        assertEquals(List.of(first, second), page.users().stream().map(user -> text(user.source())).toList());
        assertEquals(body, text(page.source()));
    }

    @Test
    void aUserIsReadOnceIntoEveryFieldAsSent() {
        String user = "{" + GOOD + ",\"team_id\":\"t\",\"created_on\":\"2024-03-01 10:00:00\",\"connected_sources\":["
                + "{\"provider\":{\"slug\":\"p1\"},\"source\":{\"slug\":\"s1\"}},{\"source\":{\"slug\":\"s2\"}},{\"provider\":null,\"source\":null},"
                + "null,{\"created_on\":\"x\",\"provider\":{\"name\":\"no slug\"}}],\"fallback_time_zone\":{\"id\":\"Europe/Oslo\"},"
                + "\"fallback_birth_date\":{\"value\":\"1990-01-02\",\"source_slug\":\"oura\",\"updated_at\":\"2024-01-02\"},"
                + "\"ingestion_start\":\"2024-01-01\",\"ingestion_end\":null}";

        UserRecord read = ResponseParser.page("list", page(user).getBytes(UTF_8), null).users().get(0);

        List<String> texts = new ArrayList<>();
        UserField.all().forEach(field -> texts.add(read.text(field)));
        assertEquals(Arrays.asList("u", "t", "c", "2024-03-01 10:00:00", null, "Europe/Oslo", "1990-01-02", "2024-01-01", null), texts);
        assertEquals(List.of("p1", "s2"), read.sourceSlugs());
        assertEquals(List.of(new UserRecord.ConnectedSource(0, "p1", null, null), new UserRecord.ConnectedSource(1, "s2", null, null),
                new UserRecord.ConnectedSource(2, null, null, null), new UserRecord.ConnectedSource(4, null, "no slug", "x")), read.sources());
        assertEquals(new UserRecord.Nested("1990-01-02", "oura", "2024-01-02"), read.nested(UserField.FALLBACK_BIRTH_DATE));
        assertEquals(new UserRecord.Nested("Europe/Oslo", null, null), read.nested(UserField.FALLBACK_TIME_ZONE));
    }

    @Test
    void aUserDocumentIsCheckedAlike() {
        UserRecord user = ResponseParser.user("resolve", (" {" + GOOD + "} ").getBytes(UTF_8), null);

        assertEquals("{" + GOOD + "}", text(user.source()));
        assertNull(user.text(UserField.TEAM_ID));
        assertEquals("c", user.clientUserId());
        assertThrows(BadResponse.class, () -> ResponseParser.user("resolve", "{\"user_id\":\"u\"}".getBytes(UTF_8), null));
    }

    private static String text(JsonBytes bytes) {
        return new String(bytes.body(), bytes.offset(), bytes.length(), UTF_8);
    }
}
