package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.userlookup.fake.AwkwardCase;
import dev.userlookup.fake.FakeService;
import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A connected source is described by {@code provider}, or by the deprecated {@code source} when
 * {@code provider} is missing or null: in the table card and rows and in CSV. JSON and NDJSON print
 * both as sent. Each case is one user with one connected source, seen through resolve, list and
 * list --all in every format.
 */
class ConnectedSourcesTest {

    @RegisterExtension
    final Registry service = new Registry();

    private static final String CONNECTED_ON = "2024-03-02T08:30:00+00:00";
    private static final String CONNECTED_ON_IN_CARD = "2024-03-02 08:30:00 +00:00";
    private static final String CSV_HEADER =
            "user_id,team_id,client_user_id,created_on,sources,time_zone,birth_date,ingestion_start,ingestion_end\r\n";
    private static final String NONE = "-";

    private final ObjectMapper json = new ObjectMapper();

    /** Connected sources that are read: the slug and name expected, null where {@code -} is shown. */
    enum Readable {
        PROVIDER_ONLY("\"provider\":" + describe("oura", "Oura"), "oura", "Oura"),
        SOURCE_ONLY("\"source\":" + describe("fitbit", "Fitbit"), "fitbit", "Fitbit"),
        BOTH_EQUAL("\"provider\":" + describe("garmin", "Garmin") + ",\"source\":" + describe("garmin", "Garmin"),
                "garmin", "Garmin"),
        BOTH_DIFFERENT_PROVIDER_WINS("\"provider\":" + describe("whoop", "WHOOP") + ",\"source\":" + describe("whoop_v1", "Whoop (old)"),
                "whoop", "WHOOP"),
        SOURCE_FIRST_PROVIDER_STILL_WINS("\"source\":" + describe("polar_v1", "Polar (old)") + ",\"provider\":" + describe("polar", "Polar"),
                "polar", "Polar"),
        PROVIDER_NULL_SOURCE_READ("\"provider\":null,\"source\":" + describe("withings", "Withings"), "withings", "Withings"),
        NEITHER("", null, null),
        BOTH_NULL("\"provider\":null,\"source\":null", null, null),
        PROVIDER_EMPTY_OBJECT_WINS("\"provider\":{},\"source\":" + describe("dexcom", "Dexcom"), null, null),
        SOURCE_NOT_AN_OBJECT_BESIDE_PROVIDER("\"provider\":" + describe("apple_health_kit", "Apple HealthKit") + ",\"source\":\"apple\"",
                "apple_health_kit", "Apple HealthKit"),
        SOURCE_FIELDS_WRONG_BESIDE_PROVIDER("\"provider\":" + describe("eight_sleep", "Eight Sleep")
                + ",\"source\":{\"slug\":7,\"name\":[\"x\"],\"logo\":false}", "eight_sleep", "Eight Sleep");

        final String fields;
        final String slug;
        final String name;

        Readable(String fields, String slug, String name) {
            this.fields = fields;
            this.slug = slug;
            this.name = name;
        }

        String clientUserId() {
            return name().toLowerCase().replace('_', '-');
        }

        String userId() {
            return Users.uuid(ordinal());
        }

        String json() {
            return user(userId(), clientUserId(), fields);
        }
    }

    /** Connected sources whose field that is read has a wrong type: exit 5, naming it. */
    enum Unreadable {
        PROVIDER_A_STRING("\"provider\":\"oura\",\"source\":" + describe("oura", "Oura"),
                "connected_sources[0].provider: expected an object, got a string"),
        PROVIDER_AN_ARRAY("\"provider\":[],\"source\":" + describe("oura", "Oura"),
                "connected_sources[0].provider: expected an object, got an array"),
        PROVIDER_SLUG_A_NUMBER("\"provider\":{\"slug\":7},\"source\":" + describe("oura", "Oura"),
                "connected_sources[0].provider.slug: expected a string, got a number"),
        PROVIDER_NAME_AN_OBJECT("\"provider\":{\"slug\":\"oura\",\"name\":{}}",
                "connected_sources[0].provider.name: expected a string, got an object"),
        PROVIDER_LOGO_A_BOOLEAN("\"provider\":{\"slug\":\"oura\",\"logo\":true},\"source\":" + describe("oura", "Oura"),
                "connected_sources[0].provider.logo: expected a string, got a boolean"),
        SOURCE_A_STRING_PROVIDER_NULL("\"provider\":null,\"source\":\"oura\"",
                "connected_sources[0].source: expected an object, got a string"),
        SOURCE_A_NUMBER_NO_PROVIDER("\"source\":1",
                "connected_sources[0].source: expected an object, got a number"),
        SOURCE_SLUG_A_NUMBER_NO_PROVIDER("\"source\":{\"slug\":7,\"name\":\"Oura\"}",
                "connected_sources[0].source.slug: expected a string, got a number");

