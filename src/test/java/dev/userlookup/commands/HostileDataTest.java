package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.userlookup.console.DisplayWidth;
import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Data a real or hostile server sends: control characters, formulas, wide text, nulls, odd timestamps. */
class HostileDataTest {

    @RegisterExtension
    final Registry service = new Registry();

    private final ObjectMapper json = new ObjectMapper();

    /** ESC sequences (OSC title, CSI colour, 8-bit CSI), BEL, DEL, CR, LF, TAB, a bidi override. */
    private static final String EVIL = "\u001b]0;pwned\u0007\u001b[31mred\u001b[0m\u009b2J\u007f\r\n\t\u202eevil";

    private static String evilUser() {
        return "{\"user_id\":\"" + Users.uuid(9) + "\",\"team_id\":\"t\",\"client_user_id\":" + Users.quote(EVIL)
                + ",\"created_on\":\"2024-03-01T10:00:00Z\",\"connected_sources\":[{\"created_on\":\"2024-03-01T10:00:00Z\","
                + "\"source\":{\"name\":" + Users.quote(EVIL) + ",\"slug\":" + Users.quote("s\u001b[2Jlug") + "}}],"
                + "\"fallback_time_zone\":{\"id\":" + Users.quote("Europe/\u001b[5mBerlin") + "}}";
    }

    /** The id resolve asks for: the one the stubbed user has, since an answer with another is refused. */
    private String asked = "x";

    private void stubBoth(String user) {
        stubResolve(user);
        stubList(user);
    }

    private void stubResolve(String user) {
        try {
            asked = json.readTree(user).get("client_user_id").asText();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        service.getPathMatching("/v2/user/resolve/.*").reply(Reply.ok(user));
    }

    private void stubList(String user) {
        service.getPath("/v2/user/").reply(Reply.ok("{\"users\":[" + user + "],\"total\":1,\"offset\":0,\"limit\":1}"));
    }

    private static void assertNoRawControls(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean allowed = c == '\n' || c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n';
            assertFalse((c < 0x20 && !allowed) || c == 0x7f || (c >= 0x80 && c <= 0x9f) || c == 0x202e,
                    "raw control U+" + Integer.toHexString(c) + " at " + i + " in:\n" + text);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"resolve", "list"})
    void tablesShowControlCharactersEscaped(String command) {
        if (command.equals("list")) {
            stubList(evilUser());
        } else {
            stubResolve(evilUser());
        }

        Cli.Result result = Cli.against(service).terminal(true, 200)
                .run(command.equals("list") ? new String[] {"list", "--color=never"} : new String[] {"resolve", asked, "--color=never"});

        assertEquals(0, result.exit(), result::toString);
        assertNoRawControls(result.out());
        assertTrue(result.out().contains("\\x1b]0;pwned\\x07\\x1b[31mred\\x1b[0m\\x9b2J\\x7f\\r\\n\\t\\u202eevil")
                || result.out().contains("\\x1b]0;pwned\\x07"), result.out());
    }

    @Test
    void theCardShowsEveryEscapedField() {
        stubResolve(evilUser());

        Cli.Result result = Cli.against(service).terminal(true, 200).run("resolve", asked, "--color=never");

        assertTrue(result.out().contains("Client user ID  \\x1b]0;pwned\\x07\\x1b[31mred\\x1b[0m\\x9b2J\\x7f\\r\\n\\t\\u202eevil\n"), result.out());
        assertTrue(result.out().contains("Europe/\\x1b[5mBerlin"), result.out());
        assertTrue(result.out().contains("s\\x1b[2Jlug"), result.out());
    }

    @Test
    void jsonEscapesControlsYetKeepsTheValues() throws Exception {
        stubResolve(evilUser());

        for (String format : List.of("json", "ndjson")) {
            Cli.Result result = Cli.against(service).run("resolve", asked, "-o", format);

            assertEquals(0, result.exit(), result::toString);
            assertNoRawControls(result.out());
            assertTrue(result.out().contains("\\u009B2J") || result.out().contains("\\u009b2J"), result.out());
            assertTrue(result.out().contains("\\u007F") || result.out().contains("\\u007f"), result.out());
            JsonNode user = json.readTree(result.outBytes());
            assertEquals(EVIL, user.get("client_user_id").asText());
        }
    }

