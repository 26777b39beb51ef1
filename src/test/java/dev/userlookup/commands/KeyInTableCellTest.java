package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A table is for people, and cut to the terminal: a user whose fields echo the key (a time zone,
 * a source's slug and name) shows it as {@code ***}, never in part where a cell is cut. json and
 * csv print the user as sent (lossless), so only the table is checked here.
 */
class KeyInTableCellTest {

    private static final String KEY = KeyParts.KEY;

    @RegisterExtension
    final Registry service = new Registry();

    @TempDir
    Path home;

    @ParameterizedTest(name = "{0} columns")
    @ValueSource(ints = {60, 80, 120})
    void cellsThatEchoTheKeyShowItAsStarsAtEveryOffsetAroundTheCuts(int width) {
        List<String> leaks = new ArrayList<>();
        for (int n = 0; n <= 60; n += 3) {
            String echo = "x".repeat(n) + KEY + "y";
            String user = Users.user(Users.uuid(1), "customer-1")
                    .replace("\"id\":\"Europe/Berlin\"", "\"id\":\"" + echo + "\"")
                    .replace("\"name\":\"Oura\",\"slug\":\"oura\"", "\"name\":\"" + echo + "\",\"slug\":\"" + echo + "\"");
            assertTrue(user.contains("\"id\":\"" + echo) && user.contains("\"slug\":\"" + echo), user);
            service.reset();
            service.getPath("/v2/user/resolve/customer-1").reply(Reply.ok(user));
            service.getPath("/v2/user/").reply(Reply.ok("{\"users\":[" + user + "],\"total\":1,\"offset\":0,\"limit\":500}"));
            for (String[] args : List.of(new String[] {"resolve", "customer-1"}, new String[] {"list"}, new String[] {"list", "--all"})) {
                Cli.Result result = Cli.against(service).terminal(true, width).env("USERLOOKUP_API_KEY", KEY)
                        .env("USERLOOKUP_PAGER", "").env("HOME", home.toString()).run(args);
                assertEquals(0, result.exit(), result::toString);
                String part = KeyParts.in(result.out() + result.err());
                if (part != null) {
                    leaks.add(String.join(" ", args) + " at offset " + n + ": '" + part + "' in\n" + result.out());
                }
            }
        }
        assertTrue(leaks.isEmpty(), () -> leaks.size() + " tables show part of the key; the first: " + leaks.get(0));
    }
}
