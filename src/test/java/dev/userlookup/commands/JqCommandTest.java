package dev.userlookup.commands;

import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code --jq}: the filter runs over each user (what ndjson prints), strings raw, other values
 * compact, one a line; checked before any request; a failure on a user names it, the key out.
 */
class JqCommandTest {

    @RegisterExtension
    final Registry service = new Registry();

    private Cli cli() {
        return Cli.against(service);
    }

    @Test
    void aPageRunsTheFilterOnceAUserStringsRawOthersCompact() {
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(0, 2, 2, 2)));

        Cli.Result result = cli().run("list", "--jq", ".client_user_id, {id: .user_id, n: (.connected_sources | length)}");

        assertEquals(0, result.exit(), result::toString);
        assertEquals("customer-0\n{\"id\":\"" + Users.uuid(0) + "\",\"n\":1}\ncustomer-1\n{\"id\":\"" + Users.uuid(1) + "\",\"n\":1}\n",
                result.out());
    }

    @Test
    void aWalkRunsItOverEveryUserOfEveryPageNotOnceAPage() {
        service.get("/v2/user/?offset=0&limit=2").reply(Reply.ok(Users.page(0, 2, 3, 2)));
        service.get("/v2/user/?offset=2&limit=2").reply(Reply.ok(Users.page(2, 1, 3, 2)));

        Cli.Result result = cli().run("list", "--all", "--limit", "2", "--parallel", "1", "-o", "ndjson", "--jq", "length");

        assertEquals(0, result.exit(), result::toString);
        assertEquals("9\n9\n9\n", result.out());
    }

    @Test
    void resolveOfOneAndOfSeveral() {
        service.getPath("/v2/user/resolve/a").reply(Reply.ok(Users.user(Users.uuid(1), "a")));
        service.getPath("/v2/user/resolve/b").reply(Reply.ok(Users.user(Users.uuid(2), "b")));

        assertEquals("Europe/Berlin\n", cli().run("resolve", "a", "--jq", ".fallback_time_zone.id").out());
        assertEquals("[\"a\",null]\n[\"b\",null]\n", cli().run("resolve", "a", "b", "--jq", "[.client_user_id, .ingestion_end]").out());
    }

    @Test
    void theFilterSeesTheChosenFields() {
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(0, 1, 1, 1)));

        Cli.Result result = cli().run("list", "--fields", "sources,user_id", "--jq", "keys_unsorted");

        assertEquals("[\"connected_sources\",\"user_id\"]\n", result.out(), result::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {".[", "tostream", "nosuchfunction(1)"})
    void aFilterThatDoesNotParseOrNamesAMissingFunctionIsAUsageErrorBeforeAnyRequest(String filter) {
        Cli.Result result = cli().run("list", "--all", "--jq", filter);

        assertEquals(2, result.exit(), result::toString);
        assertTrue(result.err().startsWith("userlookup: --jq: "), result.err());
        assertEquals(0, service.requests().size());
    }

    @ParameterizedTest
    @ValueSource(strings = {"table", "csv"})
    void aFormatThatIsNotJsonIsAUsageErrorBeforeAnyRequest(String format) {
        Cli.Result result = cli().run("resolve", "a", "-o", format, "--jq", ".");

        assertEquals(2, result.exit(), result::toString);
        assertTrue(result.err().contains("-o " + format), result.err());
        assertEquals(0, service.requests().size());
    }

    @Test
    void countTakesNoFilter() {
        Cli.Result result = cli().run("list", "--count", "--jq", ".");

        assertEquals(2, result.exit(), result::toString);
        assertTrue(result.err().contains("--count prints only the total"), result.err());
        assertEquals(0, service.requests().size());
    }

    @Test
    void aFailureOnAUserNamesItWithTheKeyTakenOutBeforeTheMessageIsCut() {
        // The filter's error quotes the user's value, which echoes the key across the cut of the message.
        String echo = "x".repeat(190) + KeyParts.KEY + "y";
        service.getPath("/v2/user/")
                .reply(Reply.ok("{\"users\":[" + Users.user(Users.uuid(1), "fine") + "," + Users.user("u-" + KeyParts.KEY, echo) + "],\"total\":2}"));

        Cli.Result result = Cli.against(service).env("USERLOOKUP_API_KEY", KeyParts.KEY)
                .run("list", "--jq", "if .client_user_id == \"fine\" then .client_user_id else error(.client_user_id) end");

        assertEquals(2, result.exit(), result::toString);
        assertEquals("fine\n", result.out(), "the users before it are printed");
        assertTrue(result.err().startsWith("userlookup: --jq: the filter failed on user u-"), result.err());
        assertNull(KeyParts.in(result.err()), result.err());
        assertEquals(1, result.err().lines().count(), result.err());
    }

    @Test
    void onATerminalTheServicesTextIsEscapedIntoAPipeItIsExact() {
        service.getPath("/v2/user/").reply(Reply.ok("{\"users\":[" + Users.user(Users.uuid(1), "a\u001b[31mred\u202e") + "],\"total\":1}"));

        Cli.Result terminal = cli().terminal(true, 80).run("list", "--jq", ".client_user_id");
        Cli.Result pipe = cli().run("list", "--jq", ".client_user_id");

        assertEquals(0, terminal.exit(), terminal::toString);
        assertFalse(terminal.out().contains("\u001b"), terminal.out());
        assertFalse(terminal.out().contains("\u202e"), terminal.out());
        assertTrue(terminal.out().startsWith("a\\x1b[31mred"), terminal.out());
        assertEquals("a\u001b[31mred\u202e\n", pipe.out());
    }

    /** README: a number a double cannot hold is refused where the service sends it, so no filter meets it. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"1e99999|.weird", "1e999999999|.weird+1", "-1E+400|.weird", "1e-400|.weird * 2"})
    void aNumberADoubleCannotHoldIsRefusedAndNothingPrinted(String number, String filter) {
        service.getPath("/v2/user/resolve/a").reply(Reply.ok(withWeird(number)));

        Cli.Result result = cli().run("resolve", "a", "--jq", filter);

        assertEquals(5, result.exit(), result::toString);
        assertEquals("", result.out());
        assertEquals("userlookup: resolve \"a\": the response is not the JSON expected: a number is out of any usable range\n",
                result.err());
    }

    private static String withWeird(String number) {
        String user = Users.user(Users.uuid(1), "a");
        return user.substring(0, user.length() - 1) + ",\"weird\":" + number + "}";
    }

    @ParameterizedTest
    @ValueSource(strings = {"def f: f; f", "def f: [f]; f", "def f: 1 + f; .user_id | f"})
    void aFilterThatRecursesWithoutEndIsExit2NamingTheUser(String filter) {
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(0, 2, 2, 2)));

        Cli.Result result = cli().run("list", "--jq", filter);

        assertEquals(2, result.exit(), result::toString);
        assertEquals("", result.out());
        assertEquals("userlookup: --jq: the filter failed on user " + Users.uuid(0)
                + ": it recursed deeper than the stack allows (a recursion without end?)\n", result.err());
    }

    @Test
    void aFilterThatRunsLongOverNullIsExit2BeforeAnyRequest() {
        Cli.Result result = cli().run("list", "--all", "--jq", "last(range(1e9))");

        assertEquals(2, result.exit(), result::toString);
        assertEquals("userlookup: --jq: the filter ran for more than 2 s over null, its trial before any request, without ending: "
                + "it would take as long for each user\n", result.err());
        assertEquals(0, service.requests().size());
    }

    @Test
    void aZeroWithAnExponentTooLargeToWritePlainIsPrintedWithIt() {
        service.getPath("/v2/user/resolve/a").reply(Reply.ok(withWeird("0e99999")));

        Cli.Result result = cli().run("resolve", "a", "--jq", ".weird, (.weird + 1), infinite");

        assertEquals(0, result.exit(), result::toString);
        assertEquals("0E+99999\n1\n1.7976931348623157e+308\n", result.out());
    }
}
