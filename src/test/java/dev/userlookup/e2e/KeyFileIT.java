package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A key file that is a FIFO nothing writes, in a real process at a real pseudo-terminal: the run
 * says what it waits for, and Ctrl-C or SIGTERM end it at once, 130 and 143. The open of a FIFO
 * cannot be interrupted: it waited for the run's stop to give up on it (5 s), so the bound here
 * (3 s, where it takes a few hundred milliseconds) tells the two apart.
 */
@Isolated("it bounds how long a stop takes (3 s), which a class running beside it would stretch")
class KeyFileIT {

    @TempDir
    Path home;

    private Path fifo;

    @BeforeEach
    void makeFifo() throws Exception {
        fifo = home.resolve("team.key");
        assertEquals(0, new ProcessBuilder("mkfifo", "-m", "600", fifo.toString()).inheritIO().start().waitFor());
    }

    private Map<String, String> env() {
        // Nothing listens there: the run must end before any request, in the wait for the key.
        return Map.of("HOME", home.toString(), "USERLOOKUP_BASE_URL", "http://127.0.0.1:9");
    }

    @Test
    void ctrlCEndsTheWaitForAFifoAtOnceAfterSayingWhatItWaitsFor() {
        assumeTrue(Subprocess.scriptAvailable(), "util-linux script(1) is needed for pseudo-terminal tests");
        String command = Subprocess.LAUNCHER + " --api-key-file " + Subprocess.quote(fifo.toString()) + " list; echo \"status=$?\"";
        try (Subprocess.Typed terminal = Subprocess.typedInTerminal(env(), 200, 24, command)) {
            terminal.awaitScreen("userlookup: waiting for the key from the file " + fifo + " (at most 60 s; Ctrl-C stops)",
                    Duration.ofSeconds(30));
            terminal.type("\u0003");
            terminal.awaitScreen("status=", Duration.ofSeconds(3));
            assertTrue(terminal.awaitEnd(Duration.ofSeconds(30)), "still running: " + terminal.screen());
            assertTrue(terminal.screen().contains("status=130"), terminal.screen());
        }
    }

    @Test
    void sigtermEndsTheWaitForAFifoAtOnce() {
        assumeTrue(Subprocess.scriptAvailable(), "util-linux script(1) is needed for pseudo-terminal tests");
        // In the background, so the test can send the tool itself a SIGTERM; its stderr is still the terminal.
        String command = Subprocess.LAUNCHER + " --api-key-file " + Subprocess.quote(fifo.toString()) + " list & "
                + "echo \"pid=$!\"; wait $!; echo \"status=$?\"";
        try (Subprocess.Typed terminal = Subprocess.typedInTerminal(env(), 200, 24, command)) {
            terminal.awaitScreen("userlookup: waiting for the key from the file " + fifo, Duration.ofSeconds(30));
            Matcher pid = Pattern.compile("pid=(\\d+)").matcher(terminal.screen());
            assertTrue(pid.find(), terminal.screen());
            ProcessHandle.of(Long.parseLong(pid.group(1))).orElseThrow().destroy();
            terminal.awaitScreen("status=", Duration.ofSeconds(3));
            assertTrue(terminal.awaitEnd(Duration.ofSeconds(30)), "still running: " + terminal.screen());
            assertTrue(terminal.screen().contains("status=143"), terminal.screen());
        }
    }
}
