package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** --color, NO_COLOR and CLICOLOR_FORCE, on a terminal and into a pipe. */
class ColorTest {

    @RegisterExtension
    final Registry service = new Registry();

    @BeforeEach
    void stub() {
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(0, 2, 2, 2)));
    }

    @ParameterizedTest(name = "terminal={0} --color={1} NO_COLOR={2} CLICOLOR_FORCE={3} TERM={4} -> {5}")
    @CsvSource(nullValues = "null", value = {
        "true,  auto,   null, null, xterm, true",
        "false, auto,   null, null, xterm, false",
        "true,  auto,   1,    null, xterm, false",
        "true,  auto,   '',   null, xterm, true",
        "false, auto,   null, 1,    xterm, true",
        "false, auto,   null, 0,    xterm, false",
        "true,  auto,   1,    1,    xterm, true",
        "true,  auto,   null, null, dumb,  false",
        "false, always, null, null, xterm, true",
        "true,  never,  null, 1,    xterm, false",
        "true,  ALWAYS, 1,    null, xterm, true",
    })
    void colourFollowsTheFlagAndTheEnvironment(boolean terminal, String when, String noColor, String force, String term,
                                               boolean coloured) {
        Cli.Result result = Cli.against(service).env("NO_COLOR", noColor).env("CLICOLOR_FORCE", force)
                .env("TERM", term).terminal(terminal, 120).run("list", "-o", "table", "--color", when);

        assertEquals(0, result.exit(), result::toString);
        assertEquals(coloured, result.out().contains("\u001b["), result.out());
    }
}
