package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.userlookup.fake.FakeService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One line of --stdin of 300 MB, from a generator through a real pipe (a script that lost its
 * line ends): exit 2 naming the line, in the memory any run takes. It took 4.4 GB and ended in
 * exit 5, blaming the service. Peak RSS from GNU time ({@code /usr/bin/time}, Debian's
 * {@code time}).
 */
class LongStdinLineIT {

    private static final Path GNU_TIME = Path.of("/usr/bin/time");
    /** Far above what a run takes (a resolve peaks near 60 MB), far below what holding the line took. */
    private static final long PEAK_KB = 200_000;

    static FakeService fake;

    @BeforeAll
    static void start() {
        fake = FakeService.builder().users(20).start();
    }

    @AfterAll
    static void stop() {
        fake.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"resolve", "find"})
    void aLineOf300MegabytesIsExit2NamingItInFlatMemory(String command) throws Exception {
        assumeTrue(Files.isExecutable(GNU_TIME), "GNU time (Debian package time) measures the peak RSS");
        Path peak = Files.createTempFile("long-line", ".rss");
        String first = command.equals("find") ? fake.users().userId(3) : fake.users().clientUserId(3);
        try {
            Subprocess.Result result = Subprocess.run(Map.of("USERLOOKUP_BASE_URL", fake.baseUrl(), "USERLOOKUP_API_KEY", fake.apiKey(),
                    "FIRST", first), Duration.ofSeconds(120), "bash", "-c",
                    "{ printf '%s\\n' \"$FIRST\"; head -c 300000000 /dev/zero | tr '\\0' a; } | " + GNU_TIME + " -f %M -o " + peak
                            + " " + Subprocess.LAUNCHER + " " + command + " --stdin -o ndjson");

            // Cut: a line as long as the input, as it once was, would bury the report.
            String seen = result.toString().substring(0, Math.min(2000, result.toString().length()));
            assertEquals(2, result.exit(), seen);
            assertEquals("userlookup: " + command + ": line 2 of standard input is longer than the longest id taken, 1024 bytes of UTF-8: \""
                    + "a".repeat(40) + "...\"\n", result.err(), seen);
            List<String> lines = Files.readAllLines(peak);
            long peakKb = Long.parseLong(lines.get(lines.size() - 1).trim());
            System.out.printf("%s --stdin, a 300 MB line: peak RSS %,d KB%n", command, peakKb);
            assertTrue(peakKb < PEAK_KB, "peak RSS " + peakKb + " KB");
        } finally {
            Files.deleteIfExists(peak);
        }
    }
}
