package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import dev.userlookup.console.DisplayWidth;
import dev.userlookup.model.UserField;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code --fields}: one vocabulary (the CSV header's names, the service's keys too), checked
 * before any request; in json and ndjson each chosen field under the service's key with its
 * value as sent, in the order given; CSV's columns and the table's in that order, ids whole.
 */
class FieldsCommandTest {

    @RegisterExtension
    final Registry service = new Registry();

    /** Values in the output's compact form, so the expected bytes are the sent ones: numbers as written, unknown members, nesting. */
    private static final String ZONE = "{\"id\":\"Europe/Berlin\",\"source_slug\":\"oura\",\"updated_at\":\"2024-03-02T08:30:00Z\","
            + "\"weight\":1.50,\"big\":1e5,\"deep\":[[],{},[null,true,-0.0]]}";
    private static final String SOURCES = "[{\"created_on\":\"2024-03-02T08:30:00.123456+00:00\","
            + "\"provider\":{\"slug\":\"oura\",\"extra\":12345678901234567890123}}]";

    private static String user(int i, String clientUserId) {
        // White space between tokens, as a service may send it: the chosen values still come out compact, as ndjson prints them.
        return "{ \"user_id\" : \"" + Users.uuid(i) + "\", \"team_id\":\"" + Users.TEAM + "\",\"client_user_id\":" + Users.quote(clientUserId)
                + ",\"created_on\":\"2024-03-01T10:00:00.5+01:00\",\"connected_sources\":" + SOURCES
                + ",\"fallback_time_zone\":" + ZONE + ",\"unknown\":{\"a\":1},\"ingestion_start\":null}";
    }

    private static String page(String... users) {
        return "{\"users\":[" + String.join(",", users) + "],\"total\":" + users.length + ",\"offset\":0,\"limit\":50,\"cursor\":0.10}";
    }

    private Cli.Result list(String body, String... args) {
        service.getPath("/v2/user/").reply(Reply.ok(body));
        String[] all = new String[args.length + 1];
        all[0] = "list";
        System.arraycopy(args, 0, all, 1, args.length);
        return Cli.against(service).run(all);
    }

    @Test
    void theVocabularyIsTheCsvHeaderAndTheServiceKeysDifferentFromIt() {
        Cli.Result csv = list(page(user(1, "a")), "-o", "csv");
        String header = csv.out().lines().findFirst().orElseThrow();

        assertEquals(header, UserField.all().stream().map(UserField::csvColumn).collect(Collectors.joining(",")));
        assertEquals(List.of(header.split(",")), UserField.names().subList(0, UserField.all().size()));
        assertEquals(List.of("connected_sources", "fallback_time_zone", "fallback_birth_date"),
                UserField.names().subList(UserField.all().size(), UserField.names().size()));
    }

    @Test
    void ndjsonKeepsTheChosenFieldsInTheOrderGivenWithTheServicesKeysAndValuesAsSent() {
        Cli.Result result = list(page(user(1, "a"), user(2, "b")), "-o", "ndjson", "--fields", "time_zone,user_id,sources,birth_date");

        assertEquals(0, result.exit(), result::toString);
        assertEquals("{\"fallback_time_zone\":" + ZONE + ",\"user_id\":\"" + Users.uuid(1) + "\",\"connected_sources\":" + SOURCES + "}\n"
                + "{\"fallback_time_zone\":" + ZONE + ",\"user_id\":\"" + Users.uuid(2) + "\",\"connected_sources\":" + SOURCES + "}\n",
                result.out(), "birth_date was not sent: it stays absent");
    }

    @Test
    void aChosenValueIsTheBytesTheWholeUserPrintsForIt() {
        // Hostile text: an escape sequence, a line separator, a backslash, a lone surrogate and a plain letter as JSON escapes.
        String body = page(user(1, "HOSTILE").replace("\"HOSTILE\"", "\"\\u001b]0;x\\u0007\u2028\\\\\\ud800\\u0041\""));
        String whole = list(body, "-o", "ndjson").out();
        String chosen = list(body, "-o", "ndjson", "--fields", "client_user_id,fallback_time_zone").out();

        String clientUserId = between(whole, "\"client_user_id\":", ",\"created_on\"");
        assertFalse(clientUserId.contains("\u001b"), clientUserId);
        assertEquals("{\"client_user_id\":" + clientUserId + ",\"fallback_time_zone\":" + ZONE + "}\n", chosen);
    }

