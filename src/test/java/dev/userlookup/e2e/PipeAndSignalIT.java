package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.fake.FakeService;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A reader that goes away, and Ctrl-C, through the built launcher. */
class PipeAndSignalIT {

    /** 50,000 users at 100 ms a page: a full walk would take at least 2.5 s even with 4 in flight. */
    static FakeService slow;

    @BeforeAll
    static void start() {
        slow = FakeService.builder().users(50_000).latencyMillis(100).start();
    }

    @AfterAll
    static void stop() {
        slow.close();
    }

    private Map<String, String> env() {
        return Map.of("USERLOOKUP_BASE_URL", slow.baseUrl(), "USERLOOKUP_API_KEY", slow.apiKey());
    }

    @Test
    void headEndsTheWalkAtOnceQuietlyWithExit0() {
        String command = Subprocess.LAUNCHER + " list --all -o ndjson 2>/tmp/userlookup-pipe-err.txt | head -n 5 >/dev/null; "
                + "echo \"status=${PIPESTATUS[0]}\"; cat /tmp/userlookup-pipe-err.txt";
        Subprocess.Result result = Subprocess.run(env(), Duration.ofSeconds(60), "bash", "-c", command);

        assertEquals("status=0\n", result.out(), result::toString);
        assertTrue(result.millis() < 2500, "took " + result.millis() + " ms: the walk went on after head left");
    }

    @Test
    void headOnJsonAndCsvToo() {
        for (String format : new String[] {"json", "csv", "table"}) {
            String command = Subprocess.LAUNCHER + " list --all -o " + format + " | head -c 100 >/dev/null; echo \"status=${PIPESTATUS[0]}\"";
            Subprocess.Result result = Subprocess.run(env(), Duration.ofSeconds(60), "bash", "-c", command);
            assertEquals("status=0\n", result.out(), format + ": " + result);
            assertEquals("", result.err(), format + ": " + result);
        }
    }

    @Test
    void ctrlCStopsAtOnceWithExit130() throws Exception {
        ProcessBuilder builder = new ProcessBuilder(Subprocess.LAUNCHER.toString(), "list", "--all", "-o", "ndjson");
        builder.environment().putAll(env());
        builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process process = builder.start();
        Thread.sleep(1500);
        long started = System.nanoTime();
        interrupt(process.pid());
        boolean ended = process.waitFor(5, TimeUnit.SECONDS);
        long millis = (System.nanoTime() - started) / 1_000_000;
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

        assertTrue(ended, "still running 5 s after SIGINT");
        assertEquals(130, process.exitValue(), err);
        assertTrue(millis < 2000, "took " + millis + " ms to stop");
        assertEquals("", err);
    }

    private static void interrupt(long pid) throws IOException, InterruptedException {
        // The launcher execs java, so the pid is the JVM's.
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(pid)).start();
        assertEquals(0, kill.waitFor());
    }
}
