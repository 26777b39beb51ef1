package dev.userlookup.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.UsageException;
import dev.userlookup.console.FixedTerminal;
import dev.userlookup.console.Terminal;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A key file, a pipe on standard input and a key command are each waited for within one bound
 * ({@link KeyWait}): a FIFO that nothing writes ends the run in words that name it, a person at
 * a terminal is told what the run waits for, and the run's stop (an interrupt, as a signal
 * makes it) ends the wait at once. The bound here is a fraction of a second; the tool's is 60 s.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class KeySourceTest {

    private static final String URL = "https://svc.example.test";
    private static final Duration BOUND = Duration.ofMillis(300);

    @TempDir
    Path folder;

    private Path fifo;
    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    /** Counts down once the run says anything on its standard error. */
    private final CountDownLatch saidSomething = new CountDownLatch(1);

    @BeforeEach
    void makeFifo() throws Exception {
        fifo = folder.resolve("key.fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", "-m", "600", fifo.toString()).inheritIO().start();
        assertEquals(0, mkfifo.waitFor());
    }

    /**
     * A reader left blocked in its open of the FIFO (as the tool leaves it when it gives up) is let
     * go: an open for reading and writing never blocks, and as a writer it lets the reader's open
     * through; closed, it leaves the reader at the end.
     */
    @AfterEach
    void releaseTheFifo() throws IOException {
        FileChannel.open(fifo, StandardOpenOption.READ, StandardOpenOption.WRITE).close();
    }

    private KeySource source(boolean stderrIsTerminal, Duration noticeAfter, InputStream stdin) {
        return source(stderrIsTerminal, BOUND, noticeAfter, stdin);
    }

    private KeySource source(boolean stderrIsTerminal, Duration bound, Duration noticeAfter, InputStream stdin) {
        Terminal terminal = new FixedTerminal(false, stderrIsTerminal, 80);
        PrintStream stderr = new PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                said.write(b);
                saidSomething.countDown();
            }
        }, true, StandardCharsets.UTF_8);
        return new KeySource(Map.of(), stdin, terminal, stderr, line -> { }, new KeyWait(terminal, stderr, bound, noticeAfter));
    }

    private String said() {
        return said.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aFifoThatNothingWritesEndsTheRunAfterTheBoundNamingItAndSaysAtATerminalWhatItWaitsFor() {
        long started = System.nanoTime();
        UsageException refused = assertThrows(UsageException.class,
                () -> source(true, Duration.ZERO, InputStream.nullInputStream()).load(fifo.toString(), null, null, URL, false));

        assertEquals("the API key file " + fifo + " was not read to its end within 0.3 s (a FIFO that nothing writes or closes?)",
                refused.getMessage());
        assertTrue(System.nanoTime() - started >= BOUND.toNanos(), "ended before the bound");
        assertEquals("userlookup: waiting for the key from the file " + fifo + " (at most 0.3 s; Ctrl-C stops)\n", said());
    }

    @Test
    void offATerminalItWaitsWithoutAWord() {
        assertThrows(UsageException.class, () -> source(false, Duration.ZERO, InputStream.nullInputStream())
                .load(fifo.toString(), null, null, URL, false));

        assertEquals("", said());
    }

    @Test
    void aKeyThatComesAtOnceIsReadWithoutAWordEvenAtATerminal() throws Exception {
        Path file = folder.resolve("team.key");
        Files.writeString(file, "team-key-000001\n");
        Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));

        assertEquals("team-key-000001", source(true, Duration.ofSeconds(30), InputStream.nullInputStream())
                .load(file.toString(), null, null, URL, false).value().value());
        assertEquals("", said());
    }

    @Test
    void aKeyWrittenIntoTheFifoWhileItWaitsIsTaken() throws Exception {
        CompletableFuture<String> key = CompletableFuture.supplyAsync(
                () -> source(true, Duration.ZERO, InputStream.nullInputStream()).load(fifo.toString(), null, null, URL, false).value().value());
        assertTrue(saidSomething.await(30, TimeUnit.SECONDS), "nothing said");
        // The bound is short here: the key goes in as soon as the run says it waits.
        try (OutputStream writer = Files.newOutputStream(fifo, StandardOpenOption.WRITE)) {
            writer.write("fifo-key-000001\n".getBytes(StandardCharsets.UTF_8));
        }

        assertEquals("fifo-key-000001", key.get(30, TimeUnit.SECONDS));
    }

    @Test
    void theRunsStopEndsTheWaitAtOnce() throws Exception {
        KeySource source = source(true, Duration.ofMinutes(10), Duration.ZERO, InputStream.nullInputStream());
        CompletableFuture<Throwable> ended = new CompletableFuture<>();
        Thread run = new Thread(() -> {
            try {
                source.load(fifo.toString(), null, null, URL, false);
                ended.complete(null);
            } catch (Throwable e) {
                ended.complete(e);
            }
        });
        run.start();
        // Said just before the wait: the stop comes while it waits (or before, which ends it as well).
        assertTrue(saidSomething.await(30, TimeUnit.SECONDS), "nothing said");
        long stopped = System.nanoTime();
        run.interrupt();

        assertInstanceOf(CancellationException.class, ended.get(30, TimeUnit.SECONDS));
        assertTrue(System.nanoTime() - stopped < TimeUnit.SECONDS.toNanos(5), "the stop was not at once");
    }

    @Test
    void aPipeOnStandardInputThatNeverEndsIsBoundedToo() throws Exception {
        PipedOutputStream writer = new PipedOutputStream();
        PipedInputStream stdin = new PipedInputStream(writer);
        writer.write("stdin-key-0001\n".getBytes(StandardCharsets.UTF_8));

        UsageException refused = assertThrows(UsageException.class, () -> source(true, Duration.ZERO, stdin).load("-", null, null, URL, false));

        assertEquals("standard input was not read to its end within 0.3 s (a pipe that nothing writes or closes?)", refused.getMessage());
        assertEquals("userlookup: waiting for the key on standard input (at most 0.3 s; Ctrl-C stops)\n", said());
        writer.close();
    }

    @Test
    void aKeyCommandThatHangsIsBoundedEndedAndSaidAtATerminal() throws Exception {
        Path pid = folder.resolve("pid");
        Profile profile = new Profile("p", URL, null, "echo $$ > '" + pid + "'; echo 'touch the security key' >&2; sleep 600", null);

        UsageException refused = assertThrows(UsageException.class,
                () -> source(true, Duration.ZERO, InputStream.nullInputStream()).load(null, profile, folder.resolve("config.toml"), URL, false));

        assertEquals("profile p: the key command did not finish within 0.3 s: touch the security key", refused.getMessage());
        assertEquals("userlookup: waiting for profile p's key command (at most 0.3 s; Ctrl-C stops)\n", said());
        ProcessHandle command = ProcessHandle.of(Long.parseLong(Files.readString(pid).strip())).orElse(null);
        if (command != null) {
            command.onExit().get(30, TimeUnit.SECONDS); // ended by the tool: a sleep of ten minutes would not end here
        }
    }

    @Test
    void devZeroIsBoundedBySize() {
        UsageException refused = assertThrows(UsageException.class,
                () -> source(true, Duration.ofSeconds(30), InputStream.nullInputStream()).load("/dev/zero", null, null, URL, false));

        assertEquals("the API key from the file /dev/zero is larger than 64 KiB: that is not a key", refused.getMessage());
        assertEquals("", said());
    }
}
