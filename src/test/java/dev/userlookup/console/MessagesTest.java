package dev.userlookup.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Messages and -v lines share stderr with the progress line: each clears it first, and the key never shows. */
class MessagesTest {

    private static final String CLEAR = "\r\u001b[K";

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final PrintStream stderr = new PrintStream(err, true, StandardCharsets.UTF_8);
    private final Stderr messages = new Stderr(stderr, new FixedTerminal(false, true, 0), text -> text.replace("s3cret", "***"));

    @Test
    void aVerboseLineClearsTheProgressLineAndIsWrittenAsItIs() {
        ProgressLine progress = messages.progressLine("users");
        progress.update(12_000, 50_000L);

        messages.verbose("> GET http://127.0.0.1:1/v2/user/?offset=500&limit=500  (x-service-api-key: s3cret)");

        String shown = err.toString(StandardCharsets.UTF_8);
        assertTrue(shown.startsWith(CLEAR + "12,000 of 50,000 users, "), shown);
        assertTrue(shown.endsWith(CLEAR + "> GET http://127.0.0.1:1/v2/user/?offset=500&limit=500  (x-service-api-key: ***)\n"), shown);
    }

    @Test
    void aMessageClearsTheProgressLineToo() {
        ProgressLine progress = messages.progressLine("users");
        progress.update(1, null);

        messages.say("retrying after HTTP 503");

        String shown = err.toString(StandardCharsets.UTF_8);
        assertTrue(shown.endsWith(CLEAR + "userlookup: retrying after HTTP 503\n"), shown);
    }

    @Test
    void retryNoticesAreOneLineRewrittenCutToTheWidthWithTheRetryWholeAndTheErrorTakesTheirPlace() {
        Stderr at60 = new Stderr(stderr, new FixedTerminal(false, true, 60), text -> text);

        at60.notice("list (limit 5): cannot connect to 127.0.0.1:1 (connection refused); retry 1 of 3 in 0.4 s");
        at60.notice("list (limit 5): cannot connect to 127.0.0.1:1 (connection refused); retry 2 of 3 in 1.3 s");
        at60.say("list (limit 5): cannot connect to 127.0.0.1:1 (connection refused); gave up after 3 retries");

        String shown = err.toString(StandardCharsets.UTF_8);
        String[] rewrites = shown.split(Pattern.quote(CLEAR), -1);
        assertEquals(4, rewrites.length, shown);
        assertEquals("userlookup: list (limit 5): cannot …; retry 1 of 3 in 0.4 s", rewrites[1]);
        assertEquals(59, dev.userlookup.console.DisplayWidth.of(rewrites[2]), rewrites[2]);
        assertTrue(rewrites[2].endsWith("; retry 2 of 3 in 1.3 s"), rewrites[2]);
        assertTrue(rewrites[3].startsWith("userlookup: list (limit 5): cannot connect"), shown);
        assertFalse(rewrites[3].contains("retry 2"), shown);
    }

    @Test
    void withoutAProgressLineAVerboseLineIsJustTheLineEscaped() {
        messages.verbose("< 200 in 12 ms, 345 bytes (HTTP/1.1)\u001b[2J");

        assertEquals(SafeText.escape("< 200 in 12 ms, 345 bytes (HTTP/1.1)\u001b[2J") + "\n", err.toString(StandardCharsets.UTF_8));
    }
}
