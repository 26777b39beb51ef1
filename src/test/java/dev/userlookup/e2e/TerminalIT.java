package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.userlookup.fake.FakeService;
import dev.userlookup.terminal.DisplayWidth;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Tables, colour, width and progress in a real pseudo-terminal (script(1)). */
class TerminalIT {

    static FakeService fake;

    @BeforeAll
    static void start() {
        assumeTrue(Subprocess.scriptAvailable(), "util-linux script(1) is needed for pseudo-terminal tests");
        fake = FakeService.builder().users(1250).start();
    }

    @AfterAll
    static void stop() {
        if (fake != null) {
            fake.close();
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
        Subprocess.Result result = Subprocess.inTerminal(env(), 80, Subprocess.LAUNCHER + " list --limit 40");

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.out().contains("\u001b[1mUSER ID"), "bold header: " + result.out());
        String[] lines = stripAnsi(result.out()).split("\r\n");
        assertEquals(42, lines.length, result.out());
        for (String line : lines) {
            assertTrue(DisplayWidth.of(line) <= 80, "wider than 80: [" + line + "]");
        }
        assertEquals("Showing 1–40 of 1,250 users. Next page: userlookup list --offset 40 --limit 40", lines[41]);
        assertFalse(stripAnsi(result.out()).contains("\u001b"), "no raw escape from the data: " + result.out());
    }

