package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The key never shows, whole or in part, where a message quotes a value inside a user record: a
 * timestamp or date that does not parse (quoted up to 60 characters; the JDK's own words, which
 * a -v trace shows, quote 64), a token the parser quotes (256, then the first line's 200), an id.
 * The service echoes the key at every offset around each cut, on every path that reads the
 * value: resolve's card, the list table of one page and of a walk, and their -v traces.
 *
 * <p>Every path reads the user through the one parser and quotes a value through the one
 * question, which takes the key out before it cuts: the paths share the cuts. So {@code -v resolve}
 * as a card, which reads every value the others read and whose trace shows what the parser
 * quotes, meets the user at every offset; the other paths every {@value #STRIDE}th offset and at the
 * last. A cut that left part of the key would show it at every offset where
 * {@link KeyParts#PART} or more of its characters come before the cut, far more than
 * {@value #STRIDE} offsets in a row, so a cut of a path's own would show on it too.
 */
class KeyInUserRecordTest {

    private static final String KEY = KeyParts.KEY;
    /** The quote of a timestamp or date that does not parse, and the JDK's quote of it in its exception. */
    private static final int FIRST_CUT = 60;
    private static final int LAST_CUT = 64;
    /** Every path meets the user at every this many offsets, {@link #CARD_VERBOSE} at each one. */
    private static final int STRIDE = 7;

    /** The path that meets every cut: the card reads every value, and -v shows what the parser quotes. */
    private static final Run CARD_VERBOSE = new Run(5, false, "-v", "resolve", "customer-1", "-o", "table");

    /** Every way a user is read and shown that meets a bad value: each fails with exit 5. */
    private static final List<Run> EVERY_READING = List.of(
            new Run(5, false, "resolve", "customer-1", "-o", "table"),
            CARD_VERBOSE,
            new Run(5, false, "list", "-o", "table"),
            new Run(5, false, "-v", "list", "-o", "table"),
            new Run(5, false, "list", "--all", "-o", "table"),
            new Run(5, false, "-v", "list", "--all", "-o", "table"));
    /** What prints the user as sent (the service's value is the output there): only standard error is checked. */
    private static final List<Run> AS_SENT = List.of(
            new Run(0, true, "resolve", "customer-1", "-o", "json"),
            new Run(0, true, "-v", "resolve", "customer-1", "-o", "json"),
            new Run(0, true, "list", "-o", "csv"),
            new Run(0, true, "list", "--all", "-o", "csv"));
    /** Only the card reads a time besides the user's own created_on: the list table shows none of it. */
    private static final List<Run> CARD_ONLY = List.of(
            new Run(5, false, "resolve", "customer-1", "-o", "table"),
            CARD_VERBOSE,
            new Run(0, false, "list", "-o", "table"),
            new Run(0, false, "-v", "list", "--all", "-o", "table"));

    @RegisterExtension
    final Registry service = new Registry();

    @TempDir
    Path home;

    /**
     * A run of the tool: its arguments and exit status, and whether its standard output is the
     * user as the service sent it (JSON, CSV), which holds whatever the service put in a field.
     */
    private record Run(int exit, boolean printsData, String... args) {
    }

    @Test
    void aCreatedOnThatEchoesTheKeyAcrossEveryCut() {
        List<Run> runs = new ArrayList<>(EVERY_READING);
        runs.addAll(AS_SENT);
        checkAcrossTheTimeCuts(n -> with("\"created_on\":\"2024-03-01T10:00:00+00:00\"", quoted(n)), runs);
    }

    @Test
    void aCreatedOnThatSpellsTheKeyWithAJsonEscape() {
        // The bytes never hold the key; the value does, once the parser has undone the escape.
        checkAcrossTheTimeCuts(n -> with("\"created_on\":\"2024-03-01T10:00:00+00:00\"",
                "x".repeat(n) + "\\u0075" + KEY.substring(1) + "y"), EVERY_READING);
    }

    @Test
    void aConnectedSourcesCreatedOnThatEchoesTheKey() {
        checkAcrossTheTimeCuts(n -> with("\"created_on\":\"2024-03-02T08:30:00.123456+00:00\"", quoted(n)), CARD_ONLY);
    }

    /** The card reads these as times or dates too; each at the end of a part of the user that holds it once. */
    @ParameterizedTest
    @ValueSource(strings = {
        "\"id\":\"Europe/Berlin\",\"source_slug\":\"oura\",\"updated_at\":\"2024-03-02T08:30:00Z\"",
        "\"value\":\"1990-05-17\"",
        "\"source_slug\":\"fitbit\",\"updated_at\":\"2024-03-02T08:30:00Z\"",
        "\"ingestion_start\":\"2024-01-01\"",
        "\"ingestion_end\":null",
    })
    void fallbackAndIngestionDatesThatEchoTheKey(String sent) {
        checkAcrossTheTimeCuts(n -> with(sent, quoted(n)), CARD_ONLY);
    }

    @Test
    void aTokenInsideAUserThatTheParserQuotes() {
        // Jackson quotes an unquoted token up to 256 characters ("Unrecognized token 'xx...'"), and
        // the first line of its words is cut at 200: the key begins on each side of both.
        IntFunction<String> user = n -> Users.user(Users.uuid(1), "customer-1")
                .replace("\"2024-03-01T10:00:00+00:00\"", "x".repeat(n) + KEY + "y");
        List<Run> runs = new ArrayList<>(EVERY_READING);
        runs.add(new Run(5, false, "resolve", "customer-1", "-o", "json"));
        runs.add(new Run(5, false, "list", "-o", "csv"));
        runs.add(new Run(5, false, "-v", "list", "--all", "-o", "ndjson"));
        int quoted = "Unrecognized token '".length();
        check(200 - quoted - KEY.length() - 1, 200 - quoted + 1, user, runs);
        check(256 - KEY.length() - 1, 256 + 1, user, runs);
    }

    @Test
    void idsThatHoldTheKeyAreNamedWithoutIt() {
        // A message names the user by its user_id: one that holds the key, beside a created_on that does not parse.
        IntFunction<String> user = n -> Users.user("x".repeat(n) + KEY + "y", "customer-1")
                .replace("2024-03-01T10:00:00+00:00", "yesterday");
        check(0, LAST_CUT + 1, user, EVERY_READING);
    }

    /** The key begins on each side of the first cut through the last. */
    private void checkAcrossTheTimeCuts(IntFunction<String> user, List<Run> runs) {
        check(FIRST_CUT - KEY.length() - 1, LAST_CUT + 1, user, runs);
    }

    /** A value that begins with {@code n} characters, then holds the key. */
    private static String quoted(int n) {
        return "x".repeat(n) + KEY + "y";
    }

    /**
     * A user with the value at the end of {@code sent} (a part of {@link Users#user} that it holds
     * once) replaced by the string {@code value} (JSON text between its quotes).
     */
    private static String with(String sent, String value) {
        String user = Users.user(Users.uuid(1), "customer-1");
        int at = user.indexOf(sent);
        assertTrue(at >= 0 && user.indexOf(sent, at + 1) < 0, sent);
        int end = at + sent.length();
        if (sent.endsWith("null")) {
            return user.substring(0, end - 4) + "\"" + value + "\"" + user.substring(end);
        }
        int begin = user.lastIndexOf('"', end - 2) + 1;
        return user.substring(0, begin) + value + user.substring(end - 1);
    }

    /**
     * For each offset the service answers resolve (and, every {@value #STRIDE}th and the last, the
     * list) with the user; {@link #CARD_VERBOSE} runs at each offset, the other runs every
     * {@value #STRIDE}th and at the last; each exits as expected and shows no part of the key (on
     * standard output too, unless it prints the user as sent).
     */
    private void check(int from, int to, IntFunction<String> user, List<Run> runs) {
        assertTrue(runs.contains(CARD_VERBOSE), "every offset is met by " + String.join(" ", CARD_VERBOSE.args()));
        List<String> leaks = new ArrayList<>();
        java.util.Map<String, List<Integer>> leakingRuns = new java.util.LinkedHashMap<>();
        for (int n = from; n <= to; n++) {
            boolean everyPath = (n - from) % STRIDE == 0 || n == to;
            String body = user.apply(n);
            service.reset();
            service.getPath("/v2/user/resolve/customer-1").reply(Reply.ok(body));
            if (everyPath) {
                service.getPath("/v2/user/").reply(Reply.ok("{\"users\":[" + body + "],\"total\":1,\"offset\":0,\"limit\":500}"));
            }
            int at = n;
            for (Run run : everyPath ? runs : List.of(CARD_VERBOSE)) {
                Cli.Result result = Cli.against(service).env("USERLOOKUP_API_KEY", KEY)
                        .env("HOME", home.toString()).run(run.args());
                assertEquals(run.exit(), result.exit(), () -> String.join(" ", run.args()) + " at offset " + at + "\n" + result);
                assertTrue(run.exit() == 0 || !result.err().isEmpty(), result::toString);
                String part = KeyParts.in(run.printsData() ? result.err() : result.out() + result.err());
                if (part != null) {
                    leaks.add("offset " + n + ", " + String.join(" ", run.args()) + ": '" + part + "' in\n" + result);
                    leakingRuns.computeIfAbsent(String.join(" ", run.args()), k -> new ArrayList<>()).add(n);
                }
            }
        }
        if (!leaks.isEmpty()) {
            fail(leaks.size() + " outputs show part of the key, at these offsets: " + leakingRuns + "; the first:\n" + leaks.get(0));
        }
    }
}
