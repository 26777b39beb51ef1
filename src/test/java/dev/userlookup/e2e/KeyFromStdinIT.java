package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.userlookup.fake.FakeService;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * {@code --api-key-file -}: the key through a real pipe (README's way to keep it out of the
 * environment), and typed by a person at a real pseudo-terminal, where it must not be echoed.
 */
@Isolated("it bounds how long a stop takes (3 s), which a class running beside it would stretch")
class KeyFromStdinIT {

    static FakeService fake;
    final ObjectMapper json = new ObjectMapper();

    @BeforeAll
    static void start() {
        fake = FakeService.builder().users(20).start();
    }

    @AfterAll
    static void stop() {
        fake.close();
    }

    private Map<String, String> env() {
        return Map.of("USERLOOKUP_BASE_URL", fake.baseUrl(), "KEY", fake.apiKey());
    }

    @Test
    void aKeyPipedInByEchoWorksThroughTheLauncher() throws Exception {
        Subprocess.Result result = Subprocess.run(env(), java.time.Duration.ofSeconds(60), "sh", "-c",
                "echo \"$KEY\" | " + Subprocess.LAUNCHER + " --api-key-file - list --limit 2");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(fake.users().user(0), json.readTree(result.out()).get("users").get(0));
        assertEquals("", result.err());
    }

    @Test
    void aKeyPipedInWorksWithJavaDashJarAfterTheSubcommandToo() throws Exception {
        Subprocess.Result result = Subprocess.run(env(), java.time.Duration.ofSeconds(60), "sh", "-c",
                "printf '%s' \"$KEY\" | java -jar " + Subprocess.JAR + " resolve --api-key-file - " + fake.users().clientUserId(3));

        assertEquals(0, result.exit(), result::toString);
        assertEquals(fake.users().user(3), json.readTree(result.out()));
    }

    @Test
    void aWrongKeyPipedInIsRefusedByTheServiceNotByTheReading() {
        Subprocess.Result result = Subprocess.run(env(), java.time.Duration.ofSeconds(60), "sh", "-c",
                "echo wrong-key | " + Subprocess.LAUNCHER + " --api-key-file - list --limit 1");

        assertEquals(4, result.exit(), result::toString);
        assertTrue(result.err().contains("HTTP 401"), result.err());
    }

    @Test
    void aKeyTypedAtATerminalIsAskedForNotEchoedAndEchoComesBack() throws Exception {
        assumeTrue(Subprocess.scriptAvailable(), "util-linux script(1) is needed for pseudo-terminal tests");
        String command = Subprocess.LAUNCHER + " --api-key-file - list --limit 1 -o ndjson; echo \"status=$?\"; "
                + "stty -a | grep -o -- '-*echo ' | head -n 1";
        String seen;
        try (Subprocess.Typed terminal = Subprocess.typedInTerminal(env(), 80, 24, command)) {
            // Type only once asked: echo goes off, dropping what was typed before, and then the prompt shows.
            terminal.awaitScreen("userlookup: API key (not shown): ", Duration.ofSeconds(30));
            terminal.type(fake.apiKey() + "\n");

            assertTrue(terminal.awaitEnd(Duration.ofSeconds(30)), "still running: " + terminal.screen());
            seen = terminal.screen();
        }
        String[] lines = seen.split("\r\n");
        assertTrue(seen.contains("status=0"), seen);
        assertFalse(seen.contains(fake.apiKey()), "the typed key was echoed: " + seen);
        String user = java.util.Arrays.stream(lines).filter(line -> line.startsWith("{")).findFirst().orElse("{}");
        assertEquals(fake.users().user(0), json.readTree(user), seen);
        assertEquals("echo ", lines[lines.length - 1], "echo is on again after the run: " + seen);
    }

    /**
     * Ctrl-C at the hidden prompt ends the run at once, 130, with echo back on. A read from a
     * terminal cannot be interrupted: it waited for the run's stop to give up on it, 5 s, so the
     * bound here (3 s, where it takes a few hundred milliseconds) tells the two apart.
     */
    @Test
    void ctrlCAtTheKeyPromptEndsTheRunAtOnceWithEchoBack() {
        assumeTrue(Subprocess.scriptAvailable(), "util-linux script(1) is needed for pseudo-terminal tests");
        String command = Subprocess.LAUNCHER + " --api-key-file - list --limit 1; echo \"status=$?\"; "
                + "stty -a | grep -o -- '-*echo ' | head -n 1";
        String seen;
        try (Subprocess.Typed terminal = Subprocess.typedInTerminal(env(), 80, 24, command)) {
            terminal.awaitScreen("userlookup: API key (not shown): ", Duration.ofSeconds(30));
            terminal.type("\u0003");
            terminal.awaitScreen("status=", Duration.ofSeconds(3));
            assertTrue(terminal.awaitEnd(Duration.ofSeconds(30)), "still running: " + terminal.screen());
            seen = terminal.screen();
        }
        String[] lines = seen.split("\r\n");
        assertTrue(seen.contains("status=130"), seen);
        assertEquals("echo ", lines[lines.length - 1], "echo is on again after Ctrl-C: " + seen);
    }
}
