package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code find} by walking the list, through the real command line against a stubbed team of 2,500 users. */
@Timeout(60)
class FindCommandTest {

    static final int TEAM = 2_500;

    @RegisterExtension
    final Registry service = new Registry();

    @TempDir
    Path cache;

    private final ObjectMapper json = new ObjectMapper();

    /** The team as the service holds it: a page no run asks for is no failure (which pages a walk asks for is pagesAsked's). */
    @BeforeEach
    void team() {
        for (int offset = 0; offset < TEAM; offset += 500) {
            service.get("/v2/user/?offset=" + offset + "&limit=500").optional()
                    .reply(Reply.ok(Users.page(offset, Math.min(500, TEAM - offset), TEAM, 500)));
        }
        service.get("/v2/user/?offset=" + TEAM + "&limit=500").optional().reply(Reply.ok(Users.page(TEAM, 0, TEAM, 500)));
    }

    private Cli cli() {
        return Cli.against(service).env("XDG_CACHE_HOME", cache.toString());
    }

    /** The offsets of the list requests the service saw, in the order they came. */
    private List<Integer> pagesAsked() {
        return service.targets().stream().filter(url -> url.startsWith("/v2/user/?offset="))
                .map(url -> Integer.parseInt(url.substring("/v2/user/?offset=".length(), url.indexOf('&'))))
                .collect(Collectors.toList());
    }

    /** The requests a find begins with: its first page, or a resolve. */
    private List<String> requestsThatBeginAFind() {
        return service.targets().stream()
                .filter(url -> url.startsWith("/v2/user/resolve/") || url.equals("/v2/user/?offset=0&limit=500"))
                .collect(Collectors.toList());
    }

    @Test
    void findsAUserByItsUserIdAndPrintsItAsResolveDoes() throws Exception {
        Cli.Result result = cli().run("find", Users.uuid(1_234), "--no-cache");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(json.readTree(Users.user(Users.uuid(1_234), "customer-1234")), json.readTree(result.outBytes()));
        assertEquals("", result.err());
    }

