package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The longest id taken, 1,024 bytes of UTF-8, the same for an argument and a line of --stdin, for
 * resolve and find: past it exit 2, the line's number and the id's start named, not the whole.
 */
class IdBoundTest {

    @RegisterExtension
    final Registry service = new Registry();

    private static final String LONGEST = "\u00e9".repeat(512);
    private static final String PAST = LONGEST + "x";
    private static final String SHOWN = "\"" + "\u00e9".repeat(40) + "...\"";

    private Cli cli() {
        return Cli.against(service);
    }

    @Test
    void resolveTakesTheLongestAsArgumentAndAsLine() {
        service.getPath("/v2/user/resolve/" + "%C3%A9".repeat(512)).reply(Reply.ok(Users.user(Users.uuid(1), LONGEST)));

        assertEquals(0, cli().run("resolve", LONGEST).exit());
        assertEquals(0, cli().stdin(" " + LONGEST + " \n").run("resolve", "--stdin").exit());
    }

    @ParameterizedTest
    @ValueSource(strings = {"resolve", "find"})
    void anArgumentPastItIsExit2BeforeAnyRequest(String command) {
        Cli.Result result = cli().run(command, PAST);

        assertEquals(2, result.exit(), result::toString);
        assertEquals("userlookup: " + command + ": the " + (command.equals("find") ? "USER_ID" : "CLIENT_USER_ID")
                + " given is longer than the longest id taken, 1024 bytes of UTF-8: " + SHOWN + "\n", result.err());
        assertEquals(0, service.requests().size());
    }

    @Test
    void aLineOfMegabytesOnResolveStdinIsExit2NamingItsLine() {
        // Whether "a" is sent before line 3 stops the run is a race the test leaves open.
        service.getPath("/v2/user/resolve/a").optional().reply(Reply.ok(Users.user(Users.uuid(1), "a")));
        byte[] input = ("a\n\n" + "\u001b".repeat(4 << 20) + "\nb\n").getBytes(StandardCharsets.UTF_8);

        Cli.Result result = cli().stdinBytes(input).run("resolve", "--stdin", "-o", "ndjson");

        assertEquals(2, result.exit(), result::toString);
        assertFalse(result.out().contains("\"b\""), result.out());
        // The id's start, escaped as any message is: a control character cannot reach the terminal raw.
        assertEquals("userlookup: resolve: line 3 of standard input is longer than the longest id taken, 1024 bytes of UTF-8: \""
                + "\\x1b".repeat(40) + "...\"\n", result.err());
    }

    @Test
    void findStdinTheSameBeforeAnyRequest() {
        byte[] input = (Users.uuid(1) + "\n" + "f".repeat(8 << 20)).getBytes(StandardCharsets.UTF_8);

        Cli.Result result = cli().stdinBytes(input).run("find", "--stdin");

        assertEquals(2, result.exit(), result::toString);
        assertEquals("userlookup: find: line 2 of standard input is longer than the longest id taken, 1024 bytes of UTF-8: \""
                + "f".repeat(40) + "...\"\n", result.err());
        assertEquals(0, service.requests().size());
    }
}