    @Test
    void errorsFromTheServiceCannotReachTheTerminalRaw() {
        service.getPath("/v2/user/resolve/x").reply(Reply.status(404).body("{\"detail\":" + Users.quote(EVIL) + "}", null));
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(0, 1, 1, 1)));

        Cli.Result result = Cli.against(service).run("resolve", asked);

        assertEquals(3, result.exit());
        assertEquals(1, result.err().split("\n").length, result.err());
        assertNoRawControls(result.err());
    }

    @Test
    void verboseStackTracesAreEscapedToo() {
        service.getPath("/v2/user/resolve/x").reply(Reply.status(404).body("{\"detail\":" + Users.quote(EVIL) + "}", null));
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(0, 1, 1, 1)));

        Cli.Result result = Cli.against(service).run("resolve", asked, "-v");

        assertEquals(3, result.exit());
        assertTrue(result.err().contains("\tat dev.userlookup."), "a trace with -v: " + result.err());
        assertNoRawControls(result.err().replace("\tat ", "   at ").replace("\t...", "   ..."));
    }

    @Test
    void csvIntoAPipeKeepsTheTextExactAndQuotesPerRfc4180() throws Exception {
        String user = "{\"user_id\":\"u1\",\"client_user_id\":" + Users.quote("a,b \"quoted\"\nnext") + ","
                + "\"connected_sources\":[{\"source\":{\"slug\":\"oura\"}},{\"source\":null},{\"source\":{\"slug\":\"fitbit\"}}]}";
        stubResolve(user);

        Cli.Result result = Cli.against(service).run("resolve", asked, "-o", "csv");

        assertEquals(0, result.exit(), result::toString);
        assertEquals("user_id,team_id,client_user_id,created_on,sources,time_zone,birth_date,ingestion_start,ingestion_end\r\n"
                + "u1,,\"a,b \"\"quoted\"\"\nnext\",,oura;fitbit,,,,\r\n", result.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"=HYPERLINK(\"http://x\")", "+1", "-2", "@SUM(A1)", "\tx", "\rx"})
    void csvDefusesFormulas(String cell) {
        stubResolve("{\"user_id\":\"u1\",\"client_user_id\":" + Users.quote(cell) + "}");

        Cli.Result result = Cli.against(service).run("resolve", asked, "-o", "csv");

        String row = result.out().split("\r\n", 2)[1];
        String expectedCell = "'" + cell;
        boolean needsQuotes = cell.contains("\"") || cell.contains("\r") || cell.contains(",");
        String written = needsQuotes ? "\"" + expectedCell.replace("\"", "\"\"") + "\"" : expectedCell;
        assertTrue(row.startsWith("u1,," + written + ","), row);
    }

    @Test
    void csvOnATerminalShowsControlsEscaped() {
        stubResolve(evilUser());

        Cli.Result result = Cli.against(service).terminal(true, 80).run("resolve", asked, "-o", "csv");

        assertNoRawControls(result.out());
        assertTrue(result.out().contains("\\x1b]0;pwned"), result.out());
    }

    @Test
    void nullAndMissingNestedFieldsShowAsDashes() {
        String bare = "{\"user_id\":\"" + Users.uuid(5) + "\",\"client_user_id\":\"bare\",\"team_id\":null,"
                + "\"created_on\":null,\"connected_sources\":null,\"fallback_time_zone\":null,\"ingestion_start\":null}";
        stubBoth(bare);

        Cli.Result card = Cli.against(service).terminal(true, 100).run("resolve", asked, "--color=never");
        Cli.Result table = Cli.against(service).terminal(true, 100).run("list", "--color=never");

        assertEquals(0, card.exit(), card::toString);
        assertTrue(card.out().contains("Team ID         -\n"), card.out());
        assertTrue(card.out().contains("Time zone       -\n"), card.out());
        assertTrue(card.out().contains("Sources (0)\n  none connected\n"), card.out());
        assertTrue(table.out().contains(Users.uuid(5) + "  bare            -              -        -"), table.out());
    }

    @Test
    void timestampsWithAndWithoutFractionsAndOffsets() {
        String user = "{\"user_id\":\"u\",\"client_user_id\":\"c\",\"created_on\":\"2024-03-01T10:00:00.123456+05:30\","
                + "\"connected_sources\":[{\"created_on\":\"2024-03-01T10:00:00Z\",\"source\":{\"slug\":\"a\"}},"
                + "{\"created_on\":\"2024-03-01 10:00:00\",\"source\":{\"slug\":\"b\"}}],"
                + "\"fallback_time_zone\":{\"id\":\"Asia/Kolkata\",\"updated_at\":\"2024-03-01T10:00:00.5-03:00\"},"
                + "\"fallback_birth_date\":{\"value\":\"1990-01-02\"},\"ingestion_start\":\"2024-01-01\",\"ingestion_end\":\"2024-12-31T00:00:00Z\"}";
        stubBoth(user);

        Cli.Result card = Cli.against(service).terminal(true, 100).run("resolve", asked, "--color=never");
        Cli.Result table = Cli.against(service).terminal(true, 100).run("list", "--color=never");
        Cli.Result csv = Cli.against(service).run("list", "-o", "csv");

        assertEquals(0, card.exit(), card::toString);
        assertTrue(card.out().contains("Created         2024-03-01 10:00:00 +05:30\n"), card.out());
        assertTrue(card.out().contains("Time zone       Asia/Kolkata (updated 2024-03-01 10:00:00 -03:00)\n"), card.out());
        assertTrue(card.out().contains("Ingestion       2024-01-01 to 2024-12-31\n"), card.out());
        assertTrue(table.out().contains("2024-03-01 04:30"), "created in UTC: " + table.out());
        assertTrue(csv.out().contains(",2024-03-01T10:00:00.123456+05:30,"), "CSV keeps the text as sent: " + csv.out());
    }

    @Test
    void unknownFieldsAndExtraProviderObjectsAreFine() {
        String user = "{\"user_id\":\"u\",\"client_user_id\":\"c\",\"new_field\":{\"deep\":[1,{\"x\":null}]},"
                + "\"connected_sources\":[{\"created_on\":\"2024-03-01T10:00:00Z\",\"source\":{\"slug\":\"oura\",\"extra\":1},"
                + "\"provider\":{\"slug\":\"oura\",\"name\":\"Oura\"}}]}";
        stubList(user);

        for (String format : List.of("table", "json", "ndjson", "csv")) {
            Cli.Result result = Cli.against(service).run("list", "-o", format);
            assertEquals(0, result.exit(), format + ": " + result);
        }
    }

    @Test
    void wideAndCombiningTextKeepsTableRowsWithinTheWidth() {
        StringBuilder users = new StringBuilder();
        String[] ids = {"東京都の利用者アカウント番号一二三", "Zoë 👩‍⚕️ médecin", "e\u0301\u0301\u0301 combining", "plain-ascii-id"};
        for (int i = 0; i < ids.length; i++) {
            users.append(i == 0 ? "" : ",").append(Users.user(Users.uuid(i), ids[i]));
        }
        service.getPath("/v2/user/").reply(Reply.ok("{\"users\":[" + users + "],\"total\":4,\"offset\":0,\"limit\":4}"));

        for (int width : new int[] {80, 60, 100}) {
            Cli.Result result = Cli.against(service).terminal(true, width).run("list", "--color=never");
            for (String line : result.out().split("\n")) {
                if (!line.startsWith("Showing")) {
                    assertTrue(DisplayWidth.of(line) <= width, "wider than " + width + ": [" + line + "] " + DisplayWidth.of(line));
                }
            }
        }
    }

    @Test
    void jsonWithEmojiAndLoneSurrogatesStaysValid() throws Exception {
        String body = "{\"user_id\":\"u\",\"client_user_id\":\"a\\ud83d\\ude00b \\ud800 lone\"}";
        stubResolve(body);

        Cli.Result result = Cli.against(service).run("resolve", asked, "-o", "json");
        Cli.Result table = Cli.against(service).terminal(true, 100).run("resolve", asked, "--color=never");

        assertEquals(0, result.exit(), result::toString);
        assertEquals("a\ud83d\ude00b \ud800 lone", json.readTree(result.outBytes()).get("client_user_id").asText());
        assertTrue(result.out().contains("a\ud83d\ude00b"), "emoji written as UTF-8, not escaped: " + result.out());
        assertEquals(0, table.exit(), table::toString);
        assertTrue(table.out().contains("a\ud83d\ude00b \\ud800 lone"), table.out());
    }
}
