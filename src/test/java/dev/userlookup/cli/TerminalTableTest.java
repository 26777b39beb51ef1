package dev.userlookup.cli;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import dev.userlookup.terminal.DisplayWidth;
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
    static WireMockExtension service = WireMockExtension.newInstance()
            .options(wireMockConfig().dynamicPort().bindAddress("127.0.0.1")).build();

    private static final String USER = Users.user(Users.uuid(1), "customer-000001");

    private Cli.Result list(int width, String... more) {
        service.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(okJson(Users.page(100, 3, 1250, 3))));
        String[] args = new String[more.length + 4];
        System.arraycopy(new String[] {"list", "--limit", "3", "--color=never"}, 0, args, 0, 4);
        System.arraycopy(more, 0, args, 4, more.length);
        return Cli.against(service.baseUrl()).terminal(true, width).run(args);
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
    void columnsGiveWayWholeTheLeastNeededFirst() {
        // user id 36, client user id 14 (its header), created 16 (a date: 10), sources 7 (its
        // header), time zone 13, two between columns: 94 in all.
        String all = "USER ID                               CLIENT USER ID  CREATED (UTC)     SOURCES  TIME ZONE";
        assertEquals(all, lines(list(94)).get(0));
        assertEquals("USER ID                               CLIENT USER ID  CREATED (UTC)     SOURCES",
                lines(list(93)).get(0), "the time zone goes first, whole");
        assertEquals("USER ID                               CLIENT USER ID  CREATED (UTC)", lines(list(78)).get(0),
                "then the sources");
        assertEquals("USER ID                               CLIENT USER ID  CREATED", lines(list(69)).get(0),
                "then the time of day");
        assertEquals("2024-03-01", lines(list(69)).get(1).substring(54), "the date stays");
        assertEquals("USER ID                               CLIENT USER ID", lines(list(63)).get(0), "then the date");
    }

    @Test
    void idsTooLongToShareALineAreStackedNotCut() {
        String longId = "tenant-eu-west-1/customers/2024/acme-corporation/0000042";
        service.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(okJson(
                "{\"users\":[" + Users.user(Users.uuid(1), longId) + "],\"total\":1,\"offset\":0,\"limit\":1}")));

        Cli.Result result = Cli.against(service.baseUrl()).terminal(true, 80).run("list", "--color=never");

        assertEquals(List.of("USER ID", "  CLIENT USER ID", Users.uuid(1), "  " + longId,
                "Showing 1–1 of 1 users. This is the last page."), lines(result));
    }

    @Test
    void belowSixtyColumnsAndTooNarrowToStackTheUserIdIsCutFirst() {
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

        assertEquals("Showing 101–103 of 1,250 users. Next page: userlookup list --offset 103 --limit 3",
                lines(wide).get(4));
        assertEquals(List.of("Showing 101–103 of 1,250 users.", "Next page: userlookup list --offset 103 --limit 3"),
                lines(narrow).subList(4, 6));
    }

    @Test
    void aNextPageCommandLongerThanTheLineGoesUnderItsLabelWhole() {
        Cli.Result result = list(60, "--base-url", service.baseUrl() + "/");

        List<String> lines = lines(result);
        assertEquals("Next page:", lines.get(lines.size() - 2));
        assertEquals("userlookup --base-url " + service.baseUrl() + "/ list --offset 103 --limit 3", lines.get(lines.size() - 1));
    }

    @ParameterizedTest(name = "{0} columns")
    @ValueSource(ints = {60, 80, 100})
    void theCardFitsAndKeepsItsIds(int width) {
        service.stubFor(get(urlPathEqualTo("/v2/user/resolve/customer-000001")).willReturn(okJson(USER)));

        Cli.Result result = Cli.against(service.baseUrl()).terminal(true, width).run("resolve", "customer-000001", "--color=never");

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
        service.stubFor(get(urlPathEqualTo("/v2/user/resolve/customer-000001")).willReturn(okJson(USER)));

        String wide = Cli.against(service.baseUrl()).terminal(true, 100).run("resolve", "customer-000001", "--color=never").out();
        String narrow = Cli.against(service.baseUrl()).terminal(true, 50).run("resolve", "customer-000001", "--color=never").out();

        assertTrue(wide.contains("Time zone       Europe/Berlin (from oura, updated 2024-03-02 08:30:00 +00:00)\n"), wide);
        assertTrue(narrow.contains("Time zone       Europe/Berlin\n                (from oura, updated 2024-03-02)\n"), narrow);
    }

    @Test
    void anOpenIngestionRangeIsSaidNotDrawnAsCutText() {
        service.stubFor(get(urlPathEqualTo("/v2/user/resolve/customer-000001")).willReturn(okJson(USER)));

        String card = Cli.against(service.baseUrl()).terminal(true, 100).run("resolve", "customer-000001", "--color=never").out();

        assertTrue(card.contains("Ingestion       from 2024-01-01, no end set\n"), card);
        assertFalse(card.contains("…"), card);
    }

    @Test
    void aRetryIsAnnouncedOnATerminalWithWhatFailedTheAttemptAndTheWait() {
        stubFailThenUser();

        Cli.Result result = Cli.against(service.baseUrl()).terminal(true, 200).run("resolve", "x", "--color=never");

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.err().matches("userlookup: resolve \"x\": HTTP 503; retry 1 of 3 in \\d+\\.\\d s\n"), result.err());
    }

    @Test
    void aRetryIsNotAnnouncedIntoAPipe() {
        stubFailThenUser();

        Cli.Result result = Cli.against(service.baseUrl()).run("resolve", "x");

        assertEquals(0, result.exit(), result::toString);
        assertEquals("", result.err());
    }

    private static void stubFailThenUser() {
        service.stubFor(get(urlPathEqualTo("/v2/user/resolve/x")).inScenario("retry").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(503)).willSetStateTo("up"));
        service.stubFor(get(urlPathEqualTo("/v2/user/resolve/x")).inScenario("retry").whenScenarioStateIs("up")
                .willReturn(okJson(Users.user(Users.uuid(1), "x"))));
    }

    @Test
    void anErrorOnATerminalIsFittedBetweenWords() {
        service.stubFor(get(urlPathEqualTo("/v2/user/resolve/x")).willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"detail\":\"No user with that client_user_id exists in this team; check the id and the team key\"}")));
        service.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(okJson(Users.page(0, 1, 1, 1))));

        Cli.Result terminal = Cli.against(service.baseUrl()).terminal(true, 60).run("resolve", "x");
        Cli.Result pipe = Cli.against(service.baseUrl()).run("resolve", "x");

        assertEquals(3, terminal.exit());
        for (String line : terminal.err().split("\n")) {
            assertTrue(DisplayWidth.of(line) <= 60, "wider than 60: [" + line + "]");
        }
        assertTrue(terminal.err().split("\n").length > 1, terminal.err());
        assertEquals(1, pipe.err().split("\n").length, "one line for a script: " + pipe.err());
        assertEquals(pipe.err().replace("\n", ""), terminal.err().replace("\n  ", " ").replace("\n", ""));
    }
}
