package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.userlookup.fake.FakeService;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The packaged jar and launcher, run as a user runs them, against the fake service. */
class JarIT {

    static FakeService fake;
    static Map<String, String> env;
    final ObjectMapper json = new ObjectMapper();

    @BeforeAll
    static void start() {
        fake = FakeService.builder().users(1250).start();
        env = Map.of("USERLOOKUP_BASE_URL", fake.baseUrl(), "USERLOOKUP_API_KEY", fake.apiKey());
    }

    @AfterAll
    static void stop() {
        fake.close();
    }

    private Subprocess.Result launcher(String... args) {
        String[] command = new String[args.length + 1];
        command[0] = Subprocess.LAUNCHER.toString();
        System.arraycopy(args, 0, command, 1, args.length);
        return Subprocess.run(env, Duration.ofSeconds(60), command);
    }

    @Test
    void theJarRunsWithJavaDashJar() throws Exception {
        String id = fake.users().clientUserId(42);
        Subprocess.Result result = Subprocess.run(env, Duration.ofSeconds(60), "java", "-jar", Subprocess.JAR.toString(), "resolve", id);

        assertEquals(0, result.exit(), result::toString);
        assertEquals(fake.users().user(42), json.readTree(result.out()));
        assertEquals("", result.err());
    }

    @Test
    void theLauncherIsExecutableAndListsAPageAsNdjson() throws Exception {
        assertTrue(Files.isExecutable(Subprocess.LAUNCHER));

        Subprocess.Result result = launcher("list", "--limit", "5", "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        String[] lines = result.out().split("\n");
        assertEquals(5, lines.length);
        for (int i = 0; i < 5; i++) {
            assertEquals(fake.users().user(i), json.readTree(lines[i]));
        }
    }

    /** Every awkward id through one process's arguments, to the service and back, in order. */
    @Test
    void resolvingEveryAwkwardIdRoundTrips() throws Exception {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < dev.userlookup.fake.FakeUsers.FIRST_ORDINARY_INDEX; i++) {
            String id = fake.users().clientUserId(i);
            if (!id.isEmpty()) {
                ids.add(id);
            }
        }
        List<String> args = new ArrayList<>(List.of("resolve"));
        args.addAll(ids);
        args.addAll(List.of("-o", "ndjson"));

        Subprocess.Result result = launcher(args.toArray(String[]::new));

        assertEquals(0, result.exit(), result::toString);
        List<String> resolved = new ArrayList<>();
        for (String line : result.out().split("\n")) {
            resolved.add(json.readTree(line).get("client_user_id").asText());
        }
        assertEquals(ids, resolved);
    }

    @Test
    void exitCodesFromTheRealProcess() {
        assertEquals(3, launcher("resolve", "no-such-customer").exit());
        assertEquals(5, launcher("resolve", FakeService.ID_500, "--retries", "0").exit());
        assertEquals(5, launcher("resolve", FakeService.ID_NOT_JSON).exit());
        assertEquals(2, launcher("list", "--limit", "501").exit());
        Subprocess.Result forbidden = Subprocess.run(Map.of("USERLOOKUP_BASE_URL", fake.baseUrl(), "USERLOOKUP_API_KEY", FakeService.FORBIDDEN_KEY),
                Duration.ofSeconds(60), Subprocess.LAUNCHER.toString(), "list");
        assertEquals(4, forbidden.exit(), forbidden::toString);
        Subprocess.Result noKey = Subprocess.run(Map.of("USERLOOKUP_BASE_URL", fake.baseUrl()), Duration.ofSeconds(60),
                Subprocess.LAUNCHER.toString(), "list");
        assertEquals(2, noKey.exit(), noKey::toString);
    }

    @Test
    void aFullDiskIsExit1WithALineNotASilentSuccess() {
        Subprocess.Result result = Subprocess.run(env, Duration.ofSeconds(60), "bash", "-c",
                Subprocess.LAUNCHER + " list --limit 50 -o ndjson > /dev/full");

        assertEquals(1, result.exit(), result::toString);
        assertEquals("userlookup: writing output: No space left on device\n", result.err());
    }

