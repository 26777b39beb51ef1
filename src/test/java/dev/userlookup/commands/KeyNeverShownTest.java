package dev.userlookup.commands;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import dev.userlookup.commands.KeyParts.Spelling;
import dev.userlookup.fake.Stubs;
import dev.userlookup.fake.Users;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
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
 */
class KeyNeverShownTest {

    private static final String KEY = KeyParts.KEY;

    @RegisterExtension
    static WireMockExtension service = Stubs.service();

    @TempDir
    Path home;

    private Cli cli(String key) {
        return Cli.against(service.baseUrl()).env("USERLOOKUP_API_KEY", key).env("HOME", home.toString());
    }

    @Test
    void aRefusalWhoseDetailEchoesTheKeyAcrossTheCut() {
        // "bad key <KEY>" after a detail of n characters: the key begins on each side of 300.
        checkEveryOffset(300 - KEY.length() - 10, 300 + 2, n -> aResponse().withStatus(401)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"detail\": \"" + "d".repeat(n) + "bad key " + KEY + " is not valid\"}"), 4, 4);
    }

    @Test
    void aDetailThatSpellsTheKeyWithJsonEscapesIsTakenOutToo() {
        String escaped = "\\u0075" + KEY.substring(1);
        checkEveryOffset(300 - KEY.length() - 2, 300 + 2, n -> aResponse().withStatus(403)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"detail\": \"" + "d".repeat(n) + escaped + "\"}"), 4, 4);
    }

    @Test
    void aBodyThatIsNotJsonQuotedByTheParserAcrossItsCuts() {
        // Jackson quotes the token ("Unrecognized token 'aaa...'") up to 256 characters, and the
        // message is cut at 200: the key begins on each side of both.
        IntFunction<ResponseDefinitionBuilder> body = n -> aResponse().withStatus(200).withBody("a".repeat(n) + KEY + " and more");
        int quoted = "Unrecognized token '".length();
        checkEveryOffset(200 - quoted - KEY.length() - 2, 200 - quoted + 1, body, 5, 5);
        checkEveryOffset(256 - KEY.length() - 2, 256 + 1, body, 5, 5);
    }

    @Test
    void aPlainTextErrorBodyAcrossTheCut() {
        checkEveryOffset(300 - KEY.length() - 2, 300 + 2, n -> aResponse().withStatus(500)
                .withHeader("Content-Type", "text/plain").withBody("e".repeat(n) + KEY + "\nsecond line"), 5, 5);
    }

    @Test
    void aBodyThatIsNotJsonWithTheKeyAcrossTheEndOfWhatIsRead() {
        // After 64 KiB of white space, the first line read is whatever of the key is inside the 64 KiB.
        int read = 64 * 1024;
        checkEveryOffset(read - KEY.length() - 1, read + 1, n -> aResponse().withStatus(502)
                .withHeader("Content-Type", "text/plain").withBody(" ".repeat(n) + KEY), 5, 5);
    }

    @Test
    void anHtmlTitleThatEchoesTheKey() {
        checkEveryOffset(150, 210, n -> aResponse().withStatus(503).withHeader("Content-Type", "text/html")
                .withBody("<html><head><title>" + "t".repeat(n) + KEY + "</title></head></html>"), 5, 5);
    }

    @ParameterizedTest
    @EnumSource(value = Spelling.class, names = "AS_SENT", mode = EnumSource.Mode.EXCLUDE)
    void aRefusalWhoseDetailEchoesTheKeyInAnySpellingAcrossTheCut(Spelling spelling) {
        String spelled = spelling.of(KeyParts.SLASHED);
        int before = "bad key ".length();
        checkEveryOffset(KeyParts.SLASHED, firstBefore(300, spelled, before), 300 + 1 - before, n -> aResponse().withStatus(401)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"detail\": \"" + "d".repeat(n) + "bad key " + jsonString(spelled) + " is not valid\"}"), 4, 4);
    }

    @ParameterizedTest
    @EnumSource(value = Spelling.class, names = "AS_SENT", mode = EnumSource.Mode.EXCLUDE)
    void aPlainTextErrorBodyWithTheKeyInAnySpellingAcrossTheCut(Spelling spelling) {
        String spelled = spelling.of(KeyParts.SLASHED);
        checkEveryOffset(KeyParts.SLASHED, firstBefore(300, spelled, 0), 300 + 1, n -> aResponse().withStatus(500)
                .withHeader("Content-Type", "text/plain").withBody("e".repeat(n) + spelled + "\nsecond line"), 5, 5);
    }

    @ParameterizedTest
    @EnumSource(value = Spelling.class, names = "AS_SENT", mode = EnumSource.Mode.EXCLUDE)
    void aBodyThatIsNotJsonWithTheKeyInAnySpellingAcrossTheEndOfWhatIsRead(Spelling spelling) {
        String spelled = spelling.of(KeyParts.SLASHED);
        int read = 64 * 1024;
        checkEveryOffset(KeyParts.SLASHED, firstBefore(read, spelled, 0), read + 1, n -> aResponse().withStatus(502)
                .withHeader("Content-Type", "text/plain").withBody(" ".repeat(n) + spelled), 5, 5);
    }

    @ParameterizedTest
    @EnumSource(value = Spelling.class, names = "AS_SENT", mode = EnumSource.Mode.EXCLUDE)
    void aBodyThatIsNotJsonQuotedByTheParserWithTheKeyInAnySpelling(Spelling spelling) {
        String spelled = spelling.of(KeyParts.SLASHED);
        IntFunction<ResponseDefinitionBuilder> body = n -> aResponse().withStatus(200).withBody("a".repeat(n) + spelled + " and more");
        int quoted = "Unrecognized token '".length();
        checkEveryOffset(KeyParts.SLASHED, firstBefore(200 - quoted, spelled, 0), 200 - quoted + 1, body, 5, 5);
        checkEveryOffset(KeyParts.SLASHED, firstBefore(256, spelled, 0), 256 + 1, body, 5, 5);
    }

    @ParameterizedTest
    @EnumSource(value = Spelling.class, names = "AS_SENT", mode = EnumSource.Mode.EXCLUDE)
    void anHtmlTitleThatEchoesTheKeyInAnySpelling(Spelling spelling) {
        String spelled = spelling.of(KeyParts.SLASHED);
        checkEveryOffset(KeyParts.SLASHED, firstBefore(200, spelled, 0), 200 + 1, n -> aResponse().withStatus(503)
                .withHeader("Content-Type", "text/html")
                .withBody("<html><head><title>" + "t".repeat(n) + spelled + "</title></head></html>"), 5, 5);
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
            service.resetAll();
            service.stubFor(get(urlPathEqualTo("/v2/user/resolve/customer-1"))
                    .willReturn(aResponse().withStatus(302).withHeader("Location", "/moved/user" + query)));
            service.stubFor(get(urlPathEqualTo("/v2/user/"))
                    .willReturn(aResponse().withStatus(307).withHeader("Location", "/moved/page" + query)));
            service.stubFor(get(urlPathEqualTo("/moved/user")).willReturn(refused
                    ? aResponse().withStatus(401).withHeader("Content-Type", "application/json")
                            .withBody("{\"detail\": \"no access at /moved/user" + query + "\"}")
                    : okJson(Users.user(Users.uuid(1), "customer-1"))));
            service.stubFor(get(urlPathEqualTo("/moved/page")).willReturn(refused
                    ? aResponse().withStatus(401).withHeader("Content-Type", "application/json")
                            .withBody("{\"detail\": \"no access at /moved/page" + query + "\"}")
                    : okJson(Users.page(1, 1, 1, 1))));
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
     * For each offset, resolve (plain and -v, one id and a batch; one id alone for the key of
     * other spellings) and doctor (text and JSON) meet the answer; each exits as expected and
     * shows no part of the key.
     */
    private void checkEveryOffset(int from, int to, IntFunction<ResponseDefinitionBuilder> answer, int resolveExit, int doctorExit) {
        checkEveryOffset(KEY, from, to, answer, resolveExit, doctorExit);
    }

    private void checkEveryOffset(String key, int from, int to, IntFunction<ResponseDefinitionBuilder> answer, int resolveExit,
            int doctorExit) {
        List<String> leaks = new ArrayList<>();
        for (int n = from; n <= to; n++) {
            service.resetAll();
            service.stubFor(get(urlPathEqualTo("/v2/user/resolve/customer-1")).willReturn(answer.apply(n)));
            service.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(answer.apply(n)));
            service.stubFor(get(urlPathEqualTo("/v2/user/resolve/customer-2"))
                    .willReturn(okJson(Users.user(Users.uuid(2), "customer-2"))));
            List<Cli.Result> results = new ArrayList<>();
            results.add(expect(resolveExit, cli(key).run("resolve", "customer-1", "--retries", "0")));
            if (key.equals(KEY)) {
                // The paths below share the cuts of the one above: the key's other spellings meet the cuts once.
                results.add(expect(resolveExit, cli(key).run("-v", "resolve", "customer-1", "--retries", "0")));
                results.add(expect(resolveExit, cli(key).run("resolve", "customer-2", "customer-1", "--retries", "0")));
            }
            results.add(expect(doctorExit, cli(key).run("doctor", "--retries", "0")));
            results.add(expect(doctorExit, cli(key).run("doctor", "--retries", "0", "-o", "table")));
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
