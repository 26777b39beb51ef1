package dev.userlookup.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a pager's end is read. Ctrl-C reaches the pager and the tool alike, in no set order: the
 * pager's exit says whether Ctrl-C ended it, and a stop ends the pager the tool told to quit on
 * Ctrl-C, in case it missed the signal. The pagers here are shell commands that act as less would.
 */
class PagedOutputTest {

    /** Four lines into a screen of three rows: the pager starts, and has them. */
    private static final byte[] TALLER_THAN_THE_SCREEN = "1\n2\n3\n4\n".getBytes(StandardCharsets.UTF_8);

    private static Map<String, String> env(String... extra) {
        Map<String, String> env = new HashMap<>(Map.of("PATH", System.getenv("PATH")));
        for (int i = 0; i < extra.length; i += 2) {
            env.put(extra[i], extra[i + 1]);
        }
        return env;
    }

    private static PagedOutput endedPager(String command, Map<String, String> env) throws IOException {
        PagedOutput paged = new PagedOutput(new ByteArrayOutputStream(), command, env, 3, 80);
        paged.write(TALLER_THAN_THE_SCREEN);
        paged.close();
        return paged;
    }

    @Test
    void aPagerEndedByCtrlCSaysSoByTheSignal() throws IOException {
        // As the shell between the tool and less ends once less has: by the SIGINT it was sent too.
        assertTrue(endedPager("head -n 1 > /dev/null; kill -INT $$", env()).endedByCtrlC());
    }

    @Test
    void lessToldByTheToolToQuitOnCtrlCSaysSoByItsStatus2ALessOfTheUsersDoesNot() throws IOException {
        // less -K exits 2 on Ctrl-C; a shell that runs it last (bash) passes that on.
        assertTrue(endedPager("head -n 1 > /dev/null; exit 2", env()).endedByCtrlC(), "LESS unset: the tool's K");
        assertFalse(endedPager("head -n 1 > /dev/null; exit 2", env("LESS", "FRX")).endedByCtrlC(), "the user's LESS");
    }

    @Test
    void aPagerQuitEarlyIsAReaderThatLeft() throws IOException {
        assertFalse(endedPager("head -n 1 > /dev/null", env()).endedByCtrlC());
    }

    /**
     * A stop ends what the pager's shell runs when the tool chose how less takes Ctrl-C (less
     * drawing the screen notes a Ctrl-C and acts on it only at the next key); a user's LESS keeps
     * its pager until the user quits it. The pager's program (cat, for less) says how it ended.
     */
    @Test
    void aStopEndsThePagerTheToolToldToQuitOnCtrlCAndLeavesAUsersLess(@TempDir Path dir) throws Exception {
        assertEquals("143", statusAfterAStop(dir.resolve("tool"), env()), "ended by SIGTERM");
        assertEquals("0", statusAfterAStop(dir.resolve("user"), env("LESS", "FRX")), "read its input to the end");
    }

    /** A pager that is the shell's own process (it ran the program by exec, as bash does) is ended itself. */
    @Test
    void aStopEndsAPagerTheShellRanInItsPlace() {
        PagedOutput paged = new PagedOutput(new ByteArrayOutputStream(), "exec sleep 120", env(), 3, 80);

        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            paged.write(TALLER_THAN_THE_SCREEN);
            paged.stop();
            paged.close();
        }, "a pager that reads nothing and never quits is still waited for");
        assertFalse(paged.pagerRunning());
    }

    private static String statusAfterAStop(Path dir, Map<String, String> env) throws Exception {
        Files.createDirectories(dir);
        Path started = dir.resolve("started");
        Path status = dir.resolve("status");
        assertEquals(0, new ProcessBuilder("mkfifo", started.toString()).start().waitFor());
        // In the background, as a pager's program might run; a shell gives that /dev/null unless told.
        String command = "exec 3<&0; cat <&3 > /dev/null & echo > '" + started + "'; wait $!; echo $? > '" + status + "'";
        PagedOutput paged = new PagedOutput(new ByteArrayOutputStream(), command, env, 3, 80);
        paged.write(TALLER_THAN_THE_SCREEN);
        // Opening the FIFO waits for the pager's shell: its program runs by then.
        Files.readAllBytes(started);

        paged.stop();
        paged.close();

        return Files.readString(status).strip();
    }
}