    @Test
    void jsonOfAPageKeepsItsOwnMembersAndEachUsersChosenFields() throws Exception {
        Cli.Result result = list(page(user(1, "a")), "-o", "json", "--fields", "client_user_id,user_id");

        assertEquals(0, result.exit(), result::toString);
        ObjectMapper json = new ObjectMapper();
        assertEquals(json.readTree("{\"users\":[{\"client_user_id\":\"a\",\"user_id\":\"" + Users.uuid(1) + "\"}],"
                + "\"total\":1,\"offset\":0,\"limit\":50,\"cursor\":0.10}"), json.readTree(result.outBytes()));
        assertTrue(result.out().contains("\"cursor\": 0.10"), result.out());
        assertTrue(result.out().indexOf("client_user_id") < result.out().indexOf("\"user_id"), result.out());
    }

    @Test
    void aWalkAndABatchAndOneUserCarryTheChosenFieldsToo() throws Exception {
        Cli.Result walk = list(page(user(1, "a")), "--all", "-o", "json", "--fields", "user_id,ingestion_start");
        assertEquals(0, walk.exit(), walk::toString);
        assertEquals(new ObjectMapper().readTree("{\"users\":[{\"user_id\":\"" + Users.uuid(1) + "\",\"ingestion_start\":null}],"
                + "\"total\":1,\"offset\":0,\"limit\":1}"), new ObjectMapper().readTree(walk.outBytes()));

        service.getPath("/v2/user/resolve/a").reply(Reply.ok(user(1, "a")));
        service.getPath("/v2/user/resolve/b").reply(Reply.ok(user(2, "b")));
        Cli.Result one = Cli.against(service).run("resolve", "a", "-o", "json", "--fields", "sources");
        assertEquals("{\n  \"connected_sources\": [\n    {\n      \"created_on\": \"2024-03-02T08:30:00.123456+00:00\",\n"
                + "      \"provider\": {\n        \"slug\": \"oura\",\n        \"extra\": 12345678901234567890123\n      }\n    }\n  ]\n}\n",
                one.out());
        Cli.Result batch = Cli.against(service).run("resolve", "a", "b", "-o", "ndjson", "--fields", "client_user_id");
        assertEquals("{\"client_user_id\":\"a\"}\n{\"client_user_id\":\"b\"}\n", batch.out(), batch::toString);
    }

    @Test
    void csvHasTheChosenColumnsInOrderAndStillGuardsFormulas() {
        Cli.Result result = list(page(user(1, "=HYPERLINK(\"x\")"), user(2, "-2")), "-o", "csv", "--fields", "client_user_id,sources,user_id");

        assertEquals(0, result.exit(), result::toString);
        assertEquals("client_user_id,sources,user_id\r\n\"'=HYPERLINK(\"\"x\"\")\",oura," + Users.uuid(1) + "\r\n'-2,oura,"
                + Users.uuid(2) + "\r\n", result.out());
    }

    @ParameterizedTest(name = "{0} columns")
    @ValueSource(ints = {60, 80})
    void theTableShowsTheChosenColumnsInOrderWithTheIdsWhole(int width) {
        String longId = "customer-with-a-rather-long-id-0002";
        service.getPath("/v2/user/").reply(Reply.ok(page(user(1, "customer-1"), user(2, longId))));

        Cli.Result result = Cli.against(service).terminal(true, width)
                .run("list", "--color=never", "--fields", "time_zone,team_id,user_id,client_user_id");

        assertEquals(0, result.exit(), result::toString);
        String out = result.out();
        for (String line : out.split("\n")) {
            assertTrue(DisplayWidth.of(line) <= width, "wider than " + width + ": [" + line + "]");
        }
        for (String id : List.of(Users.uuid(1), Users.uuid(2), Users.TEAM, "customer-1", longId)) {
            assertTrue(out.contains(id), id + " whole at " + width + ":\n" + out);
        }
        String header = out.lines().findFirst().orElseThrow();
        assertTrue(header.indexOf("TEAM ID") < header.indexOf("USER ID") && header.indexOf("USER ID") < header.indexOf("CLIENT USER ID"),
                header);
        assertFalse(out.contains("CREATED"), out);
    }

    @ParameterizedTest(name = "{0} --help")
    @ValueSource(strings = {"list", "resolve"})
    void helpNamesEveryFieldAndTheJqOption(String command) {
        Cli.Result result = Cli.bare().run(command, "--help");

        assertEquals(0, result.exit(), result::toString);
        String help = result.out();
        for (UserField field : UserField.all()) {
            assertTrue(help.contains(field.csvColumn()), field.csvColumn() + " in " + command + " --help:\n" + help);
        }
        assertTrue(help.contains("--fields=LIST") && help.contains("--jq=FILTER"), help);
    }