        final String fields;
        final String problem;

        Unreadable(String fields, String problem) {
            this.fields = fields;
            this.problem = problem;
        }
    }

    static String describe(String slug, String name) {
        return "{\"logo\":\"https://logo.test/" + slug + ".png\",\"name\":\"" + name + "\",\"slug\":\"" + slug + "\"}";
    }

    /** A user with one connected source made of {@code fields}, and nothing else optional. */
    static String user(String userId, String clientUserId, String fields) {
        return "{\"user_id\":\"" + userId + "\",\"client_user_id\":\"" + clientUserId + "\","
                + "\"connected_sources\":[{\"created_on\":\"" + CONNECTED_ON + "\"" + (fields.isEmpty() ? "" : "," + fields) + "}]}";
    }

    private static String page(List<String> users) {
        return "{\"users\":[" + String.join(",", users) + "],\"total\":" + users.size() + ",\"offset\":0,\"limit\":500}";
    }

    private static String[] columns(String line) {
        return line.trim().split(" {2,}");
    }

    private static String shown(String text) {
        return text == null ? NONE : text;
    }

    private Cli cli() {
        return Cli.against(service);
    }

    private void stubResolve(String clientUserId, String body) {
        service.get("/v2/user/resolve/" + clientUserId).reply(Reply.ok(body));
    }

    private void stubList(String body) {
        service.getPath("/v2/user/").reply(Reply.ok(body));
    }

    // ---------------------------------------------------------------- resolve

    @ParameterizedTest
    @EnumSource(Readable.class)
    void theCardShowsTheSourceThatIsRead(Readable c) {
        stubResolve(c.clientUserId(), c.json());

        Cli.Result result = cli().run("resolve", c.clientUserId(), "-o", "table", "--color=never");

        assertEquals(0, result.exit(), result::toString);
        assertEquals("", result.err());
        String[] lines = result.out().split("\n");
        int heading = Arrays.asList(lines).indexOf("Sources (1)");
        assertTrue(heading > 0, result.out());
        assertEquals(List.of("SLUG", "NAME", "CONNECTED"), List.of(columns(lines[heading + 1])), result.out());
        assertEquals(List.of(shown(c.slug), shown(c.name), CONNECTED_ON_IN_CARD), List.of(columns(lines[heading + 2])), result.out());
        assertEquals(heading + 3, lines.length, result.out());
    }

    @ParameterizedTest
    @EnumSource(Readable.class)
    void csvOfOneUserHasTheSlugThatIsRead(Readable c) {
        stubResolve(c.clientUserId(), c.json());

        Cli.Result result = cli().run("resolve", c.clientUserId(), "-o", "csv");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(CSV_HEADER + c.userId() + ",," + c.clientUserId() + ",," + (c.slug == null ? "" : c.slug) + ",,,,\r\n",
                result.out());
    }

    @ParameterizedTest
    @EnumSource(Readable.class)
    void jsonAndNdjsonOfOneUserKeepBothFieldsAsSent(Readable c) throws Exception {
        stubResolve(c.clientUserId(), c.json());

        Cli.Result pretty = cli().run("resolve", c.clientUserId(), "-o", "json");
        Cli.Result compact = cli().run("resolve", c.clientUserId(), "-o", "ndjson");

        assertEquals(0, pretty.exit(), pretty::toString);
        assertEquals(json.readTree(c.json()), json.readTree(pretty.outBytes()));
        assertEquals(0, compact.exit(), compact::toString);
        assertEquals(c.json() + "\n", compact.out());
    }

