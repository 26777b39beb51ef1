package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** find's index through the real command line: a later find confirms a hit with one resolve instead of a walk. */
@Timeout(60)
class FindIndexTest {

    static final int TEAM = 2_500;

    @RegisterExtension
    final Registry service = new Registry();

    @TempDir
    Path cache;

    private final ObjectMapper json = new ObjectMapper();

    /** The team as the service holds it: what no run asks for is no failure (what each asks for is resolvesAsked's and walked's). */
    @BeforeEach
    void team() {
        for (int offset = 0; offset <= TEAM; offset += 500) {
            service.get("/v2/user/?offset=" + offset + "&limit=500").optional()
                    .reply(Reply.ok(Users.page(offset, Math.max(0, Math.min(500, TEAM - offset)), TEAM, 500)));
        }
        service.get("/v2/user/?limit=1").optional().reply(Reply.ok(Users.page(0, 1, TEAM, 1)));
        for (int i : new int[] {3, 1_234, 2_400}) {
            service.get("/v2/user/resolve/customer-" + i).optional().reply(Reply.ok(Users.user(Users.uuid(i), "customer-" + i)));
        }
    }

    private Cli cli() {
        return Cli.against(service).env("XDG_CACHE_HOME", cache.toString());
    }

    /** The resolves asked for since the last reset, sorted, and whether a walk began (its first page). */
    private List<String> resolvesAsked() {
        return asked().stream().filter(url -> url.startsWith("/v2/user/resolve/")).sorted().collect(Collectors.toList());
    }

    private boolean walked() {
        return asked().contains("/v2/user/?offset=0&limit=500");
    }

    /** The URLs the service was asked for since the last reset, in order. */
    private List<String> asked() {
        return service.targets();
    }

