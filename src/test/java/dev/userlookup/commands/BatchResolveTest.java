package dev.userlookup.commands;

import dev.userlookup.console.Io;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.userlookup.console.FixedTerminal;
import dev.userlookup.fake.Held;
import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import dev.userlookup.network.Request;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code resolve} of several ids (arguments or {@code --stdin}) through the real command line against the service in memory. */
@Timeout(60)
class BatchResolveTest {

    /**
     * Answers {@code /v2/user/resolve/<id>} with a user whose client_user_id is the (decoded) id, or
     * 404 for ids that start with {@code missing-}.
     */
    static Reply echo(Request request) {
        String path = request.uri().getRawPath();
        String id = percentDecode(path.substring(path.lastIndexOf('/') + 1));
        if (id.startsWith("missing-")) {
            return Reply.status(404).json("{\"detail\":\"User not found\"}");
        }
        return Reply.ok(Users.user(uuidOf(id), id));
    }

    @RegisterExtension
    final Registry service = new Registry();

    private Held echo = Held.counting(BatchResolveTest::echo);

    private static final String CSV_HEADER =
            "user_id,team_id,client_user_id,created_on,sources,time_zone,birth_date,ingestion_start,ingestion_end";
    private static final String RESOLVE = "/v2/user/resolve/";

    private final ObjectMapper json = new ObjectMapper();

    @BeforeEach
    void listAnswers() {
        // The list answers at this base URL: a 404 from resolve is a missing user (asked only where one is).
        service.getPath("/v2/user/").optional().reply(Reply.ok(Users.page(0, 1, 1, 1)));
    }

    // ---------------------------------------------------------------- helpers

    private Cli cli() {
        return Cli.against(service);
    }

    /** Every resolve request answered by {@link #echo}, each held {@code sleepMs}; stubs of one id go after it. */
    private Registry.Stub stubEcho(int sleepMs) {
        return stubEcho(sleepMs, 0);
    }

    /** As {@link #stubEcho(int)}, each request also held until {@code together} are held at once. */
    private Registry.Stub stubEcho(int sleepMs, int together) {
        echo = Held.together(together, sleepMs, BatchResolveTest::echo);
        Registry.Stub stub = service.getPathMatching("/v2/user/resolve/[^/]+");
        stub.answer(echo);
        return stub;
    }

