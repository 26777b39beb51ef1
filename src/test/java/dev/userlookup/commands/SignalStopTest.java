package dev.userlookup.commands;

import dev.userlookup.console.Io;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.userlookup.fake.FakeService;
import dev.userlookup.console.FixedTerminal;
import dev.userlookup.console.Terminal;
import dev.userlookup.console.TestTerminal;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the shutdown hook does on Ctrl-C or SIGTERM, in-process: the stop comes once users are
 * written, and the run ends through the path of a failure part-way (the signal itself, the exit
 * status the JVM gives it and the terminal are PipeAndSignalIT's).
 */
class SignalStopTest {

    private static final String CLEAR = "\r\u001b[K";

    static FakeService slow;

    @BeforeAll
    static void start() {
        slow = FakeService.builder().users(50_000).latencyMillis(50).apiKey(TestKeys.KEY).start();
    }

    @AfterAll
    static void stop() {
        slow.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"json", "ndjson", "csv"})
    void aStopMidWalkEndsTheDocumentWholeClearsTheProgressLineAndIs130(String format) throws Exception {
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        CountDownLatch usersWritten = new CountDownLatch(1);
        AtomicInteger pages = new AtomicInteger();
        OutputStream stdout = new OutputStream() {
            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public synchronized void write(byte[] bytes, int offset, int length) {
                written.write(bytes, offset, length);
            }

            /** A page is flushed; after the second, the first one's progress has been drawn. */
            @Override
            public void flush() {
                if (pages.incrementAndGet() == 2) {
                    usersWritten.countDown();
                }
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Io io = new Io(new ByteArrayInputStream(new byte[0]), stdout, new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of("USERLOOKUP_BASE_URL", slow.baseUrl(), "USERLOOKUP_API_KEY", TestKeys.KEY), new FixedTerminal(false, true, 0));
        AtomicInteger exit = new AtomicInteger(-1);
        AtomicReference<SignalStop> stop = new AtomicReference<>();
        Thread runner = new Thread(() -> exit.set(App.run(new String[] {"list", "--all", "--limit", "100", "-o", format}, new Factory(io, stop.get(), null, null), null)));
        stop.set(new SignalStop(runner));
        runner.start();

        usersWritten.await();
        stop.get().stop();
        runner.join();

        assertEquals(130, exit.get(), err.toString(StandardCharsets.UTF_8));
        String shown = err.toString(StandardCharsets.UTF_8);
        assertTrue(shown.contains(" of 50,000 users, ") && shown.endsWith(CLEAR), "the progress line is taken away: " + shown);
        assertFalse(shown.contains("userlookup:"), shown);
        String text;
        synchronized (stdout) {
            text = written.toString(StandardCharsets.UTF_8);
        }
        switch (format) {
            case "json" -> {
                JsonNode document = new ObjectMapper().readTree(text);
                int users = document.get("users").size();
                assertTrue(users < 50_000, "stopped mid-walk");
                assertEquals(users, document.get("total").asInt());
                // The fake's users come in order, once each: the walk goes on after the last one printed.
                assertEquals("interrupted", document.get("incomplete").get("reason").asText(), text.substring(text.length() - 200));
                assertEquals(users, document.get("incomplete").get("next_offset").asLong());
                assertEquals(List.of("users", "total", "offset", "limit", "incomplete"), names(document));
            }
            case "ndjson" -> {
                assertTrue(text.endsWith("\n"), text.substring(text.length() - 100));
                for (String line : text.split("\n")) {
                    assertTrue(new ObjectMapper().readTree(line).has("user_id"), line);
                }
            }
            default -> assertTrue(text.startsWith("user_id,") && text.endsWith("\r\n"), text.substring(text.length() - 100));
        }
    }

    /**
     * Ctrl-C reaches the pager and the tool in no set order: a pager it ended (less -K, and the
     * shell around it, end at once) makes the run 130 though the tool has not seen the signal yet,
     * never the quiet 0 of a reader that left. Here the tool is sent none.
     */
    @Test
    void aPagerEndedByCtrlCIs130BeforeTheToolSeesTheSignal() {
        Terminal screen = new TestTerminal() {
            @Override public boolean stdoutIsTerminal() { return true; }
            @Override public boolean stderrIsTerminal() { return false; }
            @Override public int width() { return 100; }
            @Override public int height() { return 10; }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Io io = new Io(new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream(), new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of("USERLOOKUP_BASE_URL", slow.baseUrl(), "USERLOOKUP_API_KEY", TestKeys.KEY, "PATH", System.getenv("PATH"),
                        "USERLOOKUP_PAGER", "head -n 1 > /dev/null; kill -INT $$"), screen);

        int exit = App.run(new String[] {"list", "--limit", "30"}, new Factory(io, SignalStop.NONE, null, null), null);

        assertEquals(130, exit, err.toString(StandardCharsets.UTF_8));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    private static List<String> names(JsonNode document) {
        List<String> names = new java.util.ArrayList<>();
        document.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