    @Test
    void helpAndVersionIntoAFullDiskAreExit1WithALineAndIntoHeadExit0() {
        for (String words : new String[] {"-V", "--help", "help list", "list --help"}) {
            Subprocess.Result full = Subprocess.run(env, Duration.ofSeconds(60), "bash", "-c",
                    Subprocess.LAUNCHER + " " + words + " > /dev/full");
            Subprocess.Result head = Subprocess.run(env, Duration.ofSeconds(60), "bash", "-c",
                    Subprocess.LAUNCHER + " " + words + " | head -c 1 > /dev/null; echo \"status=${PIPESTATUS[0]}\"");

            assertEquals(1, full.exit(), words + ": " + full);
            assertEquals("userlookup: writing output: No space left on device\n", full.err(), words + ": " + full);
            assertEquals("status=0\n", head.out(), words + ": " + head);
            assertEquals("", head.err(), words + ": " + head);
        }
    }

    @Test
    void theKeyNeverAppearsInVerboseOutput() {
        Subprocess.Result result = launcher("-v", "resolve", FakeService.ID_500, "--retries", "1");

        assertEquals(5, result.exit(), result::toString);
        assertFalse(result.err().contains(fake.apiKey()), result.err());
        assertFalse(result.out().contains(fake.apiKey()), result.out());
        assertTrue(result.err().contains("***"), result.err());
    }

    @Test
    void theWholeTeamStreamsAsNdjsonEachUserOnce() throws Exception {
        Subprocess.Result result = launcher("list", "--all", "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        String[] lines = result.out().split("\n");
        assertEquals(1250, lines.length);
        assertEquals(fake.users().userId(1249), json.readTree(lines[1249]).get("user_id").asText());
        assertEquals("", result.err());
    }

    @Test
    void aJavaThatCannotSetUpTlsFailsTheRunInOneLineRatherThanFallingBackToItsDefault() throws Exception {
        // A java.security whose providers hold no TLS (a stripped or misedited JDK): no context for
        // the client, nor a default one.
        java.nio.file.Path security = Files.createTempFile("no-tls", ".security");
        try {
            Files.writeString(security, "security.provider.1=SUN\nsecurity.provider.2=SunRsaSign\nsecurity.provider.3=SunEC\n"
                    + "security.provider.4=SunJCE\n");
            Subprocess.Result result = Subprocess.run(env, Duration.ofSeconds(60), "java", "-Djava.security.properties==" + security,
                    "-jar", Subprocess.JAR.toString(), "--base-url", "https://127.0.0.1:1", "list", "--limit", "1");

            assertEquals(5, result.exit(), result::toString);
            assertTrue(result.err().matches("userlookup: list \\(limit 1\\): this Java cannot set up TLS \\([^\n]+\\); "
                    + "check its security settings \\(the providers in java\\.security\\)\n"), result::toString);
        } finally {
            Files.deleteIfExists(security);
        }
    }

    @Test
    void plainHttpNeverSetsUpTheTlsStack() throws Exception {
        // Start-up: a plain-http run never pays for setting up the JDK's TLS stack (NoTlsContext).
        java.nio.file.Path classes = Files.createTempFile("classes", ".log");
        try {
            Subprocess.Result result = Subprocess.run(env, Duration.ofSeconds(60), "java",
                    "-Xlog:class+load=info:file=" + classes, "-jar", Subprocess.JAR.toString(), "list", "--limit", "1", "-o", "ndjson");

            assertEquals(0, result.exit(), result::toString);
            assertEquals(fake.users().user(0), json.readTree(result.out()));
            String loaded = Files.readString(classes);
            assertTrue(loaded.contains("jdk.internal.net.http.HttpClientImpl"), "the log lists the classes loaded");
            assertFalse(loaded.contains("sun.security.ssl."), "TLS classes loaded for plain http");
        } finally {
            Files.deleteIfExists(classes);
        }
    }
}
