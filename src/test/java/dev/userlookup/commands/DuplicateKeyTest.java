package dev.userlookup.commands;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Stubs;
import dev.userlookup.fake.Users;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An object that names a key twice is refused in every answer, whichever command reads it: exit
 * 5, nothing of the answer printed, one line naming the key. Readers differ on which of the two
 * counts, so the check and a reader after it could read two different users.
 */
class DuplicateKeyTest {

    @RegisterExtension
    final Registry service = new Registry();

    /** Doctor takes the connection apart step by step: it needs a socket. */
    @RegisterExtension
    static WireMockExtension wire = Stubs.service();

    private Cli cli() {
        return Cli.against(service);
    }

    /** Another customer's id first, the one asked for last: a reader that takes the last passed the check. */
    private static String twoClientIds(String userId, String other, String asked) {
        return Users.user(userId, asked).replace("\"client_user_id\":", "\"client_user_id\":" + Users.quote(other) + ",\"client_user_id\":");
    }

    @ParameterizedTest
    @ValueSource(strings = {"json", "ndjson", "csv", "table"})
    void resolveRefusesAUserNamingItsClientUserIdTwice(String format) {
        service.getPath("/v2/user/resolve/customer-42").reply(Reply.ok(twoClientIds(Users.uuid(42), "customer-43", "customer-42")));

        Cli.Result result = cli().terminal(format.equals("table"), 200).run("resolve", "customer-42", "-o", format);

        assertEquals(5, result.exit(), result::toString);
        assertEquals("", result.out());
        assertEquals("userlookup: resolve \"customer-42\": the response is not the JSON expected: an object names \"client_user_id\" twice\n",
                result.err());
        assertFalse(result.err().contains("customer-43"));
    }

    @Test
    void aBatchPrintsTheUsersBeforeItAndNothingOfIt() {
        service.getPath("/v2/user/resolve/a").reply(Reply.ok(Users.user(Users.uuid(1), "a")));
        service.getPath("/v2/user/resolve/b").reply(Reply.ok(twoClientIds(Users.uuid(2), "other", "b")));

        Cli.Result result = cli().run("resolve", "a", "b", "-o", "ndjson", "--parallel", "1");

        assertEquals(5, result.exit(), result::toString);
        assertEquals(Users.user(Users.uuid(1), "a") + "\n", result.out());
        assertEquals("userlookup: resolve \"b\": the response is not the JSON expected: an object names \"client_user_id\" twice\n", result.err());
    }

    @Test
    void aPageWithAKeyTwiceInANestedObjectIsRefusedWhole() {
        String page = Users.page(0, 2, 2, 2).replace("\"slug\":\"oura\"}", "\"slug\":\"oura\",\"slug\":\"fitbit\"}");
        service.getPath("/v2/user/").reply(Reply.ok(page));

        Cli.Result result = cli().run("list", "-o", "ndjson");

        assertEquals(5, result.exit(), result::toString);
        assertEquals("", result.out());
        assertEquals("userlookup: list: the response is not the JSON expected: an object names \"slug\" twice\n", result.err());
    }

    @Test
    void aWalkStopsAtThePageWithAKeyTwice() {
        service.get("/v2/user/?offset=0&limit=2").reply(Reply.ok(Users.page(0, 2, 4, 2)));
        service.get("/v2/user/?offset=2&limit=2").reply(Reply.ok(Users.page(2, 2, 4, 2).replace("\"total\":4", "\"total\":4,\"total\":4")));

        Cli.Result result = cli().run("list", "--all", "--limit", "2", "--parallel", "1", "-o", "ndjson");

        assertEquals(5, result.exit(), result::toString);
        assertFalse(result.out().contains("customer-2"), result.out());
        assertTrue(result.err().startsWith("userlookup: list (offset 2 limit 2): the response is not the JSON expected: "
                + "an object names \"total\" twice\n"), result.err());
    }

    @Test
    void findStopsAtThePageWithAKeyTwice() {
        String page = Users.page(0, 2, 2, 500).replace("\"user_id\":\"" + Users.uuid(1) + "\"",
                "\"user_id\":\"" + Users.uuid(7) + "\",\"user_id\":\"" + Users.uuid(1) + "\"");
        service.getPath("/v2/user/").reply(Reply.ok(page));

        Cli.Result result = cli().run("find", "--no-cache", Users.uuid(1));

        assertEquals(5, result.exit(), result::toString);
        assertEquals("", result.out());
        assertTrue(result.err().contains("the response is not the JSON expected: an object names \"user_id\" twice"), result.err());
        assertEquals(1, result.err().lines().count(), result.err());
    }

    @Test
    void doctorFailsItsHttpStepNamingTheKey() throws Exception {
        wire.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(okJson("{\"users\":[],\"users\":[],\"total\":0}")));

        Cli.Result result = Cli.against(wire.baseUrl()).run("doctor", "-o", "json");

        assertEquals(5, result.exit(), result::toString);
        JsonNode report = new ObjectMapper().readTree(result.out());
        JsonNode http = null;
        for (JsonNode step : report.get("steps")) {
            if (step.get("name").asText().equals("http")) {
                http = step;
            }
        }
        assertEquals(false, http.get("ok").asBoolean(), report::toString);
        assertTrue(http.get("problem").asText().endsWith("the response is not the JSON expected: an object names \"users\" twice"), report::toString);
    }
}