    private List<Path> filesUnder(Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile).collect(Collectors.toList());
        }
    }

    @Test
    void aLaterFindTakesTheHitAndConfirmsItWithOneResolve() throws Exception {
        Cli.Result first = cli().run("find", Users.uuid(1_234), "-o", "ndjson");
        assertTrue(asked().stream().anyMatch(url -> url.startsWith("/v2/user/?offset=")), "the first find walks");
        service.resetRequests();

        Cli.Result second = cli().run("find", Users.uuid(1_234), "-o", "ndjson");

        assertEquals(0, first.exit(), first::toString);
        assertEquals(0, second.exit(), second::toString);
        assertEquals(first.out(), second.out());
        assertEquals(List.of("/v2/user/resolve/customer-1234"), resolvesAsked());
        assertFalse(walked(), asked()::toString);
    }

    @Test
    void usersTheWalkMetBeforeTheOneAskedForAreIndexedToo() throws Exception {
        cli().run("find", Users.uuid(2_400));
        service.resetRequests();

        Cli.Result result = cli().run("find", Users.uuid(3), Users.uuid(1_234), "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(List.of("/v2/user/resolve/customer-1234", "/v2/user/resolve/customer-3"), resolvesAsked());
        assertFalse(walked(), asked()::toString);
        List<String> ids = result.out().lines().map(line -> read(line).get("user_id").asText()).collect(Collectors.toList());
        assertEquals(List.of(Users.uuid(3), Users.uuid(1_234)), ids);
    }

    @Test
    void aHitThatNoLongerHoldsIsDroppedAndTheWalkDecides() throws Exception {
        cli().run("find", Users.uuid(1_234));
        // The client renamed the user: the old client_user_id is gone, the list has the new one.
        service.get("/v2/user/resolve/customer-1234").reply(Reply.status(404));
        service.get("/v2/user/?offset=1000&limit=500")
                .reply(Reply.ok(Users.page(1_000, 500, TEAM, 500).replace("\"customer-1234\"", "\"renamed-1234\"")));
        service.get("/v2/user/resolve/renamed-1234").reply(Reply.ok(Users.user(Users.uuid(1_234), "renamed-1234")));
        service.resetRequests();

        Cli.Result second = cli().run("find", Users.uuid(1_234), "-o", "ndjson");
        List<String> secondAsked = asked();
        service.resetRequests();
        Cli.Result third = cli().run("find", Users.uuid(1_234), "-o", "ndjson");

        assertEquals(0, second.exit(), second::toString);
        assertEquals("renamed-1234", read(second.out()).get("client_user_id").asText());
        int resolved = secondAsked.indexOf("/v2/user/resolve/customer-1234");
        int walkBegan = secondAsked.indexOf("/v2/user/?offset=0&limit=500");
        assertTrue(resolved >= 0 && walkBegan > resolved, "the hit first, then the walk decided: " + secondAsked);
        assertEquals(0, third.exit(), third::toString);
        assertEquals(List.of("/v2/user/resolve/renamed-1234"), resolvesAsked(), "the index learnt the new client_user_id");
        assertFalse(walked(), asked()::toString);
    }

    @Test
    void aHitAnsweredWithAnotherUserIdIsNotPrintedAndTheWalkDecides() throws Exception {
        cli().run("find", Users.uuid(1_234));
        // customer-1234 now names another user; the user asked for left the team.
        service.get("/v2/user/resolve/customer-1234").reply(Reply.ok(Users.user(Users.uuid(9_999), "customer-1234")));
        for (int offset = 0; offset <= TEAM; offset += 500) {
            service.get("/v2/user/?offset=" + offset + "&limit=500").optional().reply(Reply.ok(
                    Users.page(offset, Math.max(0, Math.min(500, TEAM - offset)), TEAM, 500).replace(Users.uuid(1_234), Users.uuid(9_999))));
        }

        Cli.Result result = cli().run("find", Users.uuid(1_234), "-o", "ndjson");

        assertEquals(3, result.exit(), result::toString);
        assertEquals("", result.out());
        assertTrue(result.err().contains("find \"" + Users.uuid(1_234) + "\": not found"), result.err());
    }

    @Test
    void aHitAnsweredWithAnotherCustomersRecordIsNeverPrintedAndTheWalkDecides() throws Exception {
        cli().run("find", Users.uuid(1_234));
        // The service answers the index's client id with a record of another client_user_id: resolve refuses it unread.
        service.get("/v2/user/resolve/customer-1234").reply(Reply.ok(Users.user(Users.uuid(1_234), "customer-9999")));
        service.resetRequests();

        Cli.Result result = cli().run("find", Users.uuid(1_234), "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        assertEquals("", result.err());
        assertEquals("customer-1234", read(result.out()).get("client_user_id").asText(), "the user as the list has it");
        assertFalse(result.out().contains("customer-9999"), result.out());
        assertTrue(walked(), "the walk decided: " + asked());
    }

    @Test
    void aHitWhoseResolveFailsIsLeftToTheWalkAndKept() throws Exception {
        cli().run("find", Users.uuid(1_234));
        service.get("/v2/user/resolve/customer-1234").reply(Reply.status(500));
        service.resetRequests();

        Cli.Result failing = cli().run("find", Users.uuid(1_234), "--retries", "0", "-o", "ndjson");
        List<String> failingAsked = asked();
        service.get("/v2/user/resolve/customer-1234").reply(Reply.ok(Users.user(Users.uuid(1_234), "customer-1234")));
        service.resetRequests();
        Cli.Result recovered = cli().run("find", Users.uuid(1_234), "-o", "ndjson");

        assertEquals(0, failing.exit(), failing::toString);
        assertEquals("", failing.err());
        assertTrue(failingAsked.contains("/v2/user/?offset=0&limit=500"), "the walk decided: " + failingAsked);
        assertEquals(0, recovered.exit(), recovered::toString);
        assertEquals(List.of("/v2/user/resolve/customer-1234"), resolvesAsked(), "the entry was kept");
        assertFalse(walked(), asked()::toString);
    }

    @Test
    void verboseSaysWhatTheIndexKnewAndWhatItDropped() throws Exception {
        cli().run("find", Users.uuid(1_234));
        service.get("/v2/user/resolve/customer-1234").reply(Reply.status(404));

        Cli.Result result = cli().run("find", Users.uuid(1_234), Users.uuid(2_400), "-v", "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.err().contains("* find: the index knows 1 of 2 user_ids; each is confirmed by a resolve, "
                + "the rest are looked for in the list\n"), result.err());
        assertTrue(result.err().contains("* find: " + Users.uuid(1_234) + " is no longer \"customer-1234\": dropped from the index\n"),
                result.err());
    }

    @Test
    void noCacheNeitherReadsNorWrites() throws Exception {
        Cli.Result alone = cli().run("find", Users.uuid(1_234), "--no-cache");
        assertEquals(0, alone.exit(), alone::toString);
        assertEquals(List.of(), filesUnder(cache), "--no-cache wrote into the cache");

        cli().run("find", Users.uuid(1_234));
        service.resetRequests();
        Cli.Result walked = cli().run("find", Users.uuid(1_234), "--no-cache");

        assertEquals(0, walked.exit(), walked::toString);
        assertFalse(asked().contains("/v2/user/resolve/customer-1234"), "--no-cache read the index: " + asked());
        assertTrue(walked(), asked()::toString);
    }

    @Test
    void aCorruptIndexIsIgnoredAndRebuilt() throws Exception {
        cli().run("find", Users.uuid(1_234));
        List<Path> files = filesUnder(cache);
        assertFalse(files.isEmpty());
        for (Path file : files) {
            Files.write(file, "not an index \u0000\u00ff garbage".getBytes(StandardCharsets.ISO_8859_1));
        }
        service.resetRequests();

        Cli.Result corrupt = cli().run("find", Users.uuid(1_234), "-o", "ndjson");
        assertTrue(walked(), "a corrupt index is no index: " + asked());
        service.resetRequests();
        Cli.Result rebuilt = cli().run("find", Users.uuid(1_234), "-o", "ndjson");

        assertEquals(0, corrupt.exit(), corrupt::toString);
        assertEquals("", corrupt.err());
        assertEquals(0, rebuilt.exit(), rebuilt::toString);
        assertEquals(List.of("/v2/user/resolve/customer-1234"), resolvesAsked());
        assertFalse(walked(), asked()::toString);
    }

    @Test
    void theIndexIsPrivateAndHoldsNeitherTheKeyNorAnythingButIds() throws Exception {
        cli().run("find", Users.uuid(1_234));

        List<Path> files = filesUnder(cache);
        assertFalse(files.isEmpty());
        try (Stream<Path> all = Files.walk(cache.resolve("userlookup"))) {
            for (Path path : all.collect(Collectors.toList())) {
                String mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
                assertEquals(Files.isDirectory(path) ? "rwx------" : "rw-------", mode, path.toString());
                assertFalse(path.toString().contains(TestKeys.KEY), path.toString());
            }
        }
        for (Path file : files) {
            String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
            assertFalse(text.contains(TestKeys.KEY), file + " holds the key");
            assertFalse(text.contains("Europe/Berlin"), file + " holds more than ids");
            assertFalse(text.contains("Oura"), file + " holds more than ids");
        }
    }

    private com.fasterxml.jackson.databind.JsonNode read(String line) {
        try {
            return json.readTree(line);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