    /** Several ids print rows, sized by the first user: the same one twice shows every cell whole. */
    @ParameterizedTest
    @EnumSource(Readable.class)
    void severalIdsGiveRowsWithTheSlugThatIsRead(Readable c) {
        stubResolve(c.clientUserId(), c.json());

        Cli.Result result = cli().run("resolve", c.clientUserId(), c.clientUserId(), "-o", "table", "--color=never");

        assertEquals(0, result.exit(), result::toString);
        String[] lines = result.out().split("\n");
        assertEquals(3, lines.length, result.out());
        assertHeader(lines[0]);
        assertRow(c, lines[1]);
        assertRow(c, lines[2]);
    }

    // ---------------------------------------------------------------- list, list --all

    static Stream<Arguments> listCommands() {
        return Stream.of(Arguments.of((Object) new String[] {"list"}), Arguments.of((Object) new String[] {"list", "--all"}));
    }

    private Cli.Result list(String[] command, String format) {
        List<String> args = new ArrayList<>(List.of(command));
        args.addAll(List.of("-o", format, "--color=never"));
        return cli().run(args.toArray(String[]::new));
    }

    private static List<String> readableUsers() {
        return Stream.of(Readable.values()).map(Readable::json).collect(Collectors.toList());
    }

    @ParameterizedTest
    @MethodSource("listCommands")
    void tableRowsShowTheSlugThatIsRead(String[] command) {
        stubList(page(readableUsers()));

        Cli.Result result = list(command, "table");

        assertEquals(0, result.exit(), result::toString);
        assertRows(result.out());
    }

    /** A header, then one row a case in order. */
    private static void assertRows(String out) {
        String[] lines = out.split("\n");
        assertEquals(Readable.values().length + 1, lines.length, out);
        assertHeader(lines[0]);
        for (Readable c : Readable.values()) {
            assertRow(c, lines[c.ordinal() + 1]);
        }
    }

    private static void assertHeader(String line) {
        assertEquals(List.of("USER ID", "CLIENT USER ID", "CREATED (UTC)", "SOURCES", "TIME ZONE"), List.of(columns(line)), line);
    }

    /** The SOURCES cell is the slug that is read, or {@code -}; the users have no created_on nor time zone. */
    private static void assertRow(Readable c, String line) {
        assertEquals(List.of(c.userId(), c.clientUserId(), NONE, shown(c.slug), NONE), List.of(columns(line)), c + ": " + line);
    }

    @ParameterizedTest
    @MethodSource("listCommands")
    void csvRowsHaveTheSlugThatIsRead(String[] command) {
        stubList(page(readableUsers()));

        Cli.Result result = list(command, "csv");

        assertEquals(0, result.exit(), result::toString);
        StringBuilder expected = new StringBuilder(CSV_HEADER);
        for (Readable c : Readable.values()) {
            expected.append(c.userId()).append(",,").append(c.clientUserId()).append(",,")
                    .append(c.slug == null ? "" : c.slug).append(",,,,\r\n");
        }
        assertEquals(expected.toString(), result.out());
    }

    @ParameterizedTest
    @MethodSource("listCommands")
    void jsonKeepsBothFieldsAsSent(String[] command) throws Exception {
        stubList(page(readableUsers()));

        Cli.Result result = list(command, "json");

        assertEquals(0, result.exit(), result::toString);
        JsonNode users = json.readTree(result.outBytes()).get("users");
        assertEquals(Readable.values().length, users.size(), result.out());
        for (Readable c : Readable.values()) {
            assertEquals(json.readTree(c.json()), users.get(c.ordinal()), c.toString());
        }
    }

    @ParameterizedTest
    @MethodSource("listCommands")
    void ndjsonKeepsBothFieldsByteForByte(String[] command) {
        stubList(page(readableUsers()));

        Cli.Result result = list(command, "ndjson");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(String.join("\n", readableUsers()) + "\n", result.out());
    }

    // ---------------------------------------------------------------- wrong types

