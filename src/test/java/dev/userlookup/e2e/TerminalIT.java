package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import dev.userlookup.fake.FakeService;
import dev.userlookup.fake.Stubs;
import dev.userlookup.console.DisplayWidth;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Tables, colour, width and progress in a real pseudo-terminal (script(1)). */
class TerminalIT {

    static FakeService fake;

    /** A 72-character client_user_id, as in the issue. */
    static final String LONG_ID = "eu-west-1/tenant-acme-corporation/customers/2024/0000000042/profile-main";

    /** Serves a page of three of the fake's users, the middle one with {@link #LONG_ID}, and resolves it. */
    static WireMockServer longIds;

    @BeforeAll
    static void start() {
        assumeTrue(Subprocess.scriptAvailable(), "util-linux script(1) is needed for pseudo-terminal tests");
        fake = FakeService.builder().users(1250).start();
        ObjectNode longUser = fake.users().user(101).put("client_user_id", LONG_ID);
        longIds = new WireMockServer(wireMockConfig().dynamicPort().bindAddress("127.0.0.1"));
        longIds.start();
        longIds.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(okJson("{\"users\":[" + fake.users().json(100) + ","
                + longUser + "," + fake.users().json(102) + "],\"total\":1250,\"offset\":100,\"limit\":3}")));
        longIds.stubFor(get(urlPathMatching("/v2/user/resolve/.*")).willReturn(okJson(longUser.toString())));
    }

    @AfterAll
    static void stop() {
        if (fake != null) {
            fake.close();
        }
        if (longIds != null) {
            Stubs.stop(longIds);
        }
    }

    private Map<String, String> env(String... extra) {
        Map<String, String> env = new HashMap<>(Map.of("USERLOOKUP_BASE_URL", fake.baseUrl(), "USERLOOKUP_API_KEY", fake.apiKey(),
                "TERM", "xterm-256color"));
        for (int i = 0; i < extra.length; i += 2) {
            env.put(extra[i], extra[i + 1]);
        }
        return env;
    }

    private static String stripAnsi(String text) {
        return text.replaceAll("\u001b\\[[0-9;]*m", "");
    }

    @Test
    void aListIsAColouredTableFittedTo80ColumnsWithAFooter() {
        // No pager: less marks a line that fills the width with " \b", which is not the tool's output.
        Subprocess.Result result = Subprocess.inTerminal(env("USERLOOKUP_PAGER", ""), 80, Subprocess.LAUNCHER + " list --limit 40");

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.out().contains("\u001b[1mUSER ID"), "bold header: " + result.out());
        String[] lines = stripAnsi(result.out()).split("\r\n");
        for (String line : lines) {
            assertTrue(DisplayWidth.of(line) <= 80, "wider than 80: [" + line + "]");
        }
        assertTrue(lines[0].endsWith("SOURCES"), "a plain list shows more than the ids and the date: " + lines[0]);
        int line = 1;
        for (int i = 0; i < 40; i++) {
            while (!lines[line].startsWith(fake.users().userId(i))) {
                assertTrue(lines[line].startsWith(" "), "a continuation of the row before: " + result.out());
                line++;
            }
            line++;
        }
        assertTrue(lines.length <= 42 + 4, "a second line for the widest tenth of the ids at most: " + result.out());
        assertEquals("Showing 1–40 of 1,250 users. Next page: userlookup list --limit 40 --offset 40", lines[lines.length - 1]);
        assertFalse(stripAnsi(result.out()).contains("\u001b"), "no raw escape from the data: " + result.out());
    }

    /**
     * At 40 columns the next-page hint of a run given its base URL and key file goes on in lines
     * that end in " \", each within the screen; pasted into a shell as printed, it runs and shows
     * the next page.
     */
    @Test
    void theNextPageHintAtFortyColumnsPastesAsPrintedAndRuns() throws Exception {
        java.nio.file.Path key = java.nio.file.Files.createTempFile("k", "");
        try {
            java.nio.file.Files.writeString(key, fake.apiKey() + "\n");
            Map<String, String> env = env("USERLOOKUP_PAGER", "", "NO_COLOR", "1");
            env.remove("USERLOOKUP_BASE_URL");
            env.remove("USERLOOKUP_API_KEY");
            Subprocess.Result result = Subprocess.inTerminal(env, 40,
                    Subprocess.LAUNCHER + " --base-url " + fake.baseUrl() + " --api-key-file " + key + " list --limit 2");

            assertEquals(0, result.exit(), result::toString);
            List<String> lines = Arrays.asList(result.out().split("\r\n"));
            int first = lines.indexOf("Next page:") + 1;
            assertTrue(first > 0, result::toString);
            List<String> hint = lines.subList(first, lines.size());
            for (String line : hint) {
                assertTrue(DisplayWidth.of(line) <= 40, "wider than 40: [" + line + "]");
            }
            assertTrue(hint.size() > 1 && hint.get(0).endsWith(" \\"), result::toString);
            String pasted = String.join("\n", hint).strip();
            assertTrue(pasted.startsWith("userlookup "), pasted);

            Subprocess.Result next = Subprocess.run(env, Duration.ofSeconds(60), "sh", "-c",
                    Subprocess.LAUNCHER + pasted.substring("userlookup".length()) + " -o ndjson");

            assertEquals(0, next.exit(), next::toString);
            assertEquals(List.of(fake.users().userId(2), fake.users().userId(3)), next.out().lines()
                    .map(line -> line.replaceAll(".*\"user_id\":\"([^\"]+)\".*", "$1")).toList());
        } finally {
            java.nio.file.Files.deleteIfExists(key);
        }
    }

    @Test
    void widerTerminalsGetFullIdsAndTimes() {
        Subprocess.Result result = Subprocess.inTerminal(env("NO_COLOR", "1"), 160, Subprocess.LAUNCHER + " list --limit 3 --offset 100");

        assertTrue(result.out().contains(fake.users().userId(100)), result.out());
        assertTrue(result.out().contains("CREATED (UTC)"), result.out());
    }

    @Test
    void progressGoesToAStderrTerminalOnlyAndIsCleared() {
        Subprocess.Result onTerminal = Subprocess.inTerminal(env(), 80,
                Subprocess.LAUNCHER + " list --all --limit 50 --parallel 2 -o ndjson > /dev/null");
        Subprocess.Result redirected = Subprocess.inTerminal(env(), 80,
                "err=$(mktemp); " + Subprocess.LAUNCHER + " list --all --limit 50 -o ndjson > /dev/null 2> \"$err\"; wc -c < \"$err\"; rm -f \"$err\"");

        assertEquals(0, onTerminal.exit(), onTerminal::toString);
        assertTrue(onTerminal.out().contains(" of 1,250 users, "), onTerminal.out());
        assertTrue(onTerminal.out().endsWith("\r\u001b[K"), "the progress line is cleared at the end: " + onTerminal.out());
        assertEquals("0", redirected.out().strip(), "nothing on a stderr that is not a terminal");
    }

    /**
     * -v lines from the page workers and the walk's progress line share stderr: they once took two
     * locks in opposite orders and a run hung for ever, about one in three walks of 200 pages. One
     * walk of 1,000 small pages at a terminal with -v: as many request lines against progress
     * updates as five of those walks, for one JVM start; {@code timeout} turns a hang into a status.
     * (StderrTest makes the crossing itself certain, in process.)
     */
    @Test
    void aVerboseWalkAtATerminalNeverHangs() throws Exception {
        java.nio.file.Path walked = java.nio.file.Files.createTempFile("userlookup-verbose-walk", ".ndjson");
        try (FakeService many = FakeService.builder().users(10_000).latencyMillis(5).start()) {
            Map<String, String> env = env("USERLOOKUP_BASE_URL", many.baseUrl(), "USERLOOKUP_API_KEY", many.apiKey());
            // As long in all as the five walks had (25 s each), for a machine under load.
            Subprocess.Result result = Subprocess.inTerminal(env, 80, 50, Duration.ofSeconds(135), "timeout 125 " + Subprocess.LAUNCHER
                    + " -v list --all --limit 10 -o ndjson > " + walked + "; echo \"status=$?\"; wc -l < " + walked);

            assertTrue(result.out().contains("status=0"), "hung or failed: " + result.out());
            assertTrue(result.out().strip().endsWith("10000"), result.out());
            assertEquals(1000, result.out().split("> GET ", -1).length - 1, "a -v line for each page: " + result.out());
        } finally {
            java.nio.file.Files.deleteIfExists(walked);
        }
    }

    @Test
    void controlCharactersFromTheServiceNeverReachTheTerminalRaw() {
        Subprocess.Result result = Subprocess.inTerminal(env(), 200, Subprocess.LAUNCHER + " list --limit 40 --color never; "
                + Subprocess.LAUNCHER + " list --limit 40 -o csv");

        assertEquals(0, result.exit(), result::toString);
        String text = result.out().replace("\r\r\n", "\n").replace("\r\n", "\n");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            assertFalse((c < 0x20 && c != '\n') || c == 0x7f || (c >= 0x80 && c <= 0x9f),
                    "raw control U+" + Integer.toHexString(c) + " at " + i + ": " + text);
        }
    }

    /** At every width the table, and the card of a resolve; NO_COLOR turns colour off in both. */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0} columns")
    @org.junit.jupiter.params.provider.ValueSource(ints = {60, 80, 100, 120})
    void tablesFitEveryWidthWithTheIdsWhole(int width) {
        String id = fake.users().clientUserId(42);
        Subprocess.Result result = Subprocess.inTerminal(env("NO_COLOR", "1"), width,
                Subprocess.LAUNCHER + " list --limit 20 --offset 100; " + Subprocess.LAUNCHER + " resolve " + Subprocess.quote(id));

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.out().startsWith("USER ID"), result.out());
        assertFalse(result.out().contains("\u001b"), "NO_COLOR: " + result.out());
        String[] lines = result.out().split("\r\n");
        for (String line : lines) {
            assertTrue(DisplayWidth.of(line) <= width, "wider than " + width + ": [" + line + "]");
        }
        for (int i = 100; i < 120; i++) {
            assertTrue(lines[i - 99].startsWith(fake.users().userId(i) + "  " + fake.users().clientUserId(i)),
                    "whole ids at " + width + ": [" + lines[i - 99] + "]");
        }
        assertTrue(result.out().contains("User ID         " + fake.users().userId(42) + "\r\n"), result.out());
        assertTrue(result.out().contains("Sources ("), result.out());
        if (width >= 80) {
            assertTrue(result.out().contains("Client user ID  " + id + "\r\n"), result.out());
        }
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0} columns")
    @org.junit.jupiter.params.provider.ValueSource(ints = {60, 80, 120})
    void oneLongClientIdTakesMoreLinesForItsOwnRowOnlyAndNothingWraps(int width) {
        Subprocess.Result result = Subprocess.inTerminal(env("NO_COLOR", "1", "USERLOOKUP_BASE_URL", longIds.baseUrl()), width,
                Subprocess.LAUNCHER + " list --limit 3; " + Subprocess.LAUNCHER + " resolve " + Subprocess.quote(LONG_ID));

        assertEquals(0, result.exit(), result::toString);
        List<String> lines = Arrays.asList(result.out().split("\r\n"));
        for (String line : lines) {
            assertTrue(DisplayWidth.of(line) <= width, "wider than " + width + ": [" + line + "]");
        }
        assertTrue(lines.get(0).startsWith("USER ID"), result.out());
        assertTrue(lines.get(0).contains(width >= 120 ? "TIME ZONE" : width >= 80 ? "SOURCES" : "CLIENT USER ID"),
                "columns sized for the typical row: " + lines.get(0));
        assertTrue(lines.get(1).startsWith(fake.users().userId(100) + "  " + fake.users().clientUserId(100)), result.out());
        assertTrue(lines.get(2).startsWith(fake.users().userId(101)), "the row before is one line: " + result.out());
        int next = 3;
        while (!lines.get(next).startsWith(fake.users().userId(102))) {
            assertTrue(lines.get(next).startsWith(" "), "continued under its columns, never at column 0: " + result.out());
            next++;
        }
        assertTrue(next - 2 <= 3, "the long row takes what it needs, no more: " + result.out());
        assertTrue(lines.get(next + 1).startsWith("Showing 101–103 of 1,250 users."), "its row is one line: " + result.out());
        String longRow = String.join("", lines.subList(2, next).stream().map(String::strip).toList());
        assertTrue(longRow.contains(LONG_ID), "whole: " + result.out());
        int card = lines.indexOf("User ID         " + fake.users().userId(101));
        assertTrue(card > next, result.out());
        if (width >= 80) {
            assertTrue(lines.subList(2, next).stream().anyMatch(line -> line.endsWith(LONG_ID)),
                    "one screen line holds the id, for a mouse: " + result.out());
            assertTrue(lines.subList(card + 1, card + 3).stream().anyMatch(line -> line.endsWith(LONG_ID)),
                    "so does the card: " + result.out());
        }
        for (String line : lines.subList(card, lines.size())) {
            assertFalse(line.startsWith(LONG_ID.substring(0, 12)) || line.startsWith(LONG_ID.substring(36, 48)),
                    "never wrapped to column 0: " + result.out());
        }
    }

    /** Taller than the screen (60 rows on 50 lines) through the pager: pagerIsChosen...'s runs; shorter, not. */
    @Test
    void outputTallerThanTheScreenGoesThroughThePagerShorterOutputDoesNot() {
        Map<String, String> env = env("NO_COLOR", "1", "USERLOOKUP_PAGER", "sed 's/^/PAGED:/'");
        Subprocess.Result short_ = Subprocess.inTerminal(env, 100, Subprocess.LAUNCHER + " list --limit 5");

        assertEquals(0, short_.exit(), short_::toString);
        assertTrue(short_.out().startsWith("USER ID"), short_.out());
        assertFalse(short_.out().contains("PAGED:"), short_.out());
    }

    @Test
    void pagerIsChosenFromUserlookupPagerThenPagerAndAnEmptyValueTurnsItOff() {
        Subprocess.Result fromPager = Subprocess.inTerminal(env("PAGER", "sed 's/^/P:/'"), 100, Subprocess.LAUNCHER + " list --limit 60");
        Subprocess.Result ours = Subprocess.inTerminal(env("PAGER", "sed 's/^/P:/'", "USERLOOKUP_PAGER", "sed 's/^/U:/'"), 100,
                Subprocess.LAUNCHER + " list --limit 60");
        Subprocess.Result off = Subprocess.inTerminal(env("PAGER", "sed 's/^/P:/'", "USERLOOKUP_PAGER", ""), 100,
                Subprocess.LAUNCHER + " list --limit 60 --color never");

        assertTrue(fromPager.out().contains("P:"), fromPager.out());
        assertTrue(ours.out().contains("U:") && !ours.out().contains("P:"), ours.out());
        assertEquals(0, ours.exit(), ours::toString);
        assertTrue(stripAnsi(ours.out()).startsWith("U:USER ID"), ours.out());
        assertTrue(stripAnsi(ours.out()).contains("U:Showing 1–60 of 1,250 users."), ours.out());
        assertTrue(off.out().startsWith("USER ID"), off.out());
        assertFalse(off.out().contains("P:"), off.out());
    }

    @Test
    void aPagerThatQuitsEarlyStopsTheWalkQuietlyWithExit0() {
        Subprocess.Result result = Subprocess.inTerminal(env("USERLOOKUP_PAGER", "head -n 3"), 100,
                Subprocess.LAUNCHER + " list --all --limit 50; echo \"status=$?\"");

        assertTrue(result.out().contains("status=0"), result.out());
        assertFalse(result.out().contains("userlookup:"), result.out());
        assertFalse(result.out().contains("Showing"), result.out());
    }

    /**
     * Ctrl-C while a long walk is in the pager (less, as chosen when nothing is set): the whole
     * foreground group gets it; the walk stops, less quits (K, as systemd sets it) and the run
     * ends 130. Less once ignored it and the run waited for it: both were still there until q.
     */
    @Test
    void ctrlCInThePagerEndsTheWalkAndThePager() throws Exception {
        assumeTrue(java.nio.file.Files.isExecutable(java.nio.file.Path.of("/usr/bin/less")), "less is needed");
        try (FakeService slow = FakeService.builder().users(50_000).latencyMillis(100).start();
                Subprocess.Typed terminal = Subprocess.typedInTerminal(
                        env("USERLOOKUP_BASE_URL", slow.baseUrl(), "USERLOOKUP_API_KEY", slow.apiKey(), "NO_COLOR", "1"), 100, 20,
                        Subprocess.LAUNCHER + " list --all; echo \"status=$?\"")) {
            terminal.awaitScreen(slow.users().userId(10), Duration.ofSeconds(30));
            terminal.type("\u0003");
            terminal.awaitScreen("status=", Duration.ofSeconds(10));

            assertTrue(terminal.screen().contains("status=130"), terminal.screen());
        }
    }

    /** Into a pipe inside a terminal the output is JSON, and never goes through a pager, however long. */
    @Test
    void intoAPipeInsideATerminalTheOutputIsJsonAndNeverPaged() {
        Subprocess.Result result = Subprocess.inTerminal(env("USERLOOKUP_PAGER", "sed 's/^/PAGED:/'"), 100,
                Subprocess.LAUNCHER + " list --limit 100 | cat");

        assertTrue(result.out().startsWith("{\r\n  \"users\": ["), result.out());
        assertFalse(result.out().contains("PAGED:"), result.out());
        assertEquals(100, result.out().split("\"user_id\"", -1).length - 1, result.out());
    }

    /**
     * The width of a real pseudo-terminal reaches the help: a command's page and a topic at 60
     * columns (every page at every width is HelpAtEveryWidthTest's, in-process).
     */
    @Test
    void helpFitsTheTerminalsWidthAndWrappedLinesContinueUnderTheirColumn() {
        int width = 60;
        for (String help : new String[] {"list --help", "help environment"}) {
            Subprocess.Result result = Subprocess.inTerminal(env("USERLOOKUP_PAGER", ""), width, 200, Subprocess.LAUNCHER + " " + help);

            assertEquals(0, result.exit(), result::toString);
            String[] lines = stripAnsi(result.out()).split("\r\n");
            boolean wrapped = false;
            String section = "";
            for (String line : lines) {
                assertTrue(DisplayWidth.of(line) <= width, help + ": wider than " + width + ": [" + line + "]\n" + result.out());
                if (line.isEmpty() || line.endsWith(":") && !line.startsWith(" ")) {
                    section = line;
                    continue;
                }
                if (section.matches("Options.*:|Read by the launcher.*:|Examples:")) {
                    assertTrue(line.startsWith(" "), help + " under " + section + ": [" + line + "]\n" + result.out());
                }
                wrapped |= DisplayWidth.of(line) > width - 15;
            }
            assertTrue(wrapped, help + " fills the width it has: " + result.out());
        }
    }

    /**
     * The root help and a topic fit a real screen of 80 columns and 45 lines (every topic is
     * HelpScreenTest's, in-process).
     */
    @Test
    void rootHelpAndTheTopicsAreOneScreenAt80Columns() {
        for (String help : new String[] {"--help", "help environment"}) {
            Subprocess.Result result = Subprocess.inTerminal(env("USERLOOKUP_PAGER", ""), 80, 45, Subprocess.LAUNCHER + " " + help);

            assertEquals(0, result.exit(), result::toString);
            String[] lines = stripAnsi(result.out()).split("\r\n");
            assertTrue(lines.length <= 45, help + " is " + lines.length + " lines at 80 columns:\n" + result.out());
            for (String line : lines) {
                assertTrue(DisplayWidth.of(line) <= 80, help + ": wider than 80: [" + line + "]");
            }
            if (help.equals("--help")) {
                assertTrue(stripAnsi(result.out()).contains("\r\nuserlookup help TOPIC: environment, config, exit-codes, output, requests.\r\n"),
                        result.out());
            }
        }
    }

    @Test
    void helpTallerThanTheScreenGoesThroughThePagerShorterHelpAndHelpIntoAPipeDoNot() {
        Map<String, String> paged = env("USERLOOKUP_PAGER", "sed 's/^/PAGED:/'");
        Subprocess.Result tall = Subprocess.inTerminal(paged, 80, 24, Subprocess.LAUNCHER + " help");
        Subprocess.Result tallOption = Subprocess.inTerminal(paged, 80, 24, Subprocess.LAUNCHER + " --help");
        Subprocess.Result fits = Subprocess.inTerminal(paged, 80, 50, Subprocess.LAUNCHER + " completion --help");
        Subprocess.Result pipe = Subprocess.inTerminal(paged, 80, 24, Subprocess.LAUNCHER + " help | cat");
        Subprocess.Result off = Subprocess.inTerminal(env("USERLOOKUP_PAGER", "", "PAGER", "sed 's/^/PAGED:/'"), 80, 24,
                Subprocess.LAUNCHER + " help");
        Subprocess.Result fromPager = Subprocess.inTerminal(env("PAGER", "sed 's/^/P:/'"), 80, 24, Subprocess.LAUNCHER + " help");

        assertEquals(0, tall.exit(), tall::toString);
        assertTrue(stripAnsi(tall.out()).startsWith("PAGED:userlookup: look up"), tall.out());
        assertTrue(stripAnsi(tall.out()).contains("PAGED:Examples:"), tall.out());
        assertTrue(stripAnsi(tallOption.out()).startsWith("PAGED:userlookup: look up"), tallOption.out());
        assertTrue(stripAnsi(fits.out()).startsWith("Print the shell completion script"), fits.out());
        assertFalse(fits.out().contains("PAGED:"), fits.out());
        assertTrue(pipe.out().startsWith("userlookup: look up"), pipe.out());
        assertFalse(pipe.out().contains("PAGED:"), pipe.out());
        assertTrue(stripAnsi(off.out()).startsWith("userlookup: look up"), off.out());
        assertFalse(off.out().contains("PAGED:"), off.out());
        assertTrue(stripAnsi(fromPager.out()).startsWith("P:userlookup: look up"), fromPager.out());
    }

    @Test
    void aRetryIsAnnouncedOnTheTerminalOnALineThatTheErrorReplaces() {
        // A 500, the service's own failure, is retried --retries times (a 503 is retried for 30 s).
        Subprocess.Result result = Subprocess.inTerminal(env(), 120, Subprocess.LAUNCHER + " resolve __500__ --retries 1");

        assertEquals(5, result.exit(), result::toString);
        assertTrue(result.out().matches("(?s)\r\u001b\\[Kuserlookup: resolve \"__500__\": HTTP 500; retry 1 of 1 in \\d+\\.\\d s"
                + "\r\u001b\\[Kuserlookup: resolve \"__500__\": the service failed \\(HTTP 500\\).*"), result.out());
    }

    /**
     * A refused connection at 80 columns: every retry once rewrote two more lines; now one line
     * is rewritten in place, never wider than the screen, and the error takes its place.
     */
    @Test
    void retriesOfARefusedConnectionAreOneLineRewrittenThenTheError() throws Exception {
        int closed;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        Subprocess.Result result = Subprocess.inTerminal(env("USERLOOKUP_BASE_URL", "http://127.0.0.1:" + closed), 80,
                Subprocess.LAUNCHER + " list --limit 5 --retries 3");

        assertEquals(5, result.exit(), result::toString);
        String out = result.out();
        int error = out.lastIndexOf("\r\u001b[K");
        assertFalse(out.substring(0, error).contains("\n"), "the notices are one line: " + out);
        String[] rewrites = out.substring(0, error).split("\r\u001b\\[K", -1);
        // "", then the three notices.
        assertEquals(4, rewrites.length, out);
        for (int retry = 1; retry <= 3; retry++) {
            String notice = rewrites[retry];
            assertTrue(notice.startsWith("userlookup: "), notice);
            assertTrue(DisplayWidth.of(notice) < 80, "wider than the screen: [" + notice + "]");
            assertTrue(notice.matches("userlookup: list .*; retry " + retry + " of 3 in \\d+\\.\\d s"), notice);
        }
        String last = out.substring(error + "\r\u001b[K".length());
        assertTrue(last.startsWith("userlookup: ") && last.endsWith("\r\n"), out);
        assertFalse(last.contains("retry"), out);
    }

    @Test
    void resolveStdinAtATerminalSaysItReadsIdsThenTakesTypedIdsWithBlanksAroundThemUntilCtrlD() throws Exception {
        String row = fake.users().userId(44) + "  " + fake.users().clientUserId(44);
        try (Subprocess.Typed terminal = Subprocess.typedInTerminal(env("NO_COLOR", "1"), 120, 50,
                Subprocess.LAUNCHER + " resolve --stdin; echo \"status=$?\"")) {
            terminal.awaitScreen("Ctrl-D", Duration.ofSeconds(30));
            assertTrue(terminal.screen().contains("userlookup: reading ids, one a line (Ctrl-D to end)\r\n"), terminal::screen);

            terminal.type("  " + fake.users().clientUserId(44) + "  \n");
            // The user is shown while the person could still type the next id.
            terminal.awaitScreen(row, Duration.ofSeconds(30));
            terminal.type("\u0004"); // Ctrl-D

            assertTrue(terminal.awaitEnd(Duration.ofSeconds(30)), "still running: " + terminal.screen());
            assertTrue(terminal.screen().contains("status=0"), terminal::screen);
        }
    }

    @Test
    void aNotFoundIdIsReportedBetweenTheRowsBeforeAndAfterIt() {
        Subprocess.Result result = Subprocess.inTerminal(env("NO_COLOR", "1"), 120,
                Subprocess.LAUNCHER + " resolve customer-000042 nobody customer-000043");

        assertEquals(3, result.exit(), result::toString);
        String[] lines = result.out().split("\r\n");
        assertTrue(lines[1].startsWith(fake.users().userId(42)), result.out());
        assertTrue(lines[2].startsWith("userlookup: resolve \"nobody\": not found"), result.out());
        assertTrue(lines[3].startsWith(fake.users().userId(43)), result.out());
        assertEquals("2 users; 1 not found.", lines[4], result.out());
    }
}