    @Test
    void noColorTurnsColourOff() {
        Subprocess.Result result = Subprocess.inTerminal(env("NO_COLOR", "1"), 100, Subprocess.LAUNCHER + " list --limit 3");

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.out().startsWith("USER ID"), result.out());
        assertFalse(result.out().contains("\u001b"), result.out());
    }

    @Test
    void widerTerminalsGetFullIdsAndTimes() {
        Subprocess.Result result = Subprocess.inTerminal(env("NO_COLOR", "1"), 160, Subprocess.LAUNCHER + " list --limit 3 --offset 100");

        assertTrue(result.out().contains(fake.users().userId(100)), result.out());
        assertTrue(result.out().contains("CREATED (UTC)"), result.out());
    }

    @Test
    void resolveShowsACard() {
        String id = fake.users().clientUserId(42);
        Subprocess.Result result = Subprocess.inTerminal(env("NO_COLOR", "1"), 80, Subprocess.LAUNCHER + " resolve " + Subprocess.quote(id));

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.out().startsWith("User ID         " + fake.users().userId(42) + "\r\n"), result.out());
        assertTrue(result.out().contains("Client user ID  " + id + "\r\n"), result.out());
        assertTrue(result.out().contains("Sources ("), result.out());
    }

    @Test
    void intoAPipeInsideATerminalTheOutputIsJson() {
        Subprocess.Result result = Subprocess.inTerminal(env(), 80, Subprocess.LAUNCHER + " list --limit 2 | cat");

        assertTrue(result.out().startsWith("{\r\n  \"users\": ["), result.out());
    }

    @Test
    void progressGoesToAStderrTerminalOnlyAndIsCleared() {
        Subprocess.Result onTerminal = Subprocess.inTerminal(env(), 80,
                Subprocess.LAUNCHER + " list --all --limit 50 --parallel 2 -o ndjson > /dev/null");
        Subprocess.Result redirected = Subprocess.inTerminal(env(), 80,
                Subprocess.LAUNCHER + " list --all --limit 50 -o ndjson > /dev/null 2> /tmp/userlookup-progress.txt; wc -c < /tmp/userlookup-progress.txt");

        assertEquals(0, onTerminal.exit(), onTerminal::toString);
        assertTrue(onTerminal.out().contains(" of 1,250 users, "), onTerminal.out());
        assertTrue(onTerminal.out().endsWith("\r\u001b[K"), "the progress line is cleared at the end: " + onTerminal.out());
        assertEquals("0", redirected.out().strip(), "nothing on a stderr that is not a terminal");
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

    @org.junit.jupiter.params.ParameterizedTest(name = "{0} columns")
    @org.junit.jupiter.params.provider.ValueSource(ints = {60, 80, 100, 120})
    void tablesFitEveryWidthWithTheIdsWhole(int width) {
        Subprocess.Result result = Subprocess.inTerminal(env("NO_COLOR", "1"), width,
                Subprocess.LAUNCHER + " list --limit 20 --offset 100; " + Subprocess.LAUNCHER + " resolve customer-000042");

        assertEquals(0, result.exit(), result::toString);
        String[] lines = result.out().split("\r\n");
        for (String line : lines) {
            assertTrue(DisplayWidth.of(line) <= width, "wider than " + width + ": [" + line + "]");
        }
        for (int i = 100; i < 120; i++) {
            assertTrue(lines[i - 99].startsWith(fake.users().userId(i) + "  " + fake.users().clientUserId(i)),
                    "whole ids at " + width + ": [" + lines[i - 99] + "]");
        }
        assertTrue(result.out().contains("User ID         " + fake.users().userId(42) + "\r\n"), result.out());
    }

    @Test
    void outputTallerThanTheScreenGoesThroughThePagerShorterOutputDoesNot() {
        Map<String, String> env = env("NO_COLOR", "1", "USERLOOKUP_PAGER", "sed 's/^/PAGED:/'");
        Subprocess.Result tall = Subprocess.inTerminal(env, 100, Subprocess.LAUNCHER + " list --limit 60");
        Subprocess.Result short_ = Subprocess.inTerminal(env, 100, Subprocess.LAUNCHER + " list --limit 5");

        assertEquals(0, tall.exit(), tall::toString);
        assertTrue(tall.out().startsWith("PAGED:USER ID"), tall.out());
        assertTrue(tall.out().contains("PAGED:Showing 1–60 of 1,250 users."), tall.out());
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

    @Test
    void neverAPagerIntoAPipe() {
        Subprocess.Result result = Subprocess.inTerminal(env("USERLOOKUP_PAGER", "sed 's/^/PAGED:/'"), 100,
                Subprocess.LAUNCHER + " list --limit 100 -o ndjson | wc -l");

        assertEquals("100", result.out().strip(), result.out());
    }

    static final String[] HELP = {"--help", "help", "help resolve", "resolve --help", "list --help", "doctor --help",
        "completion --help", "help help"};

    @org.junit.jupiter.params.ParameterizedTest(name = "{0} columns")
    @org.junit.jupiter.params.provider.ValueSource(ints = {60, 67, 80, 100})
    void helpFitsTheWidthAndWrappedLinesContinueUnderTheirColumn(int width) {
        for (String help : HELP) {
            Subprocess.Result result = Subprocess.inTerminal(env("USERLOOKUP_PAGER", ""), width, 200, Subprocess.LAUNCHER + " " + help);

            assertEquals(0, result.exit(), result::toString);
            String[] lines = stripAnsi(result.out()).split("\r\n");
            String section = "";
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i];
                assertTrue(DisplayWidth.of(line) <= width, help + ": wider than " + width + ": [" + line + "]\n" + result.out());
                if (line.isEmpty() || line.endsWith(":") && !line.startsWith(" ")) {
                    section = line;
                    continue;
                }
                // Lists and examples never fall back to column 0; nor does the rest of a usage line.
                if (section.matches("Commands:|Options.*:|Environment:|Exit status:|Examples:")) {
                    assertTrue(line.startsWith(" "), help + " at " + width + ", under " + section + ": [" + line + "]\n" + result.out());
                }
                if (i > 0 && lines[i - 1].startsWith("Usage: ") && !line.isEmpty()) {
                    assertTrue(line.startsWith("       "), help + " at " + width + ": usage continued at [" + line + "]");
                }
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
        assertTrue(stripAnsi(tall.out()).contains("PAGED:Exit status:"), tall.out());
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
    void aRetryIsAnnouncedOnTheTerminal() {
        Subprocess.Result result = Subprocess.inTerminal(env(), 120, Subprocess.LAUNCHER + " resolve __503__ --retries 1");

        assertEquals(5, result.exit(), result::toString);
        assertTrue(result.out().matches("(?s)userlookup: resolve \"__503__\": HTTP 503; retry 1 of 1 in \\d+\\.\\d s\r\n"
                + "userlookup: resolve \"__503__\": the service failed \\(HTTP 503\\).*"), result.out());
    }

    @Test
    void resolveStdinAtATerminalSaysItReadsIdsThenTakesTypedIdsWithBlanksAroundThemUntilCtrlD() throws Exception {
        ProcessBuilder builder = new ProcessBuilder("script", "-qec",
                "stty cols 120 rows 50; " + Subprocess.LAUNCHER + " resolve --stdin; echo \"status=$?\"", "/dev/null");
        builder.environment().remove("PAGER");
        builder.environment().remove("USERLOOKUP_PAGER");
        builder.environment().putAll(env("NO_COLOR", "1"));
        builder.redirectErrorStream(true);
        Process process = builder.start();
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        Thread pump = Subprocess.pump(process.getInputStream(), screen);
        String row = fake.users().userId(44) + "  " + fake.users().clientUserId(44);
        try {
            awaitOnScreen(screen, "Ctrl-D");
            assertTrue(screen.toString(StandardCharsets.UTF_8).contains("userlookup: reading ids, one a line (Ctrl-D to end)\r\n"),
                    screen::toString);

            OutputStream keyboard = process.getOutputStream();
            keyboard.write(("  " + fake.users().clientUserId(44) + "  \n").getBytes(StandardCharsets.UTF_8));
            keyboard.flush();
            // The user is shown while the person could still type the next id.
            awaitOnScreen(screen, row);
            keyboard.write(4); // Ctrl-D
            keyboard.flush();

            assertTrue(process.waitFor(30, TimeUnit.SECONDS), "still running: " + screen);
        } finally {
            process.destroyForcibly();
        }
        pump.join();
        String seen = screen.toString(StandardCharsets.UTF_8);
        assertTrue(seen.contains(row), seen);
        assertTrue(seen.contains("status=0"), seen);
    }

    private static void awaitOnScreen(ByteArrayOutputStream screen, String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!screen.toString(StandardCharsets.UTF_8).contains(text) && System.nanoTime() < deadline) {
            Thread.sleep(20);
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
