package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.userlookup.fake.FakeService;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A reader that goes away, Ctrl-C and SIGTERM, through the built launcher. */
@Isolated("it bounds how long a stop takes (2 s), which a class running beside it would stretch")
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
    void headEndsTheWalkAtOnceQuietlyWithExit0() throws IOException {
        // A file of its own for stderr: builds of other checkouts may run this test at the same time.
        Path err = Files.createTempFile("userlookup-pipe-err", ".txt");
        try {
            String command = Subprocess.LAUNCHER + " list --all -o ndjson 2>" + err + " | head -n 5 >/dev/null; "
                    + "echo \"status=${PIPESTATUS[0]}\"; cat " + err;
            Subprocess.Result result = Subprocess.run(env(), Duration.ofSeconds(60), "bash", "-c", command);

            assertEquals("status=0\n", result.out(), result::toString);
            assertTrue(result.millis() < 2500, "took " + result.millis() + " ms: the walk went on after head left");
        } finally {
            Files.deleteIfExists(err);
        }
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
        Process process = builder.start();
        // Signalled mid-walk: once its first user is out (a blocking read, woken by the line
        // itself), the rest of stdout drained as a reader would.
        java.io.InputStream out = process.getInputStream();
        for (int b = out.read(); b != '\n'; b = out.read()) {
            assertTrue(b != -1, "the walk ended before it wrote a user");
        }
        Thread drain = new Thread(() -> {
            try {
                out.transferTo(java.io.OutputStream.nullOutputStream());
            } catch (IOException ignored) {
                // the process has gone
            }
        });
        drain.setDaemon(true);
        drain.start();
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
        signal("INT", pid);
    }

    private static void signal(String name, long pid) throws IOException, InterruptedException {
        // The launcher execs java, so the pid is the JVM's.
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start();
        assertEquals(0, kill.waitFor());
    }

    /**
     * find signalled mid-walk, its first users written: the json array is closed and holds them,
     * the status is the signal's, and the index is left as it was (none here): a stopped run
     * saves nothing, so it ends at once.
     */
    @ParameterizedTest(name = "find, SIG{0}")
    @CsvSource({"INT, 130", "TERM, 143"})
    void aSignalMidFindLeavesAWholeArrayAndNoIndex(String signal, int status) throws Exception {
        Path file = Files.createTempFile("userlookup-signal", ".json");
        Path cache = Files.createTempDirectory("userlookup-signal-cache");
        try {
            ProcessBuilder builder = new ProcessBuilder(Subprocess.LAUNCHER.toString(), "find", slow.users().userId(10),
                    slow.users().userId(20), slow.users().userId(49_999), "-o", "json");
            builder.environment().putAll(env());
            builder.environment().put("XDG_CACHE_HOME", cache.toString());
            builder.redirectOutput(file.toFile());
            Process process = builder.start();
            awaitUsersIn(file, process);
            signal(signal, process.pid());
            boolean ended = process.waitFor(10, TimeUnit.SECONDS);
            String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

            assertTrue(ended, "still running 10 s after SIG" + signal);
            assertEquals(status, process.exitValue(), err);
            assertEquals("", err);
            JsonNode users = new ObjectMapper().readTree(file.toFile());
            assertEquals(2, users.size(), users::toString);
            assertEquals(slow.users().userId(10), users.get(0).get("user_id").asText());
            assertEquals(slow.users().userId(20), users.get(1).get("user_id").asText());
            try (java.util.stream.Stream<Path> files = Files.walk(cache)) {
                assertEquals(List.of(), files.filter(Files::isRegularFile).collect(java.util.stream.Collectors.toList()));
            }
        } finally {
            Files.deleteIfExists(file);
            try (java.util.stream.Stream<Path> files = Files.walk(cache)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    /** A walk into a file, signalled once users are in the file: the file is whole, the status the signal's. */
    @ParameterizedTest(name = "{0} into a file, SIG{1}")
    @CsvSource({"json, INT, 130", "json, TERM, 143", "ndjson, INT, 130", "ndjson, TERM, 143", "csv, INT, 130", "csv, TERM, 143"})
    void aSignalMidWalkLeavesAWholeDocumentAndExits128PlusTheSignal(String format, String signal, int status) throws Exception {
        Path file = Files.createTempFile("userlookup-signal", "." + format);
        try {
            ProcessBuilder builder = new ProcessBuilder(Subprocess.LAUNCHER.toString(), "list", "--all", "-o", format);
            builder.environment().putAll(env());
            builder.redirectOutput(file.toFile());
            Process process = builder.start();
            awaitUsersIn(file, process);
            signal(signal, process.pid());
            boolean ended = process.waitFor(10, TimeUnit.SECONDS);
            String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

            assertTrue(ended, "still running 10 s after SIG" + signal);
            assertEquals(status, process.exitValue(), err);
            assertEquals("", err);
            byte[] written = Files.readAllBytes(file);
            String text = new String(written, StandardCharsets.UTF_8);
            switch (format) {
                case "json" -> {
                    JsonNode document = new ObjectMapper().readTree(written);
                    int users = document.get("users").size();
                    assertTrue(users > 0 && users < 50_000, "users: " + users);
                    assertEquals(users, document.get("total").asInt(), text.substring(text.length() - 200));
                    assertTrue(text.endsWith("}\n"), text.substring(text.length() - 200));
                    // It says itself that it is cut short, by which signal, and where to go on: the
                    // fake's users come once each, in order, so after the last one printed.
                    assertEquals(status == 130 ? "interrupted" : "terminated", document.get("incomplete").get("reason").asText(),
                            text.substring(text.length() - 200));
                    assertEquals(users, document.get("incomplete").get("next_offset").asLong());
                }
                case "ndjson" -> {
                    assertTrue(text.endsWith("\n"), text.substring(text.length() - 200));
                    String[] lines = text.split("\n");
                    assertTrue(lines.length > 0 && lines.length < 50_000, "lines: " + lines.length);
                    for (String line : lines) {
                        assertTrue(new ObjectMapper().readTree(line).has("user_id"), line);
                    }
                }
                default -> {
                    assertTrue(text.endsWith("\r\n"), text.substring(text.length() - 200));
                    int rows = 0;
                    try (com.fasterxml.jackson.databind.MappingIterator<java.util.List<String>> it = new CsvMapper()
                            .enable(CsvParser.Feature.WRAP_AS_ARRAY).readerForListOf(String.class).readValues(written)) {
                        while (it.hasNext()) {
                            assertEquals(9, it.next().size(), "row " + rows);
                            rows++;
                        }
                    }
                    assertTrue(rows > 1 && rows < 50_001, "rows: " + rows);
                }
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /**
     * resolve --stdin waiting for its next id on an input whose writer stays (a pipe from a
     * program that did not get the signal, a FIFO): SIGINT and SIGTERM still stop it at once and
     * the json array is closed. A read from standard input cannot be interrupted, so the ids are
     * read by a thread of their own.
     */
    @ParameterizedTest(name = "SIG{0}")
    @CsvSource({"INT, 130", "TERM, 143"})
    void aSignalWhileResolveWaitsForTheNextIdClosesTheDocument(String signal, int status) throws Exception {
        Path folder = Files.createTempDirectory("userlookup-stdin");
        Path fifo = folder.resolve("ids");
        Path file = folder.resolve("out.json");
        try {
            assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
            // The shell opens the FIFO (which waits for its writer, this test) and execs the launcher,
            // which execs java: one process, the one signalled.
            ProcessBuilder builder = new ProcessBuilder("sh", "-c", "exec \"$0\" -v resolve --stdin -o json < \"$1\"",
                    Subprocess.LAUNCHER.toString(), fifo.toString());
            builder.environment().putAll(env());
            builder.redirectOutput(file.toFile());
            Process process = builder.start();
            java.io.BufferedReader verbose = new java.io.BufferedReader(
                    new java.io.InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
            // Opening the FIFO waits for its reader, the tool, which holds it from here on.
            try (java.io.OutputStream ids = Files.newOutputStream(fifo)) {
                ids.write("customer-000001\n".getBytes(StandardCharsets.UTF_8));
                ids.flush();
                // The json array is written at its end; -v says when the answer for the id has come
                // (a blocking read: woken by the line itself; the JUnit timeout bounds a hang).
                StringBuilder said = new StringBuilder();
                String line;
                while ((line = verbose.readLine()) != null && !line.startsWith("< 200")) {
                    said.append(line).append('\n');
                }
                assertTrue(line != null, "resolve ended before it was signalled: " + said);
                signal(signal, process.pid());
                boolean ended = process.waitFor(30, TimeUnit.SECONDS);
                verbose.lines().forEach(rest -> said.append(rest).append('\n'));

                assertTrue(ended, "still running 30 s after SIG" + signal);
                assertEquals(status, process.exitValue(), said.toString());
                // Whole: the array parses (the signal may come before or after the user is written).
                JsonNode users = new ObjectMapper().readTree(Files.readAllBytes(file));
                assertTrue(users.isArray() && users.size() <= 1, Files.readString(file));
                if (users.size() == 1) {
                    assertEquals("customer-000001", users.get(0).get("client_user_id").asText());
                }
            }
        } finally {
            Files.deleteIfExists(fifo);
            Files.deleteIfExists(file);
            Files.deleteIfExists(folder);
        }
    }

    /** Waits until the walk has written users (its first page is flushed), so the signal comes mid-walk. */
    private static void awaitUsersIn(Path file, Process process) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        // Woken by each write into the file's folder (inotify), never by a clock.
        try (java.nio.file.WatchService writes = file.getFileSystem().newWatchService()) {
            file.getParent().register(writes, java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY);
            while (Files.size(file) < 1000) {
                assertTrue(process.isAlive(), "the walk ended before it was signalled");
                java.nio.file.WatchKey written = writes.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                assertTrue(written != null, "no users written in 30 s");
                written.pollEvents();
                written.reset();
            }
        }
    }

    /**
     * At a terminal, Ctrl-C (typed, so the whole foreground group gets it) mid-walk into a file:
     * the progress line is taken away, the status is 130 and the document is whole.
     */
    @Test
    void ctrlCAtATerminalClearsTheProgressLine() throws Exception {
        Assumptions.assumeTrue(Subprocess.scriptAvailable(), "util-linux script(1) is needed for pseudo-terminal tests");
        Path file = Files.createTempFile("userlookup-signal", ".json");
        Map<String, String> env = new HashMap<>(env());
        env.put("TERM", "xterm-256color");
        try (Subprocess.Typed terminal = Subprocess.typedInTerminal(env, 80, 24,
                Subprocess.LAUNCHER + " list --all -o json > " + file + "; echo \"status=$?\"")) {
            terminal.awaitScreen(" of 50,000 users, ", Duration.ofSeconds(30));
            terminal.type("\u0003");
            terminal.awaitScreen("status=", Duration.ofSeconds(10));

            String screen = terminal.screen();
            assertTrue(screen.contains("status=130"), screen);
            int progress = screen.lastIndexOf(" users, ");
            assertTrue(screen.indexOf("\r\u001b[K", progress) > progress, "the progress line stays: " + screen);
            assertFalse(screen.substring(progress).contains("userlookup:"), screen);
            JsonNode document = new ObjectMapper().readTree(file.toFile());
            assertEquals(document.get("users").size(), document.get("total").asInt());
            assertEquals("interrupted", document.get("incomplete").get("reason").asText(), document.get("incomplete")::toString);
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
