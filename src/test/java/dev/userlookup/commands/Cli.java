package dev.userlookup.commands;

import dev.userlookup.console.Io;
import dev.userlookup.console.FixedTerminal;
import dev.userlookup.console.Terminal;
import dev.userlookup.fake.Registry;
import dev.userlookup.network.Timing;
import dev.userlookup.network.Transport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Runs userlookup in-process through the real picocli command line, with captured streams, a
 * chosen environment and a chosen terminal, against a service in memory ({@link Registry}) or on
 * a socket ({@code fake.Stubs}).
 */
final class Cli {

    private final Map<String, String> env = new HashMap<>();
    private Terminal terminal = new FixedTerminal(false, false, 0);
    private byte[] stdin = new byte[0];
    private Timing timing;
    private Transport transport;

    /**
     * The cache folder of every in-process run unless a test names its own: find's index must
     * never land in the real ~/.cache of the machine running the tests.
     */
    private static final String TEST_CACHE = testCache();

    Cli() {
        env.put("XDG_CACHE_HOME", TEST_CACHE);
    }

    private static String testCache() {
        try {
            return java.nio.file.Files.createTempDirectory("userlookup-test-cache").toString();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static Cli against(String baseUrl) {
        return new Cli().env("USERLOOKUP_BASE_URL", baseUrl).env("USERLOOKUP_API_KEY", TestKeys.KEY);
    }

    /** Against a service in memory: no socket, and a request it has no answer for fails the test. */
    static Cli against(Registry service) {
        return against(service.baseUrl()).through(service);
    }

    static Cli bare() {
        return new Cli();
    }

    /** Requests go to this service in memory (or services: a router of base URLs), whatever the base URL says. */
    Cli through(Transport service) {
        this.transport = service;
        return this;
    }

    Cli env(String name, String value) {
        if (value == null) {
            env.remove(name);
        } else {
            env.put(name, value);
        }
        return this;
    }

    Cli terminal(boolean stdoutIsTerminal, int width) {
        this.terminal = new FixedTerminal(stdoutIsTerminal, stdoutIsTerminal, width);
        return this;
    }

    /** Output into a file or pipe while a person watches stderr on a terminal (where progress shows). */
    Cli stderrOnTerminal() {
        this.terminal = new FixedTerminal(false, true, 0);
        return this;
    }

    Cli stdin(String text) {
        this.stdin = text.getBytes(StandardCharsets.UTF_8);
        return this;
    }

    Cli stdinBytes(byte[] bytes) {
        this.stdin = bytes.clone();
        return this;
    }

    /** The clocks and sleep of retries and pauses: a fake one turns backoff into no wait. */
    Cli timing(Timing timing) {
        this.timing = timing;
        return this;
    }

    Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Io io = new Io(new ByteArrayInputStream(stdin), out,
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.copyOf(env), terminal);
        int exit = App.run(args, new Factory(io, SignalStop.NONE, timing, transport), null);
        return new Result(exit, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
    }

    record Result(int exit, byte[] outBytes, String err) {
        String out() {
            return new String(outBytes, StandardCharsets.UTF_8);
        }

        /** What every failure owes its reader: one line of stderr, in the tool's name, no stack trace, no key. */
        void assertOneErrorLine() {
            org.junit.jupiter.api.Assertions.assertEquals(1, err.split("\n").length, this::toString);
            org.junit.jupiter.api.Assertions.assertTrue(err.startsWith("userlookup: ") && err.endsWith("\n"), this::toString);
            org.junit.jupiter.api.Assertions.assertFalse(err.contains("\tat "), () -> "no stack trace: " + err);
            org.junit.jupiter.api.Assertions.assertFalse(err.contains(TestKeys.KEY), () -> "the key leaked: " + err);
        }

        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + out() + "--- stderr\n" + err;
        }
    }
}
