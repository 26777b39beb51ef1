package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.fake.GzipBombService;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A walk whose later pages are 1 GB gzip bombs, at --parallel 16, in a 256 MB heap (the JVM's
 * default on a 1 GB machine): the memory budget ends it with one line and exit 5, where it used
 * to end in {@code OutOfMemoryError}, exit 1.
 */
class GzipBombIT {

    static GzipBombService bombs;

    @BeforeAll
    static void start() {
        bombs = GzipBombService.start(1024);
    }

    @AfterAll
    static void stop() {
        bombs.close();
    }

    private static Map<String, String> env(String javaOpts) {
        return javaOpts == null
                ? Map.of("USERLOOKUP_BASE_URL", bombs.baseUrl(), "USERLOOKUP_API_KEY", "k-123456789")
                : Map.of("USERLOOKUP_BASE_URL", bombs.baseUrl(), "USERLOOKUP_API_KEY", "k-123456789", "USERLOOKUP_JAVA_OPTS", javaOpts);
    }

    private static void assertOneLineExit5(Subprocess.Result result) {
        assertEquals(5, result.exit(), result::toString);
        assertEquals(1, result.err().split("\n").length, result::toString);
        assertTrue(result.err().startsWith("userlookup: list (offset "), result::toString);
        assertTrue(result.err().contains("too large"), result::toString);
        assertFalse(result.err().contains("OutOfMemoryError") || result.err().contains("\tat "), result::toString);
    }

    @Test
    void aWalkOfBombsAtParallel16FitsA256MbHeapWithJavaDashJar() {
        Subprocess.Result result = Subprocess.run(env(null), Duration.ofSeconds(60),
                "java", "-Xmx256m", "-jar", Subprocess.JAR.toString(), "list", "--all", "--parallel", "16", "-o", "ndjson");

        assertOneLineExit5(result);
    }

    /**
     * No bomb, but pages of 40,000 small users whatever the limit asks: each body is under the cap
     * of one request, and only the run-wide budget keeps the window of pages within the heap; with
     * the cap of one request alone the walk collects garbage until the heap runs out.
     */
    @Test
    void aWalkOfDensePagesAtParallel16FitsA256MbHeap() {
        try (GzipBombService dense = GzipBombService.dense(40_000)) {
            Subprocess.Result result = Subprocess.run(Map.of("USERLOOKUP_BASE_URL", dense.baseUrl(), "USERLOOKUP_API_KEY", "k-123456789",
                    "USERLOOKUP_JAVA_OPTS", "-Xmx256m"), Duration.ofSeconds(60),
                    Subprocess.LAUNCHER.toString(), "list", "--all", "--parallel", "16", "-o", "ndjson");

            assertOneLineExit5(result);
        }
    }

    @Test
    void aWalkOfBombsAtParallel16FitsA256MbHeapThroughTheLauncher() {
        Subprocess.Result result = Subprocess.run(env("-Xmx256m"), Duration.ofSeconds(60),
                Subprocess.LAUNCHER.toString(), "list", "--all", "--parallel", "16", "-o", "ndjson");

        assertOneLineExit5(result);
    }
}
