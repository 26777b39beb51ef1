package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ListCommandTest {

    @RegisterExtension
    final Registry service = new Registry();

    private final ObjectMapper json = new ObjectMapper();

    @Test
    void withoutPagingOptionsTheServiceDefaultApplies() {
        service.get("/v2/user/").reply(Reply.ok(Users.page(0, 3, 3, 100)));

        Cli.Result result = Cli.against(service).run("list");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(1, service.count("/v2/user/"));
    }

    @Test
    void sendsOffsetAndLimit() {
        service.get("/v2/user/?offset=20&limit=10").reply(Reply.ok(Users.page(20, 10, 95, 10)));

        Cli.Result result = Cli.against(service).run("list", "--offset", "20", "--limit", "10");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(1, service.count("/v2/user/?offset=20&limit=10"));
    }

    @Test
    void jsonIsThePageAsSent() throws Exception {
        String body = "{\"users\":[" + Users.user(Users.uuid(1), "a") + "],\"total\":1,\"offset\":0,\"limit\":50,"
                + "\"next_cursor\":null,\"meta\":{\"ratio\":0.10}}";
        service.getPath("/v2/user/").reply(Reply.ok(body));

        Cli.Result result = Cli.against(service).run("list", "-o", "json");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(json.readTree(body), json.readTree(result.outBytes()));
        assertTrue(result.out().contains("\"ratio\": 0.10"), result.out());
    }

    @Test
    void aTimestampFoundWrongOnlyAsARowIsWrittenIsABadResponseWithItsExitStatus() {
        // The shape check lets any string through as created_on; the table reads it as a time (the model's failure, not the service's).
        String body = "{\"users\":[{\"user_id\":\"u\",\"client_user_id\":\"c\",\"created_on\":\"yesterday\"}],\"total\":1}";
        service.getPath("/v2/user/").reply(Reply.ok(body));

        Cli.Result result = Cli.against(service).run("list", "-o", "table");

        assertEquals(5, result.exit(), result::toString);
        assertEquals("userlookup: list: the response is not the JSON expected: user u: created_on: "
                + "not an ISO-8601 timestamp: \"yesterday\"", result.err().lines().findFirst().orElse(""), result.err());
    }

    @Test
    void ndjsonIsOneCompactUserALine() throws Exception {
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(0, 3, 3, 3)));

        Cli.Result result = Cli.against(service).run("list", "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        String[] lines = result.out().split("\n", -1);
        assertEquals(4, lines.length, result.out());
        assertEquals("", lines[3]);
        for (int i = 0; i < 3; i++) {
            JsonNode user = json.readTree(lines[i]);
            assertEquals(Users.uuid(i), user.get("user_id").asText());
            assertTrue(lines[i].startsWith("{\"user_id\":"), lines[i]);
        }
    }

    @Test
    void csvHasTheContractColumns() {
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(0, 2, 2, 2)));

        Cli.Result result = Cli.against(service).run("list", "-o", "csv");

        assertEquals(0, result.exit(), result::toString);
        assertEquals("user_id,team_id,client_user_id,created_on,sources,time_zone,birth_date,ingestion_start,ingestion_end\r\n"
                + Users.uuid(0) + "," + Users.TEAM + ",customer-0,2024-03-01T10:00:00+00:00,oura,Europe/Berlin,1990-05-17,2024-01-01,\r\n"
                + Users.uuid(1) + "," + Users.TEAM + ",customer-1,2024-03-01T10:00:00+00:00,oura,Europe/Berlin,1990-05-17,2024-01-01,\r\n",
                result.out());
    }

    @Test
    void csvOfAnEmptyPageIsTheHeaderOnce() {
        service.getPath("/v2/user/").reply(Reply.ok("{\"users\":[],\"total\":0,\"offset\":0,\"limit\":50}"));

        Cli.Result result = Cli.against(service).run("list", "-o", "csv");

        assertEquals("user_id,team_id,client_user_id,created_on,sources,time_zone,birth_date,ingestion_start,ingestion_end\r\n",
                result.out());
    }

    @Test
    void tableOnATerminalEndsWithTheSliceAndTheNextCommand() {
        service.get("/v2/user/?offset=50&limit=50").reply(Reply.ok(Users.page(50, 50, 1250, 50)));

        Cli.Result result = Cli.against(service).terminal(true, 120).run("list", "--offset", "50", "--limit", "50", "--color", "never");

        assertEquals(0, result.exit(), result::toString);
        String[] lines = result.out().split("\n");
        assertTrue(lines[0].startsWith("USER ID"), lines[0]);
        assertEquals(52, lines.length, result.out());
        assertEquals("Showing 51–100 of 1,250 users. Next page: userlookup list --offset 100 --limit 50 --color never", lines[51]);
    }

    @Test
    void theLastPageSaysSo() {
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(1240, 10, 1250, 50)));

        Cli.Result result = Cli.against(service).terminal(true, 120).run("list", "--offset", "1240", "--limit", "50", "--color=never");

        assertTrue(result.out().endsWith("Showing 1,241–1,250 of 1,250 users. This is the last page.\n"), result.out());
    }

    @Test
    void aPageThatEndsPastTheLargestOffsetHasNoNextPageOnATerminal() {
        // Three users at offset 2^63-2: the range would end past 2^63-1, and no offset follows it.
        String body = Users.page(0, 3, 3, 3).replace("\"total\":3,\"offset\":0",
                "\"total\":9223372036854775807,\"offset\":9223372036854775806");
        service.getPath("/v2/user/").reply(Reply.ok(body));

        Cli.Result result = Cli.against(service).terminal(true, 200)
                .run("list", "--offset", "9223372036854775806", "--limit", "3", "--color=never");

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.out().endsWith("Showing 3 users at offset 9,223,372,036,854,775,806 of 9,223,372,036,854,775,807 users. "
                + "This is the last page.\n"), result.out());
        assertTrue(!result.out().contains("-9"), "an offset overflowed: " + result.out());
    }

    @Test
    void anEmptyPageOnATerminalSaysThereAreNoUsersThere() {
        service.getPath("/v2/user/").reply(Reply.ok("{\"users\":[],\"total\":12,\"offset\":40,\"limit\":10}"));

        Cli.Result result = Cli.against(service).env("NO_COLOR", "1").terminal(true, 100).run("list", "--offset", "40");

        assertEquals(0, result.exit(), result::toString);
        assertEquals("No users at offset 40 (12 in all).\n", result.out());
    }

    @Test
    void tableIntoAPipeHasNoFooter() {
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(0, 2, 1250, 2)));

        Cli.Result result = Cli.against(service).run("list", "-o", "table");

        assertEquals(3, result.out().split("\n").length, result.out());
        assertTrue(!result.out().contains("Showing"), result.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"--limit=0", "--limit=501", "--limit=-1", "--offset=-1", "--limit=x", "--offset=1.5"})
    void badPagingIsAUsageErrorBeforeAnyRequest(String option) {
        Cli.Result result = Cli.against(service).run("list", option);

        assertEquals(2, result.exit(), result::toString);
        assertEquals(1, result.err().split("\n").length, result.err());
        assertTrue(result.err().startsWith("userlookup: list: "), result.err());
        assertEquals(0, service.requests().size());
    }

    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        "--limit=0   | userlookup: list: --limit '0'? the least is 1",
        "--limit=501 | userlookup: list: --limit '501'? the most is 500",
        "--offset=-1 | userlookup: list: --offset '-1'? the least is 0",
    })
    void badPagingSaysWhatTheBoundsAreAndWhatWasGiven(String option, String line) {
        Cli.Result result = Cli.against(service).run("list", option);

        assertEquals(2, result.exit(), result::toString);
        assertEquals(line + "\n", result.err());
        assertEquals("", result.out());
        assertEquals(0, service.requests().size());
    }

    @Test
    void countPrintsOnlyTheTotalFromOneRequest() {
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(0, 1, 1250, 1)));

        Cli.Result result = Cli.against(service).run("list", "--count");

        assertEquals(0, result.exit(), result::toString);
        assertEquals("1250\n", result.out());
        assertEquals(1, service.requests().size());
    }

    @Test
    void a422ListIsRenderedAsFieldColonMessage() {
        service.getPath("/v2/user/")
                .reply(Reply.status(422).json("{\"detail\":[{\"loc\":[\"query\",\"limit\"],\"msg\":\"must be <= 500\",\"type\":\"value_error\"},"
                        + "{\"loc\":[\"query\",\"offset\"],\"msg\":\"must be >= 0\",\"type\":\"value_error\"}]}"));

        Cli.Result result = Cli.against(service).run("list", "--limit", "500");

        assertEquals(2, result.exit(), result::toString);
        assertEquals("userlookup: list (limit 500): the service rejected the request (HTTP 422): "
                + "limit: must be <= 500; offset: must be >= 0\n", result.err());
    }
}
