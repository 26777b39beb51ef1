package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.console.Console;
import dev.userlookup.console.Io;
import dev.userlookup.console.FixedTerminal;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Running out of memory anyway (past the budget's reach) is one line and exit 5, as the service
 * failing; so is a failure in a thread no command watches, which is said through the run's stderr.
 */
class OutOfMemoryReportTest {

    private static Console console(PrintStream stderr) {
        return new Console(new Io(new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream(), stderr, Map.of(),
                new FixedTerminal(false, false, 0)));
    }

    @Test
    void outOfMemoryIsOneLineExit5() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream stderr = new PrintStream(err, true, StandardCharsets.UTF_8);
        ErrorReporter reporter = new ErrorReporter(console(stderr), () -> false, () -> false);

        int status = reporter.report(new OutOfMemoryError("Java heap space"));

        String said = err.toString(StandardCharsets.UTF_8);
        assertEquals(5, status);
        assertEquals(1, said.split("\n").length, said);
        assertTrue(said.startsWith("userlookup: out of memory (Java heap space): "), said);
        assertTrue(said.contains("--parallel") && said.contains("USERLOOKUP_JAVA_OPTS=-Xmx"), said);
    }

    @Test
    void aFailureInAnotherThreadIsOneLineThroughTheRunsStderrTheKeyOutAndTheRunGoesOn() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream stderr = new PrintStream(err, true, StandardCharsets.UTF_8);
        Console console = console(stderr);
        console.redactWith(text -> text.replace("s3cret-key", "***"));
        ErrorReporter reporter = new ErrorReporter(console, () -> false, () -> false);
        Thread worker = new Thread(() -> { }, "HttpClient-1-Worker-0");

        int goesOn = reporter.uncaught(worker, new IllegalStateException("body said s3cret-key \u001b[2J\nsecond line"));
        int outOfMemory = reporter.uncaught(worker, new OutOfMemoryError("Java heap space"));

        String[] said = err.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(-1, goesOn);
        assertEquals(5, outOfMemory);
        assertEquals(2, said.length, String.join("\n", said));
        assertEquals("userlookup: unexpected failure in HttpClient-1-Worker-0: IllegalStateException: body said *** \\x1b[2J", said[0]);
        assertTrue(said[1].startsWith("userlookup: out of memory (Java heap space): "), said[1]);
    }
}