    @Test
    void stopsAtThePageItWasOnAndAsksForNoPageAfter() {
        Cli.Result result = cli().run("find", Users.uuid(1_234), "--no-cache", "--parallel", "1", "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        List<Integer> asked = pagesAsked().stream().sorted().collect(Collectors.toList());
        // Page 1000 holds the user; with one request at a time (the two pages after the first
        // may go in either order) the next may be out already, no other.
        assertTrue(asked.equals(List.of(0, 500, 1_000)) || asked.equals(List.of(0, 500, 1_000, 1_500)), asked::toString);
    }

    @Test
    void anUpperCaseUserIdFromALogIsTheSameUser() throws Exception {
        String lower = "abcdef00-0000-4000-8000-00000000cafe";
        service.get("/v2/user/?offset=0&limit=500").reply(Reply.ok(Users.page(0, 500, TEAM, 500).replace(Users.uuid(7), lower)));

        Cli.Result result = cli().run("find", lower.toUpperCase(java.util.Locale.ROOT), "--no-cache", "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(lower, json.readTree(result.outBytes()).get("user_id").asText());
    }

    @Test
    void severalIdsPrintInInputOrderAndOneNeverFoundIsNamedWithExit3() throws Exception {
        String missing = "138adbbd-c5e6-36c4-aff7-48390b9f91da";
        Cli.Result result = cli().run("find", Users.uuid(2_400), missing, Users.uuid(3), Users.uuid(2_400), "--no-cache");

        assertEquals(3, result.exit(), result::toString);
        JsonNode users = json.readTree(result.outBytes());
        assertTrue(users.isArray(), result::toString);
        List<String> ids = new ArrayList<>();
        users.forEach(user -> ids.add(user.get("user_id").asText()));
        assertEquals(List.of(Users.uuid(2_400), Users.uuid(3), Users.uuid(2_400)), ids, "input order, an id asked twice twice");
        assertEquals("userlookup: find \"" + missing + "\": not found: none of the 2,500 users searched has this user_id\n", result.err());
    }

    @Test
    void aValueThatIsNotAUserIdIsExit2BeforeAnyRequest() {
        Cli.Result result = cli().run("find", Users.uuid(1), "customer-42");

        assertEquals(2, result.exit(), result::toString);
        assertEquals("userlookup: find: \"customer-42\" is not a user_id (a UUID such as 138adbbd-c5e6-36c4-aff7-48390b9f91da); "
                + "your own ids are looked up with userlookup resolve\n", result.err());
        assertEquals(List.of(), requestsThatBeginAFind());
    }

    @Test
    void idsFromStdinWithBlanksAndBlankLines() throws Exception {
        Cli.Result result = cli().stdin("  " + Users.uuid(10) + "\t\r\n\n" + Users.uuid(2_000) + "\n")
                .run("find", "--stdin", "--no-cache", "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        List<String> lines = result.out().lines().collect(Collectors.toList());
        assertEquals(2, lines.size(), result::toString);
        assertEquals(Users.uuid(10), json.readTree(lines.get(0)).get("user_id").asText());
        assertEquals(Users.uuid(2_000), json.readTree(lines.get(1)).get("user_id").asText());
    }

    @Test
    void aNonUserIdOnStdinIsExit2BeforeAnyRequest() {
        Cli.Result result = cli().stdin(Users.uuid(10) + "\nnot-a-uuid\n").run("find", "--stdin");

        assertEquals(2, result.exit(), result::toString);
        assertTrue(result.err().contains("\"not-a-uuid\" is not a user_id"), result.err());
        assertEquals(List.of(), requestsThatBeginAFind());
    }

    @Test
    void usageErrorsOfTheArguments() {
        assertEquals(2, cli().run("find").exit());
        assertEquals(2, cli().stdin(Users.uuid(1)).run("find", "--stdin", Users.uuid(1)).exit());
        assertEquals(2, cli().stdin("\n\n").run("find", "--stdin").exit());
        assertEquals(List.of(), requestsThatBeginAFind());
    }

    @Test
    void fieldsAndJqWorkAsForResolve() {
        Cli.Result fields = cli().run("find", Users.uuid(42), "--no-cache", "--fields", "client_user_id,user_id", "-o", "csv");
        Cli.Result jq = cli().run("find", Users.uuid(42), Users.uuid(43), "--no-cache", "--jq", ".client_user_id");

        assertEquals(0, fields.exit(), fields::toString);
        assertEquals("client_user_id,user_id\r\ncustomer-42," + Users.uuid(42) + "\r\n", fields.out());
        assertEquals(0, jq.exit(), jq::toString);
        assertEquals("customer-42\ncustomer-43\n", jq.out());
    }

    @Test
    void aTerminalGetsTheCard() {
        Cli.Result result = cli().terminal(true, 80).run("find", Users.uuid(42), "--no-cache");

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.out().contains("customer-42"), result::toString);
        assertTrue(result.out().contains(Users.uuid(42)), result::toString);
    }

    @Test
    void aServiceFailureMidWalkIsExit5() {
        service.get("/v2/user/?offset=1000&limit=500").reply(Reply.status(500));

        Cli.Result result = cli().run("find", Users.uuid(2_000), "--no-cache", "--retries", "0");

        assertEquals(5, result.exit(), result::toString);
        assertEquals("", result.out());
        assertFalse(result.err().contains("not found"), result.err());
    }

    @Test
    void usersFoundBeforeTheServiceFailedStillPrintInInputOrder() throws Exception {
        service.get("/v2/user/?offset=2000&limit=500").reply(Reply.status(500));

        Cli.Result result = cli().run("find", Users.uuid(2_400), Users.uuid(10), Users.uuid(20), "--no-cache", "--retries", "0",
                "-o", "ndjson");

        assertEquals(5, result.exit(), result::toString);
        List<String> ids = result.out().lines().map(line -> {
            try {
                return json.readTree(line).get("user_id").asText();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }).collect(Collectors.toList());
        assertEquals(List.of(Users.uuid(10), Users.uuid(20)), ids, "found before the failure, in input order");
        assertFalse(result.err().contains("not found"), result.err());
        assertTrue(result.err().contains("HTTP 500"), result.err());
    }

    @Test
    void severalIdsInATableAtATerminal() {
        Cli.Result result = cli().terminal(true, 100).run("find", Users.uuid(42), "138adbbd-c5e6-36c4-aff7-48390b9f91da",
                Users.uuid(43), "--no-cache");

        assertEquals(3, result.exit(), result::toString);
        String[] rows = result.out().replaceAll("\u001b\\[[0-9;]*m", "").split("\n");
        assertTrue(rows[0].startsWith("USER ID"), result::toString);
        assertTrue(rows[1].startsWith(Users.uuid(42)) && rows[1].contains("customer-42"), result::toString);
        assertTrue(rows[2].startsWith(Users.uuid(43)) && rows[2].contains("customer-43"), result::toString);
        assertTrue(result.out().contains("2 users; 1 not found."), result::toString);
    }

    @Test
    void aWalkThatEndedShortSaysSoBeforeItsNotFoundIsBelieved() {
        // The service counts 2,500 users but its pages end at 1,000.
        service.get("/v2/user/?offset=1000&limit=500").reply(Reply.ok(Users.page(1_000, 0, TEAM, 500)));

        Cli.Result result = cli().run("find", Users.uuid(2_400), "--no-cache");

        assertEquals(3, result.exit(), result::toString);
        assertEquals("userlookup: find \"" + Users.uuid(2_400) + "\": not found: none of the 1,000 users searched has this user_id\n"
                + "userlookup: warning: the walk ended at 1,000 of the 2,500 users the service counts (a short page); run again\n",
                result.err());
    }
}
