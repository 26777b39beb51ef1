package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.userlookup.commands.KeyParts.Spelling;
import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The key never shows, whole or in part, wherever the service's text goes: error lines, -v,
 * doctor as text and as JSON. The service echoes the key at every offset around each place where
 * its text is cut short (the detail's 300 characters, the parser's 200, the parser's own quote of
 * 256, the 64 KiB read of a body that is not JSON), so that a key straddling a cut would show;
 * and it does so in every spelling the service could send it back (a key with {@code / + =}
 * percent-encoded in either hex case, JSON-escaped), in its words and in a redirect's Location.
 * The service is in memory; its base URL names a loopback port that only accepts connections,
 * for doctor's own connect step.
 *
 * <p>Every path shows the service's text as the one client words it, the key taken out before any
 * cut: the paths share the cuts. So {@code -v resolve}, whose error line is resolve's and whose
 * trace quotes the parser's own words, meets the answer at every offset; resolve without -v, a
 * batch and doctor (text and JSON) meet it every {@value #STRIDE}th offset and at the last. A cut
 * that left part of the key would show it at every offset where {@link KeyParts#PART} or more of
 * its characters come before the cut, far more than {@value #STRIDE} offsets in a row (28 for a key of
 * 34 characters), so a cut of a path's own would show on it too.
 */
class KeyNeverShownTest {

    private static final String KEY = KeyParts.KEY;
    /** Every path meets the answer at every this many offsets, -v resolve at each one. */
    private static final int STRIDE = 7;

    private static final ServerSocket CONNECTABLE = acceptingAndClosing();

    @RegisterExtension
    final Registry service = new Registry("http://127.0.0.1:" + CONNECTABLE.getLocalPort());

    @TempDir
    Path home;

    /** Doctor connects before it sends its request (through the service in memory): each connection is taken and closed. */
    private static ServerSocket acceptingAndClosing() {
        try {
            ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread acceptor = new Thread(() -> {
                while (!socket.isClosed()) {
                    try {
                        socket.accept().close();
                    } catch (IOException closed) {
                        // the class is done
                    }
                }
            }, "key-never-shown-connect");
            acceptor.setDaemon(true);
            acceptor.start();
            return socket;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterAll
    static void stopAccepting() throws IOException {
        CONNECTABLE.close();
    }

    private Cli cli(String key) {
        return Cli.against(service).env("USERLOOKUP_API_KEY", key).env("HOME", home.toString());
    }

    @Test
    void aRefusalWhoseDetailEchoesTheKeyAcrossTheCut() {
        // "bad key <KEY>" after a detail of n characters: the key begins on each side of 300.
        checkEveryOffset(300 - KEY.length() - 10, 300 + 2, n -> Reply.status(401)
                .json("{\"detail\": \"" + "d".repeat(n) + "bad key " + KEY + " is not valid\"}"), 4, 4);
    }

    @Test
    void aDetailThatSpellsTheKeyWithJsonEscapesIsTakenOutToo() {
        String escaped = "\\u0075" + KEY.substring(1);
        checkEveryOffset(300 - KEY.length() - 2, 300 + 2, n -> Reply.status(403)
                .json("{\"detail\": \"" + "d".repeat(n) + escaped + "\"}"), 4, 4);
    }

    @Test
    void aBodyThatIsNotJsonQuotedByTheParserAcrossItsCuts() {
        // Jackson quotes the token ("Unrecognized token 'aaa...'") up to 256 characters, and the
        // message is cut at 200: the key begins on each side of both.
        IntFunction<Reply> body = n -> Reply.status(200).body("a".repeat(n) + KEY + " and more", null);
        int quoted = "Unrecognized token '".length();
        checkEveryOffset(200 - quoted - KEY.length() - 2, 200 - quoted + 1, body, 5, 5);
        checkEveryOffset(256 - KEY.length() - 2, 256 + 1, body, 5, 5);
    }

    @Test
    void aPlainTextErrorBodyAcrossTheCut() {
        checkEveryOffset(300 - KEY.length() - 2, 300 + 2, n -> Reply.status(500)
                .body("e".repeat(n) + KEY + "\nsecond line", "text/plain"), 5, 5);
    }

    @Test
    void aBodyThatIsNotJsonWithTheKeyAcrossTheEndOfWhatIsRead() {
        // After 64 KiB of white space, the first line read is whatever of the key is inside the 64 KiB.
        int read = 64 * 1024;
        checkEveryOffset(read - KEY.length() - 1, read + 1, n -> Reply.status(502)
                .body(" ".repeat(n) + KEY, "text/plain"), 5, 5);
    }

    @Test
    void anHtmlTitleThatEchoesTheKey() {
        checkEveryOffset(150, 210, n -> Reply.status(503)
                .body("<html><head><title>" + "t".repeat(n) + KEY + "</title></head></html>", "text/html"), 5, 5);
    }

    @ParameterizedTest
    @EnumSource(Spelling.class)
    void aRetryAfterTooLongToSitOutWithADetailThatEchoesTheKeyInAnySpellingAcrossTheCut(Spelling spelling) {
        // Not waited out: the run ends at once, the detail worded as any other refusal's.
        String spelled = spelling.of(KeyParts.SLASHED);
        int before = "bad key ".length();
        checkEveryOffset(KeyParts.SLASHED, firstBefore(300, spelled, before), 300 + 1 - before, n -> Reply.status(429)
                .header("Retry-After", "3600")
                .json("{\"detail\": \"" + "d".repeat(n) + "bad key " + jsonString(spelled) + " is not valid\"}"), 5, 5);
    }

    @ParameterizedTest
    @EnumSource(value = Spelling.class, names = "AS_SENT", mode = EnumSource.Mode.EXCLUDE)
    void aRefusalWhoseDetailEchoesTheKeyInAnySpellingAcrossTheCut(Spelling spelling) {
        String spelled = spelling.of(KeyParts.SLASHED);
        int before = "bad key ".length();
        checkEveryOffset(KeyParts.SLASHED, firstBefore(300, spelled, before), 300 + 1 - before, n -> Reply.status(401)
                .json("{\"detail\": \"" + "d".repeat(n) + "bad key " + jsonString(spelled) + " is not valid\"}"), 4, 4);
    }

    @ParameterizedTest
    @EnumSource(value = Spelling.class, names = "AS_SENT", mode = EnumSource.Mode.EXCLUDE)
    void aPlainTextErrorBodyWithTheKeyInAnySpellingAcrossTheCut(Spelling spelling) {
        String spelled = spelling.of(KeyParts.SLASHED);
        checkEveryOffset(KeyParts.SLASHED, firstBefore(300, spelled, 0), 300 + 1, n -> Reply.status(500)
                .body("e".repeat(n) + spelled + "\nsecond line", "text/plain"), 5, 5);
    }

    @ParameterizedTest
    @EnumSource(value = Spelling.class, names = "AS_SENT", mode = EnumSource.Mode.EXCLUDE)
    void aBodyThatIsNotJsonWithTheKeyInAnySpellingAcrossTheEndOfWhatIsRead(Spelling spelling) {
        String spelled = spelling.of(KeyParts.SLASHED);
        int read = 64 * 1024;
        checkEveryOffset(KeyParts.SLASHED, firstBefore(read, spelled, 0), read + 1, n -> Reply.status(502)
                .body(" ".repeat(n) + spelled, "text/plain"), 5, 5);
    }

    @ParameterizedTest
    @EnumSource(value = Spelling.class, names = "AS_SENT", mode = EnumSource.Mode.EXCLUDE)
    void aBodyThatIsNotJsonQuotedByTheParserWithTheKeyInAnySpelling(Spelling spelling) {
        String spelled = spelling.of(KeyParts.SLASHED);
        IntFunction<Reply> body = n -> Reply.status(200).body("a".repeat(n) + spelled + " and more", null);
        int quoted = "Unrecognized token '".length();
        checkEveryOffset(KeyParts.SLASHED, firstBefore(200 - quoted, spelled, 0), 200 - quoted + 1, body, 5, 5);
        checkEveryOffset(KeyParts.SLASHED, firstBefore(256, spelled, 0), 256 + 1, body, 5, 5);
    }

    @ParameterizedTest
    @EnumSource(value = Spelling.class, names = "AS_SENT", mode = EnumSource.Mode.EXCLUDE)
    void anHtmlTitleThatEchoesTheKeyInAnySpelling(Spelling spelling) {
        String spelled = spelling.of(KeyParts.SLASHED);
        checkEveryOffset(KeyParts.SLASHED, firstBefore(200, spelled, 0), 200 + 1, n -> Reply.status(503)
                .body("<html><head><title>" + "t".repeat(n) + spelled + "</title></head></html>", "text/html"), 5, 5);
    }

    /**
     * A same-origin redirect whose Location carries the key (percent-encoded in either hex case,
     * or as sent): followed, and -v names where it went, as does doctor; and where the new place
     * refuses the key quoting its own URL, the refusal's words too.
     */
    @ParameterizedTest
    @EnumSource(value = Spelling.class, names = {"AS_SENT", "PERCENT_UPPER", "PERCENT_LOWER", "PERCENT_ONLY_SLASH"})
    void aRedirectWhoseLocationCarriesTheKeyInAnySpelling(Spelling spelling) {
        String key = KeyParts.SLASHED;
        String query = "?k=" + spelling.of(key) + "&team=1";
        List<String> leaks = new ArrayList<>();
        for (boolean refused : new boolean[] {false, true}) {
            service.reset();
            service.getPath("/v2/user/resolve/customer-1").reply(Reply.status(302).header("Location", "/moved/user" + query));
            service.getPath("/v2/user/").reply(Reply.status(307).header("Location", "/moved/page" + query));
            service.getPath("/moved/user").reply(refused
                    ? Reply.status(401).json("{\"detail\": \"no access at /moved/user" + query + "\"}")
                    : Reply.ok(Users.user(Users.uuid(1), "customer-1")));
            service.getPath("/moved/page").reply(refused
                    ? Reply.status(401).json("{\"detail\": \"no access at /moved/page" + query + "\"}")
                    : Reply.ok(Users.page(1, 1, 1, 1)));
            int exit = refused ? 4 : 0;
            List<Cli.Result> results = new ArrayList<>();
            results.add(expect(exit, cli(key).run("resolve", "customer-1", "--retries", "0")));
            results.add(expect(exit, cli(key).run("-v", "resolve", "customer-1", "--retries", "0")));
            results.add(expect(exit, cli(key).run("-v", "list", "--retries", "0")));
            results.add(expect(exit, cli(key).run("doctor", "--retries", "0")));
            results.add(expect(exit, cli(key).run("-v", "doctor", "--retries", "0", "-o", "table")));
            leaks(results, refused ? "refused there" : "answered there", leaks);
            assertTrue(results.get(1).err().contains("* redirected to " + service.baseUrl() + "/moved/user?k=***&team=1"),
                    results.get(1)::toString);
        }
        if (!leaks.isEmpty()) {
            fail(leaks.size() + " outputs show part of the key; the first:\n" + leaks.get(0));
        }
    }

    /**
     * For each offset, -v resolve meets the answer; at every {@value #STRIDE}th and the last, resolve
     * (one id and, for the key as sent, a batch) and doctor (text and JSON) too. Each exits as
     * expected and shows no part of the key.
     */
    private void checkEveryOffset(int from, int to, IntFunction<Reply> answer, int resolveExit, int doctorExit) {
        checkEveryOffset(KEY, from, to, answer, resolveExit, doctorExit);
    }

    private void checkEveryOffset(String key, int from, int to, IntFunction<Reply> answer, int resolveExit,
            int doctorExit) {
        List<String> leaks = new ArrayList<>();
        for (int n = from; n <= to; n++) {
            boolean everyPath = (n - from) % STRIDE == 0 || n == to;
            service.reset();
            service.getPath("/v2/user/resolve/customer-1").reply(answer.apply(n));
            List<Cli.Result> results = new ArrayList<>();
            results.add(expect(resolveExit, cli(key).run("-v", "resolve", "customer-1", "--retries", "0")));
            if (everyPath) {
                service.getPath("/v2/user/").reply(answer.apply(n));
                // Asked for only in the batch, which the key's other spellings skip.
                service.getPath("/v2/user/resolve/customer-2").optional().reply(Reply.ok(Users.user(Users.uuid(2), "customer-2")));
                results.add(expect(resolveExit, cli(key).run("resolve", "customer-1", "--retries", "0")));
                if (key.equals(KEY)) {
                    // The batch shares the cuts of the one id: the key's other spellings meet them once.
                    results.add(expect(resolveExit, cli(key).run("resolve", "customer-2", "customer-1", "--retries", "0")));
                }
                results.add(expect(doctorExit, cli(key).run("doctor", "--retries", "0")));
                results.add(expect(doctorExit, cli(key).run("doctor", "--retries", "0", "-o", "table")));
            }
            leaks(results, "offset " + n, leaks);
        }
        if (!leaks.isEmpty()) {
            fail(leaks.size() + " outputs show part of the key; the first:\n" + leaks.get(0));
        }
    }

    private static void leaks(List<Cli.Result> results, String where, List<String> leaks) {
        for (Cli.Result result : results) {
            String shown = result.out() + result.err();
            String part = KeyParts.in(shown);
            if (part != null) {
                leaks.add(where + ": '" + part + "' in\n" + result);
            }
        }
    }

    /** Offsets of text before the spelled key so that it begins on each side of {@code cut}, one past either end. */
    private static int firstBefore(int cut, String spelled, int textBefore) {
        return cut - spelled.length() - 1 - textBefore;
    }

    private static String jsonString(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    private static Cli.Result expect(int exit, Cli.Result result) {
        assertEquals(exit, result.exit(), result::toString);
        assertTrue(!result.err().isEmpty() || !result.out().isEmpty(), result::toString);
        return result;
    }
}