    @Test
    void theNextPageAtATerminalIsAskedForWithTheSameFields() {
        String onePageOfMany = page(user(1, "customer-1")).replace("\"total\":1,", "\"total\":90,").replace("\"limit\":50", "\"limit\":1");
        service.getPath("/v2/user/").reply(Reply.ok(onePageOfMany));

        Cli.Result result = Cli.against(service).terminal(true, 120)
                .run("list", "--color=never", "--limit", "1", "--fields", "connected_sources,client_user_id");

        assertTrue(result.out().contains("Next page: userlookup list --color never --limit 1 --fields connected_sources,client_user_id --offset 1"),
                result::toString);
    }

    @Test
    void aNextPageTooWideForTheScreenKeepsTheFieldsOnAContinuedLineAndNothingWraps() {
        String onePageOfMany = page(user(1, "customer-1")).replace("\"total\":1,", "\"total\":90,").replace("\"limit\":50", "\"limit\":1");
        service.getPath("/v2/user/").reply(Reply.ok(onePageOfMany));

        Cli.Result result = Cli.against(service).terminal(true, 80)
                .run("list", "--color=never", "--limit", "1", "--fields", "time_zone,sources,user_id,team_id,client_user_id");

        assertTrue(result.out().contains("userlookup list --color never --limit 1 \\\n"
                + "  --fields time_zone,sources,user_id,team_id,client_user_id --offset 1\n"), result::toString);
        for (String line : result.out().split("\n")) {
            assertTrue(DisplayWidth.of(line) <= 80, "wider than 80: [" + line + "]");
        }
    }

    @Test
    void aColumnThatGivesWayBetweenTheIdsLeavesTheIdsAfterIt() {
        service.getPath("/v2/user/").reply(Reply.ok(page(user(1, "customer-1"))));

        Cli.Result result = Cli.against(service).terminal(true, 60)
                .run("list", "--color=never", "--fields", "user_id,time_zone,client_user_id");

        assertEquals(List.of("USER ID                               CLIENT USER ID", Users.uuid(1) + "  customer-1"),
                result.out().lines().limit(2).toList(), result::toString);
    }

    @Test
    void theCardShowsTheChosenFieldsInOrderAndTheSourcesOnlyWhenChosen() {
        service.getPath("/v2/user/resolve/a").reply(Reply.ok(user(1, "a")));

        Cli.Result result = Cli.against(service).terminal(true, 80).run("resolve", "a", "--color=never",
                "--fields", "time_zone,client_user_id");
        List<String> lines = result.out().lines().toList();

        assertEquals(0, result.exit(), result::toString);
        assertEquals(2, lines.size(), result.out());
        assertTrue(lines.get(0).startsWith("Time zone       Europe/Berlin"), result.out());
        assertEquals("Client user ID  a", lines.get(1));

        Cli.Result sources = Cli.against(service).terminal(true, 80).run("resolve", "a", "--color=never",
                "--fields", "sources,user_id");
        assertTrue(sources.out().startsWith("User ID  " + Users.uuid(1) + "\n\nSources (1)\n"), sources.out());
    }

    @Test
    void anUnknownNameIsAUsageErrorWithTheClosestBeforeAnyRequest() {
        Cli.Result result = Cli.against(service).run("list", "--fields", "user_id,sorces");

        assertEquals(2, result.exit(), result::toString);
        assertEquals("userlookup: list: --fields 'user_id,sorces'? no field 'sorces'; did you mean sources\n", result.err());
        assertEquals(0, service.requests().size());
    }

    @Test
    void emptyAndRepeatedNamesAreUsageErrorsBeforeAnyRequest() {
        Cli.Result empty = Cli.against(service).run("resolve", "a", "--fields", "user_id,");
        Cli.Result twice = Cli.against(service).run("list", "--all", "--fields", "sources,connected_sources");

        assertEquals(2, empty.exit(), empty::toString);
        assertTrue(empty.err().contains("a field name is empty"), empty.err());
        assertEquals(2, twice.exit(), twice::toString);
        assertTrue(twice.err().contains("sources is named twice"), twice.err());
        assertEquals(0, service.requests().size());
    }

    @Test
    void countTakesNoFields() {
        Cli.Result result = Cli.against(service).run("list", "--count", "--fields", "user_id");

        assertEquals(2, result.exit(), result::toString);
        assertTrue(result.err().contains("--count prints only the total"), result.err());
        assertEquals(0, service.requests().size());
    }

    private static String between(String text, String before, String after) {
        int start = text.indexOf(before) + before.length();
        return text.substring(start, text.indexOf(after, start));
    }
}
