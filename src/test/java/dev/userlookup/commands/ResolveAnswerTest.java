package dev.userlookup.commands;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What resolve makes of the service's answer: only the user asked for is printed (another
 * customer's record is exit 5, unseen); a 404 is a missing user only where the list answers at the
 * base URL (one check a run); a refused key's hint says where the key came from.
 */
class ResolveAnswerTest {

    @RegisterExtension
    final Registry service = new Registry();

    /** Doctor takes the connection apart step by step: it needs a socket. */
    @RegisterExtension
    static WireMockExtension wire = Stubs.service();

    @TempDir
    Path home;

    private final ObjectMapper json = new ObjectMapper();

    private Cli cli() {
        return Cli.against(service).env("HOME", home.toString());
    }

    private void answer(String asked, String userJson) {
        service.getPath("/v2/user/resolve/" + asked).reply(Reply.ok(userJson));
    }

    private void listAnswers() {
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(0, 1, 1, 1)));
    }

    // ---------------------------------------------------------------- the user asked for, or nothing

    @ParameterizedTest
    @ValueSource(strings = {"json", "ndjson", "csv", "table"})
    void anAnswerWithAnotherClientUserIdIsExit5AndNothingOfItIsPrinted(String format) {
        answer("customer-42", Users.user(Users.uuid(43), "customer-43"));

        Cli.Result result = cli().terminal(format.equals("table"), 100).run("resolve", "customer-42", "-o", format);

        assertEquals(5, result.exit(), result::toString);
        assertEquals("", result.out());
        // On a terminal the line is fitted to its width.
        assertEquals("userlookup: resolve \"customer-42\": the service answered with a user whose client_user_id is not the one "
                + "asked for; it is not shown\n", result.err().replace("\n  ", " "));
        assertFalse(result.err().contains("customer-43"), "the other customer's id is not named");
        assertFalse(result.err().contains(Users.uuid(43)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"CUSTOMER-42", " customer-42", "customer\uff0d42"})
    void anIdTheServiceHasWrittenOtherwiseIsNamedSoItCanBeAskedForExactly(String asked) {
        // The comparison is exact: a service that matches ids loosely answers with its own spelling.
        service.getPathMatching("/v2/user/resolve/.*").reply(Reply.ok(Users.user(Users.uuid(42), "customer-42")));

        Cli.Result result = cli().run("resolve", asked);

        assertEquals(5, result.exit(), result::toString);
        assertEquals("", result.out());
        assertTrue(result.err().endsWith("it is not shown; the service has the id as \"customer-42\": ask for it exactly so\n"),
                result::toString);
    }

    @Test
    void theIdAskedForIsComparedAfterItsEscapesAreUndone() {
        // customer-\u0034\u0032 in JSON is customer-42: the same id.
        answer("customer-42", Users.user(Users.uuid(42), "customer-42").replace("\"customer-42\"", "\"customer-\\u0034\\u0032\""));

        Cli.Result result = cli().run("resolve", "customer-42");

        assertEquals(0, result.exit(), result::toString);
    }

    @Test
    void inABatchTheOtherUserIsNotPrintedItsIdIsNamedAndTheExitIs5() throws Exception {
        answer("customer-1", Users.user(Users.uuid(1), "customer-1"));
        answer("customer-2", Users.user(Users.uuid(9), "customer-9"));
        answer("customer-3", Users.user(Users.uuid(3), "customer-3"));
        service.getPath("/v2/user/resolve/missing").reply(Reply.status(404));
        listAnswers();

        Cli.Result result = cli().stdin("customer-1\ncustomer-2\nmissing\ncustomer-3\n").run("resolve", "--stdin");

        assertEquals(5, result.exit(), "another user outweighs a missing one: " + result);
        List<String> printed = new ArrayList<>();
        for (JsonNode user : json.readTree(result.outBytes())) {
            printed.add(user.get("client_user_id").asText());
        }
        assertEquals(List.of("customer-1", "customer-3"), printed);
        assertFalse(result.out().contains("customer-9"), result::toString);
        assertFalse(result.out().contains(Users.uuid(9)), result::toString);
        assertEquals("userlookup: resolve \"customer-2\": the service answered with a user whose client_user_id is not the one "
                + "asked for; it is not shown\n"
                + "userlookup: resolve \"missing\": not found (HTTP 404)\n", result.err());
    }

    // ---------------------------------------------------------------- a 404 where the base URL is wrong

    @Test
    void a404AtAWrongBaseUrlIsExit5SayingToCheckIt() {
        // Every request under /wrong is a 404, as at a wrong base URL.
        service.getPathMatching("/wrong/.*").reply(Reply.status(404));
        String wrong = service.baseUrl() + "/wrong";

        Cli.Result result = cli().env("USERLOOKUP_BASE_URL", wrong).run("resolve", "customer-000042");

        assertEquals(5, result.exit(), result::toString);
        assertEquals("", result.out());
        assertEquals("userlookup: resolve \"customer-000042\": not found (HTTP 404), and the service's list does not answer at "
                + "this base URL either (no such endpoint (HTTP 404)); check the base URL " + wrong + "\n", result.err());
        assertEquals(1, service.count("/wrong/v2/user/?limit=1"));
    }

    @Test
    void aBatchAtAWrongBaseUrlChecksItOnceAndStops() {
        service.getPathMatching("/wrong/.*").reply(Reply.status(404));
        String wrong = service.baseUrl() + "/wrong";

        Cli.Result result = cli().env("USERLOOKUP_BASE_URL", wrong).run("resolve", "a", "b", "c", "d", "e", "f", "--parallel", "4");

        assertEquals(5, result.exit(), result::toString);
        assertTrue(result.err().contains("check the base URL " + wrong), result::toString);
        assertEquals(1, service.count("/wrong/v2/user/?limit=1"));
    }

    @Test
    void a404WhereTheListAnswersIsAMissingUserCheckedOnceARun() {
        service.getPathMatching("/v2/user/resolve/.*").reply(Reply.status(404).json("{\"detail\":\"User not found\"}"));
        listAnswers();

        Cli.Result one = cli().run("resolve", "customer-000042");
        Cli.Result many = cli().run("resolve", "a", "b", "c", "d", "e", "f", "--parallel", "4");

        assertEquals(3, one.exit(), one::toString);
        assertEquals("userlookup: resolve \"customer-000042\": not found (HTTP 404): User not found\n", one.err());
        assertEquals(3, many.exit(), many::toString);
        assertEquals(6, many.err().split("\n").length, many::toString);
        assertEquals(2, service.count("/v2/user/?limit=1"));
    }

    @Test
    void aListThatFailsOtherwiseIsNotTakenForAMissingUserEither() {
        service.getPath("/v2/user/resolve/x").reply(Reply.status(404));
        service.getPath("/v2/user/").reply(Reply.status(200).body("<html>a login page</html>", null));

        Cli.Result result = cli().run("resolve", "x", "--retries", "0");

        assertEquals(5, result.exit(), result::toString);
        assertTrue(result.err().contains("the service's list does not answer at this base URL either (the response is not the JSON "
                + "expected); check the base URL"), result::toString);
    }

    // ---------------------------------------------------------------- where a refused key came from

    @Test
    void aRefusedKeyFromTheEnvironmentNamesTheVariable() {
        service.getPath("/v2/user/resolve/x").reply(Reply.status(401));

        Cli.Result result = cli().run("resolve", "x");

        assertEquals(4, result.exit(), result::toString);
        assertEquals("userlookup: resolve \"x\": authentication refused (HTTP 401); check the key from environment USERLOOKUP_API_KEY\n",
                result.err());
    }

    @Test
    void aRefusedKeyFromTheOptionNamesTheOptionAndItsFile() throws Exception {
        service.getPath("/v2/user/resolve/x").reply(Reply.status(401));
        Path key = secret(home.resolve("ci.key"), "file-key-0001\n");

        Cli.Result result = cli().env("USERLOOKUP_API_KEY", null).run("resolve", "x", "--api-key-file", key.toString());

        assertEquals(4, result.exit(), result::toString);
        assertTrue(result.err().endsWith("; check the key from option --api-key-file " + key + "\n"), result::toString);
    }

    @Test
    void aRefusedKeyFromAProfileNamesTheProfileItsKeyFileOrCommandAndTheConfigFile() throws Exception {
        wire.stubFor(get(urlPathMatching("/v2/user/.*")).willReturn(aResponse().withStatus(403)));
        Path config = home.resolve(".config/userlookup/config.toml");
        Files.createDirectories(config.getParent());
        secret(home.resolve(".config/userlookup/prod.key"), "prod-key-0001\n");
        secret(config, "default_profile = \"prod\"\n"
                + "[profiles.prod]\nbase_url = \"" + wire.baseUrl() + "\"\napi_key_file = \"~/.config/userlookup/prod.key\"\n"
                + "[profiles.sandbox]\nbase_url = \"" + wire.baseUrl() + "\"\napi_key_command = \"printf sandbox-key-0002\"\n");
        Cli bare = Cli.bare().env("HOME", home.toString());

        Cli.Result byFile = bare.run("resolve", "x");
        Cli.Result byCommand = bare.run("resolve", "x", "--profile", "sandbox");
        Cli.Result doctor = bare.run("doctor");

        assertEquals(4, byFile.exit(), byFile::toString);
        assertEquals("userlookup: resolve \"x\": permission refused (HTTP 403); check the key from profile prod's api_key_file "
                + "~/.config/userlookup/prod.key, in " + config + "\n", byFile.err());
        assertEquals(4, byCommand.exit(), byCommand::toString);
        assertTrue(byCommand.err().endsWith("; check the key from profile sandbox's api_key_command, in " + config + "\n"),
                byCommand::toString);
        assertEquals(4, doctor.exit(), doctor::toString);
        assertTrue(doctor.out().contains("\"next\" : \"check the key from profile prod's api_key_file ~/.config/userlookup/prod.key, in "
                + config), doctor::toString);
    }

    private static Path secret(Path file, String text) throws Exception {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }
}
