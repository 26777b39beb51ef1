package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.userlookup.fake.FakeService;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** find from the launcher: progress and the card in a real pseudo-terminal, a pipe, the index's modes on disk. */
class FindIT {

    static FakeService fake;

    @TempDir
    Path cache;

    @BeforeAll
    static void start() {
        fake = FakeService.builder().users(1_250).start();
    }

    @AfterAll
    static void stop() {
        if (fake != null) {
            fake.close();
        }
    }

    private Map<String, String> env() {
        Map<String, String> env = new HashMap<>(Map.of("USERLOOKUP_BASE_URL", fake.baseUrl(), "USERLOOKUP_API_KEY", fake.apiKey(),
                "TERM", "xterm-256color", "XDG_CACHE_HOME", cache.toString(), "USERLOOKUP_PAGER", ""));
        return env;
    }

    @Test
    void atATerminalTheSearchShowsItsProgressThenTheCardOf80Columns() {
        assumeTrue(Subprocess.scriptAvailable(), "util-linux script(1) is needed for pseudo-terminal tests");
        String userId = fake.users().userId(1_200);

        Subprocess.Result result = Subprocess.inTerminal(env(), 80, Subprocess.LAUNCHER + " find " + userId);

        assertEquals(0, result.exit(), result::toString);
        String screen = result.out().replaceAll("\u001b\\[[0-9;]*m", "");
        int progress = screen.indexOf(" of 1,250 users searched, ");
        int card = screen.indexOf("Client user ID  " + fake.users().clientUserId(1_200));
        assertTrue(progress >= 0, "no progress line: " + screen);
        assertTrue(card > progress, "the card after the progress: " + screen);
        assertTrue(screen.substring(progress, card).contains("\r\u001b[K"), "the progress line is cleared before the card: " + screen);
        // A carriage return starts the screen line again (the progress line is rewritten in place).
        for (String line : screen.split("\r?\n")) {
            for (String drawn : line.split("\r")) {
                assertTrue(drawn.replaceAll("\u001b\\[[0-9;]*[mK]", "").length() <= 80, "a line wider than 80: " + drawn);
            }
        }
    }

    @Test
    void intoHeadAndIntoAFileWithNoTerminal() {
        String first = fake.users().userId(10);
        String second = fake.users().userId(1_000);

        Subprocess.Result head = Subprocess.run(env(), Duration.ofSeconds(60), "sh", "-c",
                Subprocess.LAUNCHER + " find " + first + " " + second + " --no-cache -o ndjson | head -1");
        Subprocess.Result file = Subprocess.run(env(), Duration.ofSeconds(60), "sh", "-c",
                Subprocess.LAUNCHER + " find " + second + " --jq .client_user_id 2>&1 > " + cache.resolve("out.txt")
                        + "; echo status=$?; cat " + cache.resolve("out.txt"));

        assertEquals(0, head.exit(), head::toString);
        assertEquals(1, head.out().lines().count(), head::toString);
        assertTrue(head.out().contains("\"user_id\":\"" + first + "\""), head.out());
        assertEquals("status=0\n" + fake.users().clientUserId(1_000) + "\n", file.out(), "no progress off a terminal");
    }

    @Test
    void theIndexOnDiskIsPrivateUnderAnOpenUmask() {
        Subprocess.Result result = Subprocess.run(env(), Duration.ofSeconds(60), "sh", "-c",
                "umask 022; " + Subprocess.LAUNCHER + " find " + fake.users().userId(600) + " > /dev/null && "
                        + "find " + cache.resolve("userlookup") + " -path '*index*' -printf '%y %m\\n' | sort -u");

        assertEquals(0, result.exit(), result::toString);
        assertFalse(result.out().isBlank(), "no index written: " + result);
        for (String line : result.out().strip().split("\n")) {
            assertTrue(line.equals("d 700") || line.equals("f 600"), "a mode other than 700 or 600: " + result.out());
        }
    }
}