    /**
     * Answers {@code ids} (paths under resolve, as sent) so that within each group of {@code group}
     * sent together the later ones finish first (3, 2, 1, 0, then 7, 6, 5, 4, ...): each is held
     * until the next of its group has been answered, the last of a group answered at once. Events,
     * not times: the order holds however loaded the machine. The first {@code alone} are answered
     * at once: ids from stdin are sent as they are read, and the first is often sent alone, the
     * others once it is done. A tool with fewer than {@code group} in flight would keep a held one
     * waiting for one it has not sent (25 s each), and time out.
     */
    private void answerLaterOnesFirstInGroupsOf(int group, int alone, List<String> ids, IntFunction<Reply> reply) {
        List<CountDownLatch> answered = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            answered.add(new CountDownLatch(1));
        }
        for (int i = 0; i < ids.size(); i++) {
            int at = i;
            Function<Request, Reply> answer = request -> {
                Reply made = reply.apply(at);
                answered.get(at).countDown();
                return made;
            };
            boolean atOnce = i < alone || (i + 1 - alone) % group == 0 || i + 1 == ids.size();
            service.get(RESOLVE + ids.get(i)).answer(atOnce ? answer : Held.until(answered.get(i + 1), answer));
        }
    }

    /** This answer, and a latch counted down once it has been made. */
    private static Function<Request, Reply> counted(CountDownLatch made, Function<Request, Reply> answer) {
        return request -> {
            Reply reply = answer.apply(request);
            made.countDown();
            return reply;
        };
    }

    static String uuidOf(String id) {
        Matcher numbered = Pattern.compile("id-(\\d+)").matcher(id);
        return Users.uuid(numbered.matches() ? Integer.parseInt(numbered.group(1)) : Math.floorMod(id.hashCode(), 1_000_000));
    }

    static String percentDecode(String raw) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%' && i + 2 < raw.length()) {
                bytes.write(Integer.parseInt(raw.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                bytes.write(c);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static List<String> numberedIds(int count) {
        return IntStream.range(0, count).mapToObj(i -> "id-" + i).collect(Collectors.toList());
    }

    private static String[] args(List<String> ids, String... more) {
        List<String> all = new ArrayList<>();
        all.add("resolve");
        all.addAll(ids);
        Collections.addAll(all, more);
        return all.toArray(new String[0]);
    }

    private static List<String> errLines(Cli.Result result) {
        String err = result.err();
        if (err.isEmpty()) {
            return List.of();
        }
        assertTrue(err.endsWith("\n"), () -> "stderr ends its last line: " + err);
        return List.of(err.substring(0, err.length() - 1).split("\n", -1));
    }

    private int requests() {
        return service.requests().size();
    }

    private static String notFoundLine(String id) {
        return "userlookup: resolve \"" + id + "\": not found (HTTP 404): User not found";
    }

    /** The client_user_ids printed, in order, whatever the format; checks each format's frame. */
    private List<String> printedIds(Cli.Result result, String format) throws IOException {
        List<String> ids = new ArrayList<>();
        switch (format) {
            case "json": {
                JsonNode document = json.readTree(result.outBytes());
                assertTrue(document != null && document.isArray(), () -> "a JSON array: " + result);
                assertTrue(result.out().endsWith("]\n"), result::toString);
                document.forEach(user -> ids.add(user.get("client_user_id").asText()));
                break;
            }
            case "ndjson": {
                if (result.out().isEmpty()) {
                    break;
                }
                assertTrue(result.out().endsWith("\n"), result::toString);
                for (String line : result.out().split("\n")) {
                    JsonNode user = json.readTree(line);
                    assertTrue(user.isObject(), line);
                    ids.add(user.get("client_user_id").asText());
                }
                break;
            }
            case "csv": {
                assertTrue(result.out().endsWith("\r\n"), result::toString);
                String[] rows = result.out().split("\r\n");
                assertEquals(CSV_HEADER, rows[0]);
                for (int i = 1; i < rows.length; i++) {
                    String[] cells = rows[i].split(",", -1);
                    assertEquals(9, cells.length, rows[i]);
                    assertEquals(uuidOf(cells[2]), cells[0], "the row's user_id belongs to its client_user_id: " + rows[i]);
                    assertEquals(Users.TEAM, cells[1], rows[i]);
                    ids.add(cells[2]);
                }
                break;
            }
            default:
                throw new IllegalArgumentException(format);
        }
        return ids;
    }

    private static String lines(List<String> ids) {
        return ids.stream().map(id -> id + "\n").collect(Collectors.joining());
    }

    // ---------------------------------------------------------------- order

    @ParameterizedTest(name = "[{index}] -o {0} from {1}")
    @CsvSource({"json, args", "ndjson, args", "csv, args", "json, stdin", "ndjson, stdin", "csv, stdin"})
    void earlierIdsThatFinishLaterStillPrintFirst(String format, String from) throws Exception {
        List<String> ids = numberedIds(10);
        answerLaterOnesFirstInGroupsOf(4, from.equals("args") ? 0 : 1, ids, i -> Reply.ok(Users.user(Users.uuid(i), ids.get(i))));

        Cli.Result result = from.equals("args")
                ? cli().run(args(ids, "--parallel", "4", "-o", format))
                : cli().stdin(lines(ids)).run("resolve", "--stdin", "--parallel", "4", "-o", format);

        assertEquals(0, result.exit(), result::toString);
        assertEquals(ids, printedIds(result, format));
        assertEquals("", result.err());
        assertEquals(10, requests());
    }

    @Test
    void earlierIdsThatFinishLaterKeepTheirPlaceInTheJsonArrayWithLosslessElements() throws Exception {
        String slow = "{\"user_id\":\"" + Users.uuid(1) + "\",\"client_user_id\":\"slow\",\"team_id\":null,"
                + "\"created_on\":\"2024-03-01T10:00:00.5+05:30\",\"connected_sources\":[],"
                + "\"beta\":{\"score\":1.50,\"big\":12345678901234567890,\"tiny\":1e-7},\"zz_last\":true}";
        String fast = "{\"zz_first\":[1,2.0,\"x\"],\"user_id\":\"" + Users.uuid(2) + "\",\"client_user_id\":\"fast\","
                + "\"ingestion_start\":null,\"price\":0.10}";
        CountDownLatch fastAnswered = new CountDownLatch(1);
        service.get(RESOLVE + "slow").answer(Held.until(fastAnswered, request -> Reply.ok(slow)));
        service.get(RESOLVE + "fast").answer(counted(fastAnswered, request -> Reply.ok(fast)));

        Cli.Result result = cli().run("resolve", "slow", "fast", "-o", "json");

        assertEquals(0, result.exit(), result::toString);
        JsonNode document = json.readTree(result.outBytes());
        assertEquals(json.createArrayNode().add(json.readTree(slow)).add(json.readTree(fast)), document);
        String out = result.out();
        assertTrue(out.contains("\"score\": 1.50"), out);
        assertTrue(out.contains("\"big\": 12345678901234567890"), out);
        assertTrue(out.contains("\"price\": 0.10"), out);
        assertTrue(out.contains("2.0"), out);
        assertTrue(out.indexOf("\"beta\"") < out.indexOf("\"zz_last\""), "field order kept");
        assertTrue(out.indexOf("\"zz_first\"") < out.indexOf("\"" + Users.uuid(2) + "\""), "field order kept");
    }

    @Test
    void ndjsonElementsAreLosslessToo() throws Exception {
        String body = "{\"user_id\":\"" + Users.uuid(1) + "\",\"client_user_id\":\"a\",\"extra\":{\"score\":1.50}}";
        service.get(RESOLVE + "a").reply(Reply.ok(body));
        service.get(RESOLVE + "b").reply(Reply.ok(body.replace("\"a\"", "\"b\"")));

        Cli.Result result = cli().run("resolve", "a", "b", "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        String[] lines = result.out().split("\n");
        assertEquals(2, lines.length, result::toString);
        assertEquals(json.readTree(body), json.readTree(lines[0]));
        assertTrue(lines[0].contains("\"score\":1.50"), lines[0]);
        assertTrue(lines[1].contains("\"client_user_id\":\"b\""), lines[1]);
    }

    // ---------------------------------------------------------------- one id, none

    @Test
    void oneIdAsAnArgumentPrintsTheBareUser() throws Exception {
        stubEcho(0);

        Cli.Result result = cli().run("resolve", "id-1");

        assertEquals(0, result.exit(), result::toString);
        JsonNode document = json.readTree(result.outBytes());
        assertTrue(document.isObject(), result::toString);
        assertEquals(json.readTree(Users.user(Users.uuid(1), "id-1")), document);
    }

    @Test
    void twoIdsAsArgumentsPrintAnArray() throws Exception {
        stubEcho(0);

        Cli.Result result = cli().run("resolve", "id-1", "id-2");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(List.of("id-1", "id-2"), printedIds(result, "json"));
    }

    @Test
    void idsPastedWithBlanksAroundThemOnStdinAreResolvedWithoutThemButArgumentsAreSentAsGiven() throws Exception {
        stubEcho(0);

        Cli.Result piped = cli().stdin("  id-44  \r\n\tid-45\u00a0\n").run("resolve", "--stdin", "-o", "ndjson");
        Cli.Result argument = cli().run("resolve", "  id-46 ", "-o", "ndjson");

        assertEquals(0, piped.exit(), piped::toString);
        assertEquals(List.of("id-44", "id-45"), printedIds(piped, "ndjson"));
        assertEquals(0, argument.exit(), argument::toString);
        assertEquals(List.of("  id-46 "), printedIds(argument, "ndjson"));
        List<String> paths = service.targets().stream().sorted().toList();
        assertEquals(List.of(RESOLVE + "%20%20id-46%20", RESOLVE + "id-44", RESOLVE + "id-45"), paths);
    }

    @Test
    void oneIdFromStdinPrintsAnArrayOfOne() throws Exception {
        stubEcho(0);

        Cli.Result result = cli().stdin("id-1\n").run("resolve", "--stdin");

        assertEquals(0, result.exit(), result::toString);
        JsonNode document = json.readTree(result.outBytes());
        assertTrue(document.isArray(), result::toString);
        assertEquals(json.createArrayNode().add(json.readTree(Users.user(Users.uuid(1), "id-1"))), document);
        assertEquals(1, requests());
    }

    @ParameterizedTest(name = "[{index}] stdin {0}")
    @ValueSource(strings = {"", "\n", "\n  \n\t\r\n"})
    void noIdsOnStdinIsAnEmptyArrayAndExit0WithoutARequest(String stdin) throws Exception {

        Cli.Result result = cli().stdin(stdin).run("resolve", "--stdin");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(json.createArrayNode(), json.readTree(result.outBytes()));
        assertEquals("[]\n", result.out());
        assertEquals("", result.err());
        assertEquals(0, requests());
    }

    @Test
    void noIdsOnStdinIsNoLinesInNdjson() {

        Cli.Result result = cli().stdin("").run("resolve", "--stdin", "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        assertEquals("", result.out());
        assertEquals("", result.err());
        assertEquals(0, requests());
    }

    @Test
    void noIdsOnStdinIsTheHeaderOnceInCsv() {

        Cli.Result result = cli().stdin("").run("resolve", "--stdin", "-o", "csv");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(CSV_HEADER + "\r\n", result.out(), "one header row and nothing else");
        assertEquals("", result.err());
        assertEquals(0, requests());
    }

    @Test
    void allNotFoundInCsvIsTheHeaderOnce() {
        stubEcho(0);

        Cli.Result result = cli().run("resolve", "missing-1", "missing-2", "-o", "csv");

        assertEquals(3, result.exit(), result::toString);
        assertEquals(CSV_HEADER + "\r\n", result.out(), "one header row and nothing else");
    }

    // ---------------------------------------------------------------- stdin

    @Test
    void stdinSkipsBlankAndWhitespaceOnlyLinesAcceptsCrlfAndDropsBlanksAroundIds() throws Exception {
        stubEcho(0);
        String stdin = "id-1\r\n\r\n   \r\n\t\nid-2\n\n id 3 \r\nZoë 東京\n  \nlast";

        Cli.Result result = cli().stdin(stdin).run("resolve", "--stdin", "-o", "json");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(List.of("id-1", "id-2", "id 3", "Zoë 東京", "last"), printedIds(result, "json"));
        assertEquals("", result.err());
        assertEquals(5, requests());
        for (String url : List.of("id-1", "id-2", "id%203", "Zo%C3%AB%20%E6%9D%B1%E4%BA%AC", "last")) {
            assertEquals(1, service.count(RESOLVE + url));
        }
    }

    @Test
    void tenThousandIdsFromStdinAllPrintInOrder() throws Exception {
        stubEcho(0);
        List<String> ids = IntStream.range(0, 10_000).mapToObj(i -> String.format("id-%05d", i)).collect(Collectors.toList());

        Cli.Result result = cli().stdin(lines(ids)).run("resolve", "--stdin", "-o", "ndjson");

        assertEquals(0, result.exit(), () -> result.err());
        assertEquals("", result.err());
        String[] lines = result.out().split("\n");
        assertEquals(10_000, lines.length);
        for (int i = 0; i < lines.length; i++) {
            JsonNode user = json.readTree(lines[i]);
            assertEquals(ids.get(i), user.get("client_user_id").asText(), "line " + i);
            assertEquals(Users.uuid(i), user.get("user_id").asText(), "line " + i);
        }
        assertEquals(10_000, requests());
        assertTrue(echo.most.get() <= 4, "at most --parallel (default 4) at once: " + echo.most.get());
    }

    // ---------------------------------------------------------------- not found

    @ParameterizedTest(name = "[{index}] -o {0}")
    @ValueSource(strings = {"json", "ndjson", "csv"})
    void notFoundIdsAreNamedOnStderrInInputOrderTheOthersStillPrintExit3(String format) throws Exception {
        stubEcho(0);
        // missing-a comes first in the input but is answered last, once id-6 has been.
        CountDownLatch lastAnswered = new CountDownLatch(1);
        service.get(RESOLVE + "id-6").answer(counted(lastAnswered, BatchResolveTest::echo));
        service.get(RESOLVE + "missing-a").answer(Held.until(lastAnswered, BatchResolveTest::echo));
        List<String> ids = List.of("id-0", "missing-a", "id-2", "id-3", "missing-b", "id-5", "id-6");

        Cli.Result result = cli().run(args(ids, "-o", format));

        assertEquals(3, result.exit(), result::toString);
        assertEquals(List.of("id-0", "id-2", "id-3", "id-5", "id-6"), printedIds(result, format));
        assertEquals(notFoundLine("missing-a") + "\n" + notFoundLine("missing-b") + "\n", result.err());
        // Seven resolves, and one list a run to make sure the base URL is right, however many are missing.
        assertEquals(8, requests());
        assertEquals(1, service.count("/v2/user/?limit=1"));
    }

    @Test
    void notFoundFromStdinIsExit3Too() throws Exception {
        stubEcho(0);

        Cli.Result result = cli().stdin("missing-1\nid-2\nmissing-3\n").run("resolve", "--stdin");

        assertEquals(3, result.exit(), result::toString);
        assertEquals(List.of("id-2"), printedIds(result, "json"));
        assertEquals(List.of(notFoundLine("missing-1"), notFoundLine("missing-3")), errLines(result));
    }

    @Test
    void allNotFoundIsAnEmptyArrayAndExit3() throws Exception {
        stubEcho(0);

        Cli.Result result = cli().run("resolve", "missing-1", "missing-2");

        assertEquals(3, result.exit(), result::toString);
        assertEquals(json.createArrayNode(), json.readTree(result.outBytes()));
        assertEquals(List.of(notFoundLine("missing-1"), notFoundLine("missing-2")), errLines(result));
    }

    @Test
    void tableOnATerminalPrintsRowsInOrderAndAFooterCountingTheMissing() {
        stubEcho(0);
        // id-1 is answered after the two behind it.
        CountDownLatch lastAnswered = new CountDownLatch(1);
        service.get(RESOLVE + "id-2").answer(counted(lastAnswered, BatchResolveTest::echo));
        service.get(RESOLVE + "id-1").answer(Held.until(lastAnswered, BatchResolveTest::echo));

        Cli.Result result = cli().terminal(true, 120).run("resolve", "id-1", "missing-x", "id-2", "--color", "never");

        assertEquals(3, result.exit(), result::toString);
        String[] lines = result.out().split("\n");
        assertEquals(4, lines.length, result::toString);
        assertTrue(lines[0].startsWith("USER ID"), lines[0]);
        assertTrue(lines[1].contains("id-1") && lines[1].contains(Users.uuid(1)), lines[1]);
        assertTrue(lines[2].contains("id-2") && lines[2].contains(Users.uuid(2)), lines[2]);
        assertEquals("2 users; 1 not found.", lines[3]);
        assertEquals(List.of(notFoundLine("missing-x")), errLines(result));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
        "id-1              | 1 user.",
        "id-1 id-2 id-3    | 3 users.",
        "missing-1         | 0 users; 1 not found.",
    })
    void tableFooterCounts(String ids, String footer) {
        stubEcho(0);

        Cli.Result result = cli().terminal(true, 120).stdin(ids.replace(' ', '\n')).run("resolve", "--stdin", "--color", "never");

        String[] lines = result.out().split("\n");
        assertEquals(footer, lines[lines.length - 1], result::toString);
        assertEquals(ids.startsWith("missing") ? 3 : 0, result.exit(), result::toString);
    }

    // ---------------------------------------------------------------- failures that stop the batch

    @ParameterizedTest(name = "[{index}] HTTP {0} -> exit {1}, -o {2}")
    @CsvSource({
        "401, 4, json, authentication refused (HTTP 401): invalid key",
        "403, 4, json, permission refused (HTTP 403): invalid key",
        "500, 5, json, the service failed (HTTP 500): invalid key",
        "503, 5, json, the service failed (HTTP 503): invalid key",
        "422, 2, json, the service rejected the request (HTTP 422): invalid key",
        "401, 4, ndjson, authentication refused (HTTP 401): invalid key",
        "500, 5, csv, the service failed (HTTP 500): invalid key",
    })
    void aFailureOtherThanNotFoundStopsTheBatchWithItsExitAndAClosedDocument(int status, int exit, String format, String why)
            throws Exception {
        stubEcho(0);
        // The users before the failure are answered after it: they must still be printed, and nothing after it.
        CountDownLatch failed = new CountDownLatch(1);
        for (int i = 0; i < 3; i++) {
            service.get(RESOLVE + "id-" + i).answer(Held.until(failed, BatchResolveTest::echo));
        }
        service.get(RESOLVE + "id-3").answer(counted(failed, request -> Reply.status(status).json("{\"detail\":\"invalid key\"}")));
        List<String> ids = numberedIds(30);

        Cli.Result result = cli().run(args(ids, "--retries", "0", "-o", format));

        assertEquals(exit, result.exit(), result::toString);
        assertEquals(List.of("id-0", "id-1", "id-2"), printedIds(result, format));
        List<String> err = errLines(result);
        assertEquals(1, err.size(), result::toString);
        assertTrue(err.get(0).startsWith("userlookup: resolve \"id-3\": " + why), err.get(0));
        assertEquals(1, service.count(RESOLVE + "id-3"));
        assertTrue(requests() <= 15, "the batch stopped: " + requests() + " requests for 30 ids");
    }

    @Test
    void aNotFoundBeforeAFatalFailureIsStillNamedAndTheFatalExitWins() throws Exception {
        stubEcho(0);
        service.get(RESOLVE + "id-2").reply(Reply.status(401).json("{\"detail\":\"invalid key\"}"));

        Cli.Result result = cli().run("resolve", "id-0", "missing-1", "id-2", "id-3", "--retries", "0");

        assertEquals(4, result.exit(), result::toString);
        assertEquals(List.of("id-0"), printedIds(result, "json"));
        List<String> err = errLines(result);
        assertEquals(2, err.size(), result::toString);
        assertEquals(notFoundLine("missing-1"), err.get(0));
        assertTrue(err.get(1).startsWith("userlookup: resolve \"id-2\": authentication refused (HTTP 401)"), err.get(1));
    }

    @Test
    void aBodyThatIsNotJsonStopsTheBatchWithExit5() throws Exception {
        stubEcho(0);
        service.get(RESOLVE + "id-1").reply(Reply.status(200).body("<html>proxy</html>", "text/html"));

        Cli.Result result = cli().run("resolve", "id-0", "id-1", "id-2", "--retries", "0");

        assertEquals(5, result.exit(), result::toString);
        assertEquals(List.of("id-0"), printedIds(result, "json"));
        assertEquals(1, errLines(result).size(), result::toString);
        assertTrue(result.err().startsWith("userlookup: resolve \"id-1\": "), result.err());
    }

    @Test
    void aFailureOnTheFirstIdIsStillAClosedEmptyArray() throws Exception {
        service.getPathMatching("/v2/user/resolve/.*").reply(Reply.status(500));

        Cli.Result result = cli().stdin("a\nb\nc\n").run("resolve", "--stdin", "--retries", "0");

        assertEquals(5, result.exit(), result::toString);
        assertEquals(json.createArrayNode(), json.readTree(result.outBytes()));
        assertEquals(1, errLines(result).size(), result::toString);
    }

    // ---------------------------------------------------------------- usage errors

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {
        "resolve|id-1|--stdin",
        "resolve",
        "resolve|",
        "resolve|id-1||id-2",
        "resolve|--stdin|--api-key-file|-",
        "resolve|id-1|id-2|--parallel|0",
        "resolve|id-1|id-2|--parallel|17",
        "resolve|id-1|id-2|--parallel|-1",
        "resolve|id-1|--parallel|0",
        "resolve|--stdin|--parallel|17",
        "resolve|--stdin|--parallel=0",
        "resolve|id-1|id-2|--parallel|many",
    })
    void usageErrorsAreExit2BeforeAnyRequest(String joined) {
        String[] args = joined.split("\\|", -1);

        Cli.Result result = cli().stdin("id-1\nid-2\n").run(args);

        assertEquals(2, result.exit(), result::toString);
        assertEquals("", result.out());
        List<String> err = errLines(result);
        assertEquals(1, err.size(), result::toString);
        assertTrue(err.get(0).startsWith("userlookup: "), err.get(0));
        assertEquals(0, requests(), "no request may be made");
    }

    @Test
    void parallelOutOfRangeNamesTheOption() {
        Cli.Result result = cli().run("resolve", "a", "b", "--parallel", "17");

        assertEquals(2, result.exit(), result::toString);
        assertTrue(result.err().contains("--parallel"), result.err());
        assertTrue(result.err().contains("16"), result.err());
    }

    // ---------------------------------------------------------------- parallelism

    @ParameterizedTest(name = "[{index}] --parallel {0}")
    @ValueSource(ints = {1, 2, 4, 16})
    void atMostParallelRequestsAreInFlightAndThatManyAre(int parallel) throws Exception {
        stubEcho(parallel == 1 ? 60 : 250, parallel);
        List<String> ids = numberedIds(parallel == 1 ? 4 : 2 * parallel + 1);

        Cli.Result result = cli().run(args(ids, "--parallel", String.valueOf(parallel), "-o", "ndjson"));

        assertEquals(0, result.exit(), result::toString);
        assertEquals(ids, printedIds(result, "ndjson"));
        assertEquals(parallel, echo.most.get(), "requests in flight at once");
    }

    @Test
    void theDefaultIsFourInFlight() throws Exception {
        stubEcho(200, 4);
        List<String> ids = numberedIds(12);

        Cli.Result result = cli().stdin(lines(ids)).run("resolve", "--stdin", "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(ids, printedIds(result, "ndjson"));
        assertEquals(4, echo.most.get(), "requests in flight at once");
    }

    @Test
    void eightSlowIdsAtParallelFourGoFourAtATime() throws Exception {
        // Counted by the service, not timed: time belongs in the benchmarks.
        stubEcho(300, 4);
        List<String> ids = numberedIds(8);

        Cli.Result result = cli().run(args(ids, "--parallel", "4"));

        assertEquals(0, result.exit(), result::toString);
        assertEquals(ids, printedIds(result, "json"));
        assertEquals(4, echo.most.get(), "not one after another, and never more than 4 at once");
        assertEquals(8, requests());
    }

    // ---------------------------------------------------------------- the reader goes away; Ctrl-C

    @Test
    void aReaderThatGoesAwayStopsTheBatchQuietlyWithExit0() {
        stubEcho(0);
        AtomicInteger written = new AtomicInteger();
        OutputStream headThenClosed = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                if (written.addAndGet(length) > 3000) {
                    throw new IOException("Broken pipe");
                }
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Io io = new Io(new ByteArrayInputStream(lines(numberedIds(2000)).getBytes(StandardCharsets.UTF_8)), headThenClosed,
                new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of("USERLOOKUP_BASE_URL", service.baseUrl(), "USERLOOKUP_API_KEY", TestKeys.KEY), new FixedTerminal(false, false, 0));

        int exit = App.run(new String[] {"resolve", "--stdin", "-o", "ndjson"}, new Factory(io, SignalStop.NONE, null, service), null);

        assertEquals(0, exit);
        assertEquals("", err.toString(StandardCharsets.UTF_8));
        assertTrue(written.get() > 3000, "the pipe was written until it broke");
        assertTrue(requests() < 200, "the work stopped at once: " + requests() + " of 2,000 ids requested");
    }

    @Test
    void anInterruptedBatchIsExit130() throws Exception {
        CountDownLatch arrived = new CountDownLatch(1);
        // Held until the run's interrupt cancels it.
        Held untilCancelled = Held.until(new CountDownLatch(1), request -> Reply.ok(Users.user(Users.uuid(1), "x")));
        service.getPathMatching("/v2/user/resolve/.*").answer(request -> {
            arrived.countDown();
            return untilCancelled.apply(request);
        });
        AtomicInteger exit = new AtomicInteger(-1);
        Thread run = new Thread(() -> exit.set(cli().run("resolve", "a", "b", "c", "--retries", "0").exit()));

        run.start();
        assertTrue(arrived.await(20, TimeUnit.SECONDS), "a request reached the service");
        run.interrupt();
        run.join(2_000);

        assertFalse(run.isAlive(), "the batch ended within 2 s of the interrupt");
        assertEquals(130, exit.get());
    }

    // ---------------------------------------------------------------- hostile ids

    @Test
    void hostileIdsInABatchAreEachOnePercentEncodedSegment() throws Exception {
        String[][] cases = {
            {"a/b", "a%2Fb"},
            {"q?x=1&y=2", "q%3Fx%3D1%26y%3D2"},
            {"hash#tag", "hash%23tag"},
            {"100%", "100%25"},
            {"%2F", "%252F"},
            {"with space", "with%20space"},
            {"Zoë 東京", "Zo%C3%AB%20%E6%9D%B1%E4%BA%AC"},
            {"..", "%2E%2E"},
            {".", "%2E"},
            {"+1", "%2B1"},
            {"=cmd|x", "%3Dcmd%7Cx"},
            {"a.b_c-d~e", "a.b_c-d~e"},
        };
        List<String> ids = new ArrayList<>();
        List<String> paths = new ArrayList<>();
        for (String[] c : cases) {
            ids.add(c[0]);
            paths.add(c[1]);
        }
        answerLaterOnesFirstInGroupsOf(4, 0, paths, i -> Reply.ok(Users.user(Users.uuid(i), cases[i][0])));

        Cli.Result result = cli().run(args(ids, "-o", "json"));

        assertEquals(0, result.exit(), result::toString);
        assertEquals(ids, printedIds(result, "json"));
        for (String[] c : cases) {
            assertEquals(1, service.count(RESOLVE + c[1]));
        }
        assertEquals(cases.length, requests());
    }

    @Test
    void hostileIdsFromStdinAreEachOnePercentEncodedSegment() throws Exception {
        String[][] cases = {
            {"in side", "in%20side"},
            {"in  two", "in%20%20two"},
            {"a/b/../c", "a%2Fb%2F..%2Fc"},
            {"?#%", "%3F%23%25"},
            {"tab\there", "tab%09here"},
        };
        StringBuilder stdin = new StringBuilder();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < cases.length; i++) {
            ids.add(cases[i][0]);
            stdin.append(cases[i][0]).append(i % 2 == 0 ? "\r\n" : "\n");
            service.get(RESOLVE + cases[i][1]).reply(Reply.ok(Users.user(Users.uuid(i), cases[i][0])));
        }

        Cli.Result result = cli().stdin(stdin.toString()).run("resolve", "--stdin", "-o", "json");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(ids, printedIds(result, "json"));
        for (String[] c : cases) {
            assertEquals(1, service.count(RESOLVE + c[1]));
        }
        assertEquals(cases.length, requests());
    }
}
