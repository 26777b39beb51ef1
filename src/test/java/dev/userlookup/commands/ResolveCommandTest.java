package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** resolve of one id: what it prints, its failures and hints; what goes on the wire is ResolveOnTheWireTest's. */
class ResolveCommandTest {

    @RegisterExtension
    final Registry service = new Registry();

    private final ObjectMapper json = new ObjectMapper();

    private Cli cli() {
        return Cli.against(service);
    }

    @Test
    void keepsThePathPrefixOfTheBaseUrl() {
        service.get("/api/v1/v2/user/resolve/x").reply(Reply.ok(Users.user(Users.uuid(1), "x")));

        Cli.Result result = Cli.against(service).env("USERLOOKUP_BASE_URL", service.baseUrl() + "/api/v1/").run("resolve", "x");

        assertEquals(0, result.exit(), result::toString);
    }

    @Test
    void printsTheUserLosslesslyAsJson() throws Exception {
        String body = "{\"user_id\":\"" + Users.uuid(3) + "\",\"client_user_id\":\"c\",\"team_id\":null,"
                + "\"created_on\":\"2024-03-01T10:00:00.5+05:30\",\"connected_sources\":[{\"created_on\":null,"
                + "\"source\":null,\"provider\":{\"slug\":\"p\"}}],\"fallback_time_zone\":null,"
                + "\"beta\":{\"score\":1.50,\"big\":12345678901234567890,\"tiny\":1e-7,\"flags\":[]},\"zz_last\":true}";
        service.get("/v2/user/resolve/c").reply(Reply.ok(body));

        Cli.Result result = cli().run("resolve", "c");

        assertEquals(0, result.exit(), result::toString);
        JsonNode expected = json.readTree(body);
        JsonNode actual = json.readTree(result.outBytes());
        assertEquals(expected, actual);
        assertTrue(result.out().contains("\"score\": 1.50"), result.out());
        assertTrue(result.out().contains("\"big\": 12345678901234567890"), result.out());
        assertTrue(result.out().indexOf("\"beta\"") < result.out().indexOf("\"zz_last\""), "field order kept");
        assertTrue(result.out().endsWith("}\n"));
    }

    @Test
    void notFoundIsExit3WithTheServiceDetail() {
        service.get("/v2/user/resolve/nobody").reply(Reply.status(404).json("{\"detail\":\"User not found\"}"));
        service.get("/v2/user/?limit=1").reply(Reply.ok(Users.page(0, 1, 1, 1)));

        Cli.Result result = cli().run("resolve", "nobody");

        assertEquals(3, result.exit(), result::toString);
        assertEquals("", result.out());
        assertEquals("userlookup: resolve \"nobody\": not found (HTTP 404): User not found\n", result.err());
    }

    @Test
    void aUserIdNotFoundGetsAHintTowardsFind() {
        String userId = "138ADBBD-c5e6-36c4-aff7-48390b9f91da";
        service.get("/v2/user/resolve/" + userId).reply(Reply.status(404).json("{\"detail\":\"User not found\"}"));
        service.get("/v2/user/resolve/customer-" + userId).reply(Reply.status(404));
        service.get("/v2/user/?limit=1").reply(Reply.ok(Users.page(0, 1, 1, 1)));

        Cli.Result result = cli().run("resolve", userId);
        Cli.Result notShaped = cli().run("resolve", "customer-" + userId);

        assertEquals(3, result.exit(), result::toString);
        assertEquals("userlookup: resolve \"" + userId + "\": not found (HTTP 404): User not found; "
                + "it looks like a user_id, which the service does not resolve: userlookup find " + userId + "\n", result.err());
        assertEquals(3, notShaped.exit(), notShaped::toString);
        assertFalse(notShaped.err().contains("find"), notShaped.err());
    }

    @Test
    void aUserIdNotFoundAmongSeveralGetsTheHintOnItsOwnLine() {
        String userId = "138adbbd-c5e6-36c4-aff7-48390b9f91da";
        service.get("/v2/user/resolve/" + userId).reply(Reply.status(404));
        service.get("/v2/user/resolve/customer-1").reply(Reply.ok(Users.user(Users.uuid(1), "customer-1")));
        service.get("/v2/user/?limit=1").reply(Reply.ok(Users.page(0, 1, 1, 1)));

        Cli.Result result = cli().run("resolve", "customer-1", userId, "-o", "ndjson");

        assertEquals(3, result.exit(), result::toString);
        assertEquals(1, result.out().lines().count(), result::toString);
        assertTrue(result.err().contains("resolve \"" + userId + "\": not found (HTTP 404); it looks like a user_id, "
                + "which the service does not resolve: userlookup --output ndjson find " + userId + "\n"), result.err());
    }

    @Test
    void anEmptyIdIsAUsageError() {
        Cli.Result result = cli().run("resolve", "");

        assertEquals(2, result.exit(), result::toString);
        assertTrue(result.err().startsWith("userlookup: resolve: the client user id is empty"), result.err());
        assertEquals(0, service.requests().size());
    }

    @Test
    void theKeyNeverAppearsEvenVerbose() {
        service.get("/v2/user/resolve/echo").reply(Reply.status(500).body("{\"detail\":\"bad key " + TestKeys.KEY + "\"}", null));

        Cli.Result result = cli().run("resolve", "echo", "-v", "--retries", "0");

        assertEquals(5, result.exit(), result::toString);
        assertFalse(result.err().contains(TestKeys.KEY), result.err());
        assertFalse(result.out().contains(TestKeys.KEY), result.out());
        assertTrue(result.err().contains("x-service-api-key: ***"), result.err());
        assertTrue(result.err().contains("bad key ***"), result.err());
    }
}
