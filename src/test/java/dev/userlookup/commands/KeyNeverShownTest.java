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
import dev.userlookup.fake.Stubs;
import dev.userlookup.fake.Users;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The key never shows, whole or in part, wherever the service's text goes: error lines, -v,
 * doctor as text and as JSON. The service echoes the key at every offset around each place where
 * its text is cut short (the detail's 300 characters, the parser's 200, the parser's own quote of
 * 256, the 64 KiB read of a body that is not JSON), so that a key straddling a cut would show.
 */
class KeyNeverShownTest {

    private static final String KEY = KeyParts.KEY;

    @RegisterExtension
    static WireMockExtension service = Stubs.service();

    @TempDir
    Path home;

    private Cli cli() {
        return Cli.against(service.baseUrl()).env("USERLOOKUP_API_KEY", KEY).env("HOME", home.toString());
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

    /**
     * For each offset, resolve (plain and -v, one id and a batch) and doctor (text and JSON) meet
     * the answer; each exits as expected and shows no part of the key.
     */
    private void checkEveryOffset(int from, int to, IntFunction<ResponseDefinitionBuilder> answer, int resolveExit, int doctorExit) {
        List<String> leaks = new ArrayList<>();
        for (int n = from; n <= to; n++) {
            service.resetAll();
            service.stubFor(get(urlPathEqualTo("/v2/user/resolve/customer-1")).willReturn(answer.apply(n)));
            service.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(answer.apply(n)));
            service.stubFor(get(urlPathEqualTo("/v2/user/resolve/customer-2"))
                    .willReturn(okJson(Users.user(Users.uuid(2), "customer-2"))));
            List<Cli.Result> results = new ArrayList<>();
            results.add(expect(resolveExit, cli().run("resolve", "customer-1", "--retries", "0")));
            results.add(expect(resolveExit, cli().run("-v", "resolve", "customer-1", "--retries", "0")));
            results.add(expect(resolveExit, cli().run("resolve", "customer-2", "customer-1", "--retries", "0")));
            results.add(expect(doctorExit, cli().run("doctor", "--retries", "0")));
            results.add(expect(doctorExit, cli().run("doctor", "--retries", "0", "-o", "table")));
            for (Cli.Result result : results) {
                String shown = result.out() + result.err();
                String part = KeyParts.in(shown);
                if (part != null) {
                    leaks.add("offset " + n + ": '" + part + "' in\n" + result);
                }
            }
        }
        if (!leaks.isEmpty()) {
            fail(leaks.size() + " outputs show part of the key; the first:\n" + leaks.get(0));
        }
    }

    private static Cli.Result expect(int exit, Cli.Result result) {
        assertEquals(exit, result.exit(), result::toString);
        assertTrue(!result.err().isEmpty() || !result.out().isEmpty(), result::toString);
        return result;
    }
}
