package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.console.DisplayWidth;
import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What support staff see at a terminal: ids never cut from 60 columns up, columns that give way
 * whole, footers and cards that never make the terminal wrap, and retries that say so.
 */
class TerminalTableTest {

    @RegisterExtension
    final Registry service = new Registry();

    private static final String USER = Users.user(Users.uuid(1), "customer-000001");

    private Cli.Result list(int width, String... more) {
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(100, 3, 1250, 3)));
        String[] args = new String[more.length + 4];
        System.arraycopy(new String[] {"list", "--limit", "3", "--color=never"}, 0, args, 0, 4);
        System.arraycopy(more, 0, args, 4, more.length);
        return Cli.against(service).terminal(true, width).run(args);
    }

    private static List<String> lines(Cli.Result result) {
        return Arrays.asList(result.out().split("\n"));
    }

    @ParameterizedTest(name = "{0} columns")
    @ValueSource(ints = {60, 80, 100, 120})
    void idsAreWholeAndNoLineIsWiderThanTheTerminal(int width) {
        Cli.Result result = list(width);

        assertEquals(0, result.exit(), result::toString);
        for (String line : lines(result)) {
            assertTrue(DisplayWidth.of(line) <= width, "wider than " + width + ": [" + line + "]");
        }
        for (int i = 100; i < 103; i++) {
            String row = lines(result).get(i - 99);
            assertTrue(row.startsWith(Users.uuid(i) + "  customer-" + i), "whole ids: [" + row + "]");
        }
        assertFalse(result.out().contains("…"), "nothing cut at " + width + ": " + result.out());
    }

    @Test
    void columnsGiveWayWholeTheLeastNeededFirstAndTheTimeOfDayWhereThatKeepsOneMore() {
        // user id 36, client user id 14 (its header), created 16 (a date: 10), sources 7 (its
        // header), time zone 13, two between columns: 94 in all.
        String ids = "USER ID                               CLIENT USER ID  ";
        assertEquals(ids + "CREATED (UTC)     SOURCES  TIME ZONE", lines(list(94)).get(0));
        assertEquals(ids + "CREATED     SOURCES  TIME ZONE", lines(list(93)).get(0),
                "the time of day goes first where that keeps the time zone");
        assertEquals(ids + "CREATED (UTC)     SOURCES", lines(list(87)).get(0), "then the time zone, whole");
        assertEquals(ids + "CREATED     SOURCES", lines(list(78)).get(0), "the sources stay while a date leaves room");
        assertEquals(ids + "CREATED (UTC)", lines(list(72)).get(0), "then the sources");
        assertEquals(ids + "CREATED", lines(list(69)).get(0), "the date stays");
        assertEquals("2024-03-01", lines(list(69)).get(1).substring(54));
        assertEquals("USER ID                               CLIENT USER ID", lines(list(63)).get(0), "then the date");
    }

    @Test
    void idsTooLongToShareALineTakeLinesOfTheirOwnAndTheRestOfTheRowStays() {
        String longId = "tenant-eu-west-1/customers/2024/acme-corporation/0000042";
        service.getPath("/v2/user/")
                .reply(Reply.ok("{\"users\":[" + Users.user(Users.uuid(1), longId) + "],\"total\":1,\"offset\":0,\"limit\":1}"));

        Cli.Result result = Cli.against(service).terminal(true, 80).run("list", "--color=never");

        assertEquals(List.of("USER ID                               CLIENT USER ID  CREATED (UTC)     SOURCES",
                Users.uuid(1) + " ".repeat(18) + "2024-03-01 10:00  oura",
                " ".repeat(24) + longId,
                "Showing 1–1 of 1 users. This is the last page."), lines(result));
    }

    @Test
    void belowSixtyColumnsTheTypicalIdsStillKeepALongOneWhole() {
        Cli.Result result = listWithOneLongId(58);

        List<String> lines = lines(result);
        for (String line : lines) {
            assertTrue(DisplayWidth.of(line) <= 58, "wider than 58: [" + line + "]");
        }
        assertEquals(LONG_ID, lines.get(3).strip() + lines.get(4).strip(), result.out());
    }

    /** A 72-character client_user_id, as in the issue; the other users' ids are 12. */
    private static final String LONG_ID = "eu-west-1/tenant-acme-corporation/customers/2024/0000000042/profile-main";

    private static final String REST_OF_ROW = "2024-03-01 10:00  oura     Europe/Berlin";

    /** A page of three users, the middle one with {@link #LONG_ID}. */
    private Cli.Result listWithOneLongId(int width) {
        service.getPath("/v2/user/")
                .reply(Reply.ok("{\"users\":[" + Users.user(Users.uuid(100), "customer-100") + ","
                        + Users.user(Users.uuid(101), LONG_ID) + "," + Users.user(Users.uuid(102), "customer-102")
                        + "],\"total\":1250,\"offset\":100,\"limit\":3}"));
        return Cli.against(service).terminal(true, width).run("list", "--limit", "3", "--color=never");
    }

    @ParameterizedTest(name = "{0} columns")
    @ValueSource(ints = {60, 80, 120})
    void oneLongIdTakesMoreLinesForItsOwnRowOnlyAndNothingWraps(int width) {
        Cli.Result result = listWithOneLongId(width);

        assertEquals(72, LONG_ID.length());
        assertEquals(0, result.exit(), result::toString);
        List<String> lines = lines(result);
        for (String line : lines) {
            assertTrue(DisplayWidth.of(line) <= width, "wider than " + width + ": [" + line + "]");
        }
        assertTrue(lines.get(1).startsWith(Users.uuid(100) + "  customer-100"), "one line: " + result.out());
        assertTrue(lines.get(2).startsWith(Users.uuid(101)), result.out());
        int next = lines.indexOf(lines.stream().filter(l -> l.startsWith(Users.uuid(102))).findFirst().orElseThrow());
        List<String> longRow = lines.subList(2, next);
        assertTrue(longRow.size() <= 3, "the long row takes what it needs, no more: " + result.out());
        for (String continuation : longRow.subList(1, longRow.size())) {
            assertTrue(continuation.startsWith(" "), "continued under its columns, never at column 0: " + result.out());
        }
        assertFalse(result.out().contains("…"), "nothing cut: " + result.out());
        assertTrue(lines.get(next + 1).startsWith("Showing 101–103 of 1,250 users."), "one line: " + result.out());
    }

    @Test
    void at120ColumnsTheLongIdRunsOnAndTheRestOfItsRowGoesUnderItsColumns() {
        List<String> lines = lines(listWithOneLongId(120));

        String header = "USER ID                               CLIENT USER ID  CREATED (UTC)     SOURCES  TIME ZONE";
        assertEquals(header, lines.get(0), "every column, sized for the typical row");
        assertEquals(Users.uuid(100) + "  customer-100    " + REST_OF_ROW, lines.get(1));
        assertEquals(Users.uuid(101) + "  " + LONG_ID, lines.get(2), "the id whole on one screen line");
        assertEquals(" ".repeat(header.indexOf("CREATED")) + REST_OF_ROW, lines.get(3));
        assertEquals(Users.uuid(102) + "  customer-102    " + REST_OF_ROW, lines.get(4));
    }

    @Test
    void at80ColumnsTheLongIdTakesALineOfItsOwnAsNearItsColumnAsItFits() {
        List<String> lines = lines(listWithOneLongId(80));

        String header = "USER ID                               CLIENT USER ID  CREATED (UTC)     SOURCES";
        assertEquals(header, lines.get(0));
        assertEquals(Users.uuid(101) + " ".repeat(18) + "2024-03-01 10:00  oura", lines.get(2));
        assertEquals(" ".repeat(8) + LONG_ID, lines.get(3), "whole on one screen line, ending at the edge");
    }

    @Test
    void at60ColumnsTheLongIdIsContinuedInEvenPiecesUnderOneIndent() {
        List<String> lines = lines(listWithOneLongId(60));

        assertEquals(Users.uuid(101), lines.get(2));
        assertEquals(" ".repeat(24) + LONG_ID.substring(0, 36), lines.get(3));
        assertEquals(" ".repeat(24) + LONG_ID.substring(36), lines.get(4));
    }

    @Test
    void theWidestTenthOfTheIdsTakeASecondLineWhenThatKeepsAColumnAndTheRestOfTheirRowMovesDownInOrder() {
        // Eleven users, one id of 22 columns: not twice the others, but the widest tenth.
        String odd = "=HYPERLINK(\"http://x\")";
        StringBuilder users = new StringBuilder();
        for (int i = 0; i < 11; i++) {
            users.append(i == 0 ? "" : ",").append(Users.user(Users.uuid(i), i == 5 ? odd : "customer-" + (100 + i)));
        }
        service.getPath("/v2/user/").reply(Reply.ok("{\"users\":[" + users + "],\"total\":11,\"offset\":0,\"limit\":11}"));

        List<String> lines = lines(Cli.against(service).terminal(true, 80).run("list", "--color=never"));

        String header = "USER ID                               CLIENT USER ID  CREATED (UTC)     SOURCES";
        assertEquals(header, lines.get(0));
        assertEquals(Users.uuid(5) + "  " + odd, lines.get(6));
        assertEquals(" ".repeat(header.indexOf("CREATED")) + "2024-03-01 10:00  oura", lines.get(7));
        assertEquals(Users.uuid(6) + "  customer-106    2024-03-01 10:00  oura", lines.get(8));
    }

    @Test
    void at80ColumnsTypicalUsersShowMoreThanTheirIdsAndCreationDate() {
        // Ids as the fake service has them: 36 and 15 columns.
        StringBuilder users = new StringBuilder();
        String[] zones = {"America/Los_Angeles", "Asia/Tokyo", "UTC"};
        for (int i = 0; i < 3; i++) {
            users.append(i == 0 ? "" : ",").append(Users.user(Users.uuid(i), String.format("customer-%06d", i))
                    .replace("Europe/Berlin", zones[i]).replace("\"connected_sources\":[",
                            "\"connected_sources\":[{\"created_on\":\"2024-03-02T08:30:00+00:00\",\"source\":{\"slug\":\"apple_health_kit\"}},"));
        }
        service.getPath("/v2/user/").reply(Reply.ok("{\"users\":[" + users + "],\"total\":3,\"offset\":0,\"limit\":3}"));

        List<String> lines = lines(Cli.against(service).terminal(true, 80).run("list", "--color=never"));

        assertEquals("USER ID                               CLIENT USER ID   CREATED     SOURCES", lines.get(0));
        assertEquals(Users.uuid(1) + "  customer-000001  2024-03-01  apple_health…", lines.get(2));
    }

    @Test
    void laterPagesOfAWalkKeepTheLayoutAndALongIdThereTakesASecondLine() {
        service.get("/v2/user/?offset=0&limit=3").reply(Reply.ok(Users.page(0, 3, 6, 3)));
        service.get("/v2/user/?offset=3&limit=3")
                .reply(Reply.ok("{\"users\":[" + Users.user(Users.uuid(3), LONG_ID) + "," + Users.user(Users.uuid(4), "customer-4")
                        + "," + Users.user(Users.uuid(5), "customer-5") + "],\"total\":6,\"offset\":3,\"limit\":3}"));

        Cli.Result result = Cli.against(service).terminal(true, 120)
                .run("list", "--all", "--limit", "3", "--parallel", "1", "--color=never");

        assertEquals(0, result.exit(), result::toString);
        List<String> lines = lines(result);
        for (String line : lines) {
            assertTrue(DisplayWidth.of(line) <= 120, "wider than 120: [" + line + "]");
        }
        String header = lines.get(0);
        assertTrue(header.endsWith("TIME ZONE"), header);
        assertEquals(Users.uuid(3) + "  " + LONG_ID, lines.get(4));
        assertEquals(" ".repeat(header.indexOf("CREATED")) + REST_OF_ROW, lines.get(5));
        assertTrue(lines.get(6).startsWith(Users.uuid(4) + "  customer-4 "), result.out());
    }

    @ParameterizedTest(name = "{0} columns")
    @ValueSource(ints = {60, 80})
    void theCardKeepsALongIdWholeWithoutWrappingToColumnZero(int width) {
        service.getPathMatching("/v2/user/resolve/.*").reply(Reply.ok(Users.user(Users.uuid(1), LONG_ID)));

        Cli.Result result = Cli.against(service).terminal(true, width).run("resolve", LONG_ID, "--color=never");

        assertEquals(0, result.exit(), result::toString);
        List<String> lines = lines(result);
        for (String line : lines) {
            assertTrue(DisplayWidth.of(line) <= width, "wider than " + width + ": [" + line + "]");
        }
        assertEquals("Client user ID", lines.get(1), "the label alone, no trailing blanks");
        if (width == 80) {
            assertEquals(" ".repeat(8) + LONG_ID, lines.get(2), "whole on one screen line");
            assertTrue(lines.get(3).startsWith("Team ID "), lines.get(3));
        } else {
            assertEquals(" ".repeat(16) + LONG_ID.substring(0, 44), lines.get(2), "continued under the values");
            assertEquals(" ".repeat(16) + LONG_ID.substring(44), lines.get(3));
        }
    }

    @Test
    void belowSixtyColumnsAndTooNarrowForTheIdsTheUserIdIsCutFirst() {
        Cli.Result result = list(34);

        String row = lines(result).get(1);
        assertTrue(row.endsWith("customer-100"), row);
        assertTrue(row.contains("…"), row);
        assertTrue(DisplayWidth.of(row) <= 34, row);
    }

    @Test
    void theFooterBreaksBetweenSentencesNeverInsideTheCommand() {
        Cli.Result wide = list(120);
        Cli.Result narrow = list(60);

        assertEquals("Showing 101–103 of 1,250 users. Next page: userlookup list --limit 3 --color never --offset 103",
                lines(wide).get(4));
        assertEquals(List.of("Showing 101–103 of 1,250 users.", "Next page:", "userlookup list --limit 3 --color never --offset 103"),
                lines(narrow).subList(4, 7));
    }

    @Test
    void aNextPageCommandLongerThanTheLineGoesUnderItsLabelContinuedBetweenItsOptions() {
        Cli.Result result = list(60, "--base-url", service.baseUrl() + "/");

        List<String> lines = lines(result);
        assertEquals(List.of("Next page:", "userlookup list --limit 3 --color never \\",
                "  --base-url " + service.baseUrl() + "/ --offset 103"), lines.subList(lines.size() - 3, lines.size()));
    }

    @ParameterizedTest(name = "{0} columns")
    @ValueSource(ints = {60, 80, 100})
    void theCardFitsAndKeepsItsIds(int width) {
        service.getPath("/v2/user/resolve/customer-000001").reply(Reply.ok(USER));

        Cli.Result result = Cli.against(service).terminal(true, width).run("resolve", "customer-000001", "--color=never");

        assertEquals(0, result.exit(), result::toString);
        for (String line : lines(result)) {
            assertTrue(DisplayWidth.of(line) <= width, "wider than " + width + ": [" + line + "]");
        }
        assertTrue(result.out().startsWith("User ID         " + Users.uuid(1) + "\n"), result.out());
        assertTrue(result.out().contains("Client user ID  customer-000001\n"), result.out());
        assertTrue(result.out().contains("Team ID         " + Users.TEAM + "\n"), result.out());
    }

    @Test
    void provenanceMovesToItsOwnLineBeforeAnythingIsCut() {
        service.getPath("/v2/user/resolve/customer-000001").reply(Reply.ok(USER));

        String wide = Cli.against(service).terminal(true, 100).run("resolve", "customer-000001", "--color=never").out();
        String narrow = Cli.against(service).terminal(true, 50).run("resolve", "customer-000001", "--color=never").out();

        assertTrue(wide.contains("Time zone       Europe/Berlin (from oura, updated 2024-03-02 08:30:00 +00:00)\n"), wide);
        assertTrue(narrow.contains("Time zone       Europe/Berlin\n                (from oura, updated 2024-03-02)\n"), narrow);
    }

    @Test
    void anOpenIngestionRangeIsSaidNotDrawnAsCutText() {
        service.getPath("/v2/user/resolve/customer-000001").reply(Reply.ok(USER));

        String card = Cli.against(service).terminal(true, 100).run("resolve", "customer-000001", "--color=never").out();

        assertTrue(card.contains("Ingestion       from 2024-01-01, no end set\n"), card);
        assertFalse(card.contains("…"), card);
    }

    @Test
    void aRetryIsAnnouncedOnATerminalWithWhatFailedTheAttemptAndTheWait() {
        stubFailThenUser();

        Cli.Result result = Cli.against(service).terminal(true, 200).run("resolve", "x", "--color=never");

        assertEquals(0, result.exit(), result::toString);
        // One line in place, taken away before the card is written to the same screen.
        assertTrue(result.err().matches("\r\u001b\\[Kuserlookup: resolve \"x\": HTTP 503; retry 1 in \\d+\\.\\d s\r\u001b\\[K"),
                result.err());
        assertTrue(result.out().startsWith("User ID"), result.out());
    }

    @Test
    void aRetryIsNotAnnouncedIntoAPipe() {
        stubFailThenUser();

        Cli.Result result = Cli.against(service).run("resolve", "x");

        assertEquals(0, result.exit(), result::toString);
        assertEquals("", result.err());
    }

    private void stubFailThenUser() {
        service.getPath("/v2/user/resolve/x").reply(Reply.status(503), Reply.ok(Users.user(Users.uuid(1), "x")));
    }

    @Test
    void anErrorOnATerminalIsFittedBetweenWords() {
        service.getPath("/v2/user/resolve/x")
                .reply(Reply.status(404).json("{\"detail\":\"No user with that client_user_id exists in this team; check the id and the team key\"}"));
        service.getPath("/v2/user/").reply(Reply.ok(Users.page(0, 1, 1, 1)));

        Cli.Result terminal = Cli.against(service).terminal(true, 60).run("resolve", "x");
        Cli.Result pipe = Cli.against(service).run("resolve", "x");

        assertEquals(3, terminal.exit());
        for (String line : terminal.err().split("\n")) {
            assertTrue(DisplayWidth.of(line) <= 60, "wider than 60: [" + line + "]");
        }
        assertTrue(terminal.err().split("\n").length > 1, terminal.err());
        assertEquals(1, pipe.err().split("\n").length, "one line for a script: " + pipe.err());
        assertEquals(pipe.err().replace("\n", ""), terminal.err().replace("\n  ", " ").replace("\n", ""));
    }
}
