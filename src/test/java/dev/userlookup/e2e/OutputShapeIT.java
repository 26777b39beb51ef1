package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.userlookup.console.DisplayWidth;
import dev.userlookup.fake.FakeService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** --fields in a real pseudo-terminal, and jackson-jq loaded by a run given --jq and by no other. */
class OutputShapeIT {

    static FakeService fake;

    @BeforeAll
    static void start() {
        fake = FakeService.builder().users(1250).start();
    }

    @AfterAll
    static void stop() {
        if (fake != null) {
            fake.close();
        }
    }

    private static Map<String, String> env() {
        return Map.of("USERLOOKUP_BASE_URL", fake.baseUrl(), "USERLOOKUP_API_KEY", fake.apiKey(), "TERM", "xterm-256color",
                "USERLOOKUP_PAGER", "");
    }

    @ParameterizedTest(name = "{0} columns")
    @ValueSource(ints = {80, 60})
    void theChosenColumnsInOrderWithTheIdsWholeInATerminal(int width) {
        assumeTrue(Subprocess.scriptAvailable(), "util-linux script(1) is needed for pseudo-terminal tests");

        Subprocess.Result result = Subprocess.inTerminal(env(), width, Subprocess.LAUNCHER
                + " list --limit 20 --offset 100 --color never --fields time_zone,sources,user_id,team_id,client_user_id");

        assertEquals(0, result.exit(), result::toString);
        String[] lines = result.out().split("\r\n");
        String header = lines[0];
        assertTrue(header.startsWith("TIME ZONE") && header.indexOf("SOURCES") < header.indexOf("USER ID"), result.out());
        for (String line : lines) {
            assertTrue(DisplayWidth.of(line) <= width, "wider than " + width + ": [" + line + "]");
        }
        String flat = result.out().replace("\r\n", "\n");
        for (int i = 100; i < 120; i++) {
            for (String id : new String[] {fake.users().userId(i), fake.users().clientUserId(i)}) {
                assertTrue(flat.contains(id), id + " whole at " + width + ":\n" + result.out());
            }
        }
        assertFalse(flat.contains("CREATED"), result.out());
    }

    @Test
    void onlyARunGivenJqLoadsJacksonJq() throws Exception {
        String id = fake.users().clientUserId(42);
        String plain = loaded("resolve", id);
        String csvFields = loaded("list", "--limit", "2", "-o", "csv", "--fields", "user_id,sources");
        String jq = loaded("resolve", id, "--jq", ".user_id");

        assertTrue(plain.contains("dev.userlookup.commands.ResolveCommand"), "the log lists the classes loaded");
        assertFalse(plain.contains("net.thisptr"), "jackson-jq loaded by a plain resolve");
        assertFalse(plain.contains("dev.userlookup.output.jq."), "the jq engine loaded by a plain resolve");
        assertFalse(csvFields.contains("net.thisptr"), "jackson-jq loaded by --fields");
        assertTrue(jq.contains("net.thisptr.jackson.jq."), "a --jq run loads jackson-jq");
    }

    /** The classes a run of the jar loads (through the launcher: its archive only speeds the start), from the JVM's class-load log. */
    private static String loaded(String... args) throws Exception {
        Path log = Files.createTempFile("classes", ".log");
        try {
            java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of(Subprocess.LAUNCHER.toString()));
            command.addAll(java.util.List.of(args));
            java.util.Map<String, String> env = new java.util.HashMap<>(env());
            env.put("USERLOOKUP_JAVA_OPTS", "-Xlog:class+load=info:file=" + log);
            Subprocess.Result result = Subprocess.run(env, Duration.ofSeconds(60), command);
            assertEquals(0, result.exit(), result::toString);
            return Files.readString(log);
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