    static Stream<Arguments> unreadableInEveryFormat() {
        List<Arguments> all = new ArrayList<>();
        for (Unreadable c : Unreadable.values()) {
            for (String format : List.of("table", "csv", "json", "ndjson")) {
                all.add(Arguments.of(c, format));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "[{index}] {0} -o {1}")
    @MethodSource("unreadableInEveryFormat")
    void aWrongTypeInTheFieldThatIsReadIsExit5(Unreadable c, String format) {
        String broken = user(Users.uuid(1), "broken", c.fields);
        stubResolve("broken", broken);
        stubList(page(List.of(Readable.PROVIDER_ONLY.json(), broken)));

        Cli.Result resolved = cli().run("resolve", "broken", "-o", format);
        Cli.Result listed = list(new String[] {"list"}, format);
        Cli.Result walked = list(new String[] {"list", "--all"}, format);

        assertEquals(5, resolved.exit(), resolved::toString);
        assertEquals("userlookup: resolve \"broken\": the response is not the JSON expected: " + c.problem + "\n", resolved.err());
        assertEquals("", resolved.out());
        for (Cli.Result result : List.of(listed, walked)) {
            assertEquals(5, result.exit(), result::toString);
            assertTrue(result.err().startsWith("userlookup: list"), result.err());
            assertTrue(result.err().endsWith(": the response is not the JSON expected: users[1]: " + c.problem + "\n"), result.err());
            assertEquals(1, result.err().split("\n").length, result.err());
        }
    }

    // ---------------------------------------------------------------- the fake service

    /** The fake sends both fields on most users and provider alone on some; every CSV row has the slugs read. */
    @Test
    void theFakeServicesUsersShowTheirProvidersSlugs() throws Exception {
        try (FakeService fake = FakeService.builder().users(300).start()) {
            Cli.Result result = Cli.against(fake.baseUrl()).env("USERLOOKUP_API_KEY", fake.apiKey()).run("list", "--all", "-o", "csv");

            assertEquals(0, result.exit(), result::toString);
            List<String[]> rows = new ArrayList<>();
            try (MappingIterator<String[]> csv = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY)
                    .readerFor(String[].class).readValues(result.outBytes())) {
                csv.forEachRemaining(rows::add);
            }
            assertEquals(301, rows.size());
            int providerOnly = 0;
            for (int i = 0; i < 300; i++) {
                JsonNode user = fake.users().user(i);
                String[] row = rows.get(i + 1);
                assertEquals(user.get("user_id").asText(), row[0]);
                assertEquals(slugsRead(user), row[4], "user " + i);
                if (!row[4].isEmpty() && !user.toString().contains("\"source\":")) {
                    providerOnly++;
                }
            }
            assertTrue(providerOnly > 20, "users whose sources are provider only: " + providerOnly);
            assertEquals("x", rows.get(AwkwardCase.PROVIDER_DIFFERS.index() + 1)[4]);
            assertEquals("oura", rows.get(AwkwardCase.SOURCE_FIELDS_NULL.index() + 1)[4]);
            assertEquals("garmin", rows.get(AwkwardCase.SOURCE_NULL.index() + 1)[4]);
        }
    }

    /** The rule, written again here as the test's own oracle: provider unless missing or null, else source. */
    private static String slugsRead(JsonNode user) {
        List<String> slugs = new ArrayList<>();
        JsonNode sources = user.get("connected_sources");
        if (sources != null && sources.isArray()) {
            for (JsonNode connected : sources) {
                JsonNode provider = connected.get("provider");
                JsonNode read = provider == null || provider.isNull() ? connected.get("source") : provider;
                if (read != null && read.hasNonNull("slug")) {
                    slugs.add(read.get("slug").asText());
                }
            }
        }
        return String.join(";", slugs);
    }

    @Test
    void theFakeServicesCardShowsTheProviderWhereItDiffers() {
        try (FakeService fake = FakeService.builder().users(50).start()) {
            String id = fake.users().clientUserId(AwkwardCase.PROVIDER_DIFFERS.index());

            Cli.Result result = Cli.against(fake.baseUrl()).env("USERLOOKUP_API_KEY", fake.apiKey())
                    .run("resolve", id, "-o", "table", "--color=never");

            assertEquals(0, result.exit(), result::toString);
            String[] lines = result.out().split("\n");
            int heading = Arrays.asList(lines).indexOf("Sources (1)");
            assertTrue(heading > 0, result.out());
            assertEquals(List.of("x", "X", "2024-01-02 03:04:05 +00:00"), List.of(columns(lines[heading + 2])), result.out());
        }
    }
}
