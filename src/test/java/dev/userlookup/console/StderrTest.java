package dev.userlookup.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Standard error has one owner and one lock: lines, the line in place and held output never wait on each other. */
class StderrTest {

    private static final String CLEAR = "\r\u001b[K";

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Stderr stderr = new Stderr(new PrintStream(err, true, StandardCharsets.UTF_8), new FixedTerminal(false, true, 0), text -> text);

    /**
     * The hang of {@code -v list --all} at a terminal, made certain: a page worker's -v line is
     * being written (here: stopped while it shows output held for a pager) when the walk's thread
     * updates the progress line. Before, each held the lock the other needed (ProgressLine's own,
     * then the PrintStream's; the PrintStream's, then ProgressLine's) and both waited for ever.
     */
    @Test
    void aLineBeingWrittenAndAProgressUpdateNeverWaitOnEachOther() throws Exception {
        CountDownLatch lineIsBeingWritten = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        OutputStream screen = new OutputStream() {
            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                lineIsBeingWritten.countDown();
                try {
                    goOn.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        PagedOutput held = new PagedOutput(screen, "cat", Map.of(), 50, 80);
        held.write("a row held back\n".getBytes(StandardCharsets.UTF_8));
        stderr.heldOutput(held);
        ProgressLine progress = stderr.progressLine("users");
        progress.update(1, 10L);

        Thread worker = new Thread(() -> stderr.lines(List.of("> GET http://127.0.0.1:1/v2/user/?offset=500&limit=500")), "worker");
        worker.start();
        lineIsBeingWritten.await();
        Thread walk = new Thread(progress::clear, "walk");
        walk.start();
        // The walk waits for stderr while the line is being written: the moment the old locks crossed.
        while (walk.getState() != Thread.State.BLOCKED && walk.isAlive()) {
            Thread.onSpinWait();
        }
        goOn.countDown();

        long[] deadlocked = null;
        while (deadlocked == null && (worker.isAlive() || walk.isAlive())) {
            deadlocked = ManagementFactory.getThreadMXBean().findMonitorDeadlockedThreads();
            Thread.onSpinWait();
        }
        assertNull(deadlocked, "the threads wait on each other");
        worker.join();
        walk.join();
        String shown = err.toString(StandardCharsets.UTF_8);
        assertTrue(shown.endsWith(CLEAR + "> GET http://127.0.0.1:1/v2/user/?offset=500&limit=500\n"), shown);
    }

    @Test
    void aLineInPlaceIsRewrittenThenClearedBeforeAWholeLine() {
        stderr.inPlace("userlookup: list: connection refused; retry 1 of 3 in 0.4 s");
        stderr.inPlace("userlookup: list: connection refused; retry 2 of 3 in 0.9 s");
        assertTrue(stderr.lineShown());

        stderr.lines(List.of("userlookup: list: cannot connect"));

        assertEquals(CLEAR + "userlookup: list: connection refused; retry 1 of 3 in 0.4 s"
                + CLEAR + "userlookup: list: connection refused; retry 2 of 3 in 0.9 s"
                + CLEAR + "userlookup: list: cannot connect\n", err.toString(StandardCharsets.UTF_8));
        assertFalse(stderr.lineShown());
    }

    @Test
    void clearingWithNoLineShownWritesNothing() {
        stderr.clearLine();
        stderr.progressLine("users").clear();

        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void stdoutOnTheSameScreenTakesTheLineAwayFirstStdoutElsewhereLeavesIt() throws IOException {
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        stderr.inPlace("retry 1 of 3");
        try (OutputStream elsewhere = new StdoutGuard(new ByteArrayOutputStream(), stderr, () -> false)) {
            elsewhere.write("{}\n".getBytes(StandardCharsets.UTF_8));
        }
        assertTrue(stderr.lineShown());

        try (OutputStream sameScreen = new StdoutGuard(screen, stderr, () -> true)) {
            sameScreen.write("User ID  ...\n".getBytes(StandardCharsets.UTF_8));
        }

        assertFalse(stderr.lineShown());
        assertTrue(err.toString(StandardCharsets.UTF_8).endsWith("retry 1 of 3" + CLEAR), err.toString(StandardCharsets.UTF_8));
        assertEquals("User ID  ...\n", screen.toString(StandardCharsets.UTF_8));
    }

    @Test
    void linesSaidWhileAPagerShowsTheOutputComeAfterItHasQuit() throws IOException {
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        // A pager that reads everything and quits at the end of its input, as less -F does after q.
        PagedOutput paged = new PagedOutput(screen, "cat > /dev/null", Map.of("PATH", System.getenv("PATH")), 3, 80);
        Stderr stderr = new Stderr(new PrintStream(err, true, StandardCharsets.UTF_8), new FixedTerminal(false, true, 0), text -> text);
        stderr.heldOutput(paged);
        paged.write("1\n2\n3\n4\n".getBytes(StandardCharsets.UTF_8));
        assertTrue(paged.pagerRunning(), "taller than the screen: paged");

        stderr.lines(List.of("userlookup: list: cannot connect"));
        stderr.inPlace("HTTP 503; retry 1 of 3 in 0.4 s");
        assertEquals("", err.toString(StandardCharsets.UTF_8), "nothing drawn over the pager's screen");

        paged.close();
        stderr.showKept();
        assertEquals("userlookup: list: cannot connect\n", err.toString(StandardCharsets.UTF_8));
    }
}
