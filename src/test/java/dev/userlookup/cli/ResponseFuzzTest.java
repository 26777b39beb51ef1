package dev.userlookup.cli;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import dev.userlookup.terminal.Terminal;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded fuzzing of the service's responses: valid User and UserList bodies, mutated at the byte
 * level (truncation, deleted, duplicated and swapped ranges, flipped bytes, control characters,
 * invalid UTF-8, a BOM, whitespace) and at the JSON level (a value of another type at a random
 * path, unknown fields, duplicate keys, deep nesting, huge strings and numbers, odd timestamps),
 * now and then gzip-encoded (sound or corrupt) or with a wrong Content-Type, are served to
 * {@code resolve x} and {@code list} in every output format.
 *
 * <p>Every case must end in exit 0 or 5, within a time bound, with nothing on stderr after exit 0
 * and exactly one {@code userlookup: ...} line after exit 5, never a stack trace, never the key.
 * Beyond that an oracle written here from the contract (an RFC 8259 grammar check plus the User
 * and UserList shapes) says which bodies are certainly broken (exit 5 required) and which are
 * certainly fine (exit 0 required, with lossless JSON output); what lies in between (bodies past
 * the tool's bounds, duplicate keys, doubtful UTF-8, timestamps only a lenient reader takes) may
 * end either way.
 *
 * <p>Reproducible: each case is generated from {@code seed} and its index alone. Run one case with
 * {@code -Dtest=ResponseFuzzTest -Dfuzz.case=N} (its stdout and stderr are printed); change the
 * seed or the number of cases with {@code -Dfuzz.seed=S}, {@code -Dfuzz.cases=N}. The body of
 * every failing case is written to {@code target/response-fuzz/}.
 */
class ResponseFuzzTest {

    private static final long SEED = Long.getLong("fuzz.seed", 20261122L);
    private static final int CASES = Integer.getInteger("fuzz.cases", 2400);
    private static final int ONLY = Integer.getInteger("fuzz.case", -1);
    private static final long CASE_BOUND_SECONDS = 10;
    private static final Path FAILURES = Path.of("target", "response-fuzz");

    private static final String RESOLVE_PATH = "/v2/user/resolve/x";
    private static final String LIST_PATH = "/v2/user/";
    private static final String CSV_HEADER =
            "user_id,team_id,client_user_id,created_on,sources,time_zone,birth_date,ingestion_start,ingestion_end\r\n";
    private static final Pattern TRACE = Pattern.compile(
            "\tat |\\bat [\\w$.]+\\(|Exception|Error:|java\\.|javax\\.|jdk\\.|sun\\.|com\\.fasterxml|picocli\\.|dev\\.userlookup");

    @RegisterExtension
    static WireMockExtension service = WireMockExtension.newInstance()
            .options(wireMockConfig().dynamicPort().bindAddress("127.0.0.1").gzipDisabled(true).disableRequestJournal())
            .build();

    private static ExecutorService runner = newRunner();

    @AfterAll
    static void stopRunner() {
        runner.shutdownNow();
    }

    // ------------------------------------------------------------------------------------------
    // Valid bodies to start from

    /** Null and missing nested fields, unknown fields everywhere, fractions and offsets, non-ASCII. */
    static final String AWKWARD_USER = "{\"user_id\":\"" + Users.uuid(2) + "\",\"team_id\":null,"
            + "\"client_user_id\":\"Zo\u00eb \u6771\u4eac \ud83d\udc69\u200d\u2695\ufe0f\","
            + "\"created_on\":\"2024-03-01T15:30:00.123456+05:30\","
            + "\"connected_sources\":[{\"created_on\":\"2024-03-02T08:30:00.1Z\",\"source\":null},"
            + "{\"created_on\":null,\"source\":{\"logo\":null,\"name\":\"Fitbit\",\"slug\":\"fitbit\",\"tier\":2},"
            + "\"provider\":{\"slug\":\"fb\",\"name\":\"Fitbit Inc.\"}}],"
            + "\"fallback_time_zone\":null,\"ingestion_start\":null,\"ingestion_end\":\"2024-02-29\","
            + "\"beta\":{\"flags\":[\"a\"],\"score\":1.50,\"confidence\":0.90},\"big_number\":12345678901234567890,\"note\":null}";
    /** Only what is required. */
    static final String MINIMAL_USER = "{\"user_id\":\"" + Users.uuid(3) + "\",\"client_user_id\":\"x\"}";
    /** Partial nested objects, escaped control characters, a formula, no sources. */
    static final String PARTIAL_USER = "{\"user_id\":\"" + Users.uuid(4) + "\",\"team_id\":\"" + Users.TEAM + "\","
            + "\"client_user_id\":\"=HYPERLINK(\\\"x\\\")\\t\\u001b[31mred\\u001b[0m\","
            + "\"created_on\":\"2024-03-01T10:00:00Z\",\"connected_sources\":[],"
            + "\"fallback_time_zone\":{\"id\":\"America/New_York\",\"source_slug\":null},"
            + "\"fallback_birth_date\":{\"value\":\"1990-05-17\"},\"ingestion_start\":\"2023-05-01\"}";

    private static final String[][] RESOLVE_BASES = {
        {"user", Users.user(Users.uuid(1), "x")},
        {"awkward-user", AWKWARD_USER},
        {"minimal-user", MINIMAL_USER},
        {"partial-user", PARTIAL_USER},
    };

    private static final String[][] LIST_BASES = {
        {"page-of-3", Users.page(0, 3, 3, 3)},
        {"mixed-page", "{\"users\":[" + Users.user(Users.uuid(1), "customer-1") + "," + AWKWARD_USER + "," + PARTIAL_USER + ","
                + MINIMAL_USER + "],\"total\":10,\"offset\":0,\"limit\":4,\"next\":null,\"meta\":{\"took_ms\":1.50}}"},
        {"page-of-1", Users.page(40, 1, 41, 50)},
        {"empty-page", "{\"users\":[],\"total\":0,\"offset\":0,\"limit\":50}"},
    };

    // ------------------------------------------------------------------------------------------
    // Material for mutations

    static final String[] SPECIAL_STRINGS = {
        "Zo\u00eb \u6771\u4eac \ud83d\udc69\u200d\u2695\ufe0f", "\u001b]0;pwned\u0007", "c1\u009b31m", "line1\nline2", "\r",
        "\tx", "=1+1", "+1", "-2", "@SUM(A1)", "\u202eevil", "\u00a0", "\ufeff", "\u0000", "a,b\"c;d", "x", " ", "",
        "\u2028", "del\u007f", "caf\u00e9", "\ud83d\ude00\ud83d\ude00", "x".repeat(3000),
    };

    /** JSON text that the test's own serializer would never write. */
    static final String[] RAW_STRINGS = {
        "\"\\ud800\"", "\"\\udc00\"", "\"x\\ud83d\"", "\"\\udc00\\ud800\"", "\"\\ud83d\\udc69\"", "\"\\u0000\"",
        "\"\\u001b[2J\\u0007\"", "\"\\u202e\\u2028\\u0085\"", "\"\\/\\b\\f\\n\\r\\t\"", "\"" + "\u00e9".repeat(1000) + "\"",
        "\"\\ud800\\u001b\"", "\"\\uDBFF\\uDFFF\"", "\"\\uFFFF\\uFFFE\"",
    };

    static final String[] RAW_NUMBERS = {
        "1e999999", "-1E-999999", "1e9999999999", "1E+2147483648", "0.000000000000000000000000000001", "-0", "-0.0",
        "12345678901234567890", "1" + "0".repeat(4999), "9".repeat(900), "1.5e308", "4.9e-324", "1.50", "1E2", "2147483648",
        "-9223372036854775809", "0." + "0".repeat(5000) + "1",
    };

    static final String[] TIMESTAMPS = {
        "2024-03-01T10:00:00Z", "2024-03-01 10:00:00", "2024-03-01T10:00:00", "2024-03-01T10:00:00.123456789012+00:00",
        "2024-03-01T10:00:00,5Z", "2024-13-45T99:99:99Z", "yesterday", "", "2024-03-01", "2024-02-29T23:59:60Z",
        "+999999999-12-31T23:59:59.999999999-18:00", "-999999999-01-01T00:00:00+18:00", "2023-02-29T10:00:00Z",
        "0000-01-01T00:00:00Z", "  2024-03-01T10:00:00Z  ", "2024-03-01T10:00:00+25:00", "2024-03-01T10:00:00.5+05:30",
        "9999-12-31T23:59:59-18:00", "2024-03-01T10:00:00.123456+00:00", "2024-03-01T10:00Z", "2024-03-01T10:00:00+0530",
    };

    static final String[] DATES = {
        "2024-02-29", "2023-02-29", "2024-03-01T10:00:00Z", "2024-03-01 10:00:00", "+999999999-12-31", "-999999999-01-01",
        "2024-3-1", "", "20240301", "9999-12-31", "0000-01-01", "2024-03-01T10:00:00+05:30",
    };

    private static final Set<String> TIMESTAMP_FIELDS = Set.of("created_on", "updated_at");
    private static final Set<String> DATE_FIELDS = Set.of("ingestion_start", "ingestion_end", "value");

    /** Bytes to splice in: control characters, invalid UTF-8, bad escapes, punctuation. */
    static final byte[][] JUNK = {
        {0x00}, {0x01}, {0x07}, {0x08}, {0x0b}, {0x0c}, {0x1b}, {0x1f}, {0x7f}, {'\n'}, {'\r'}, {'\t'},
        {(byte) 0xc3, 0x28}, {(byte) 0xff}, {(byte) 0xfe}, {(byte) 0x80}, {(byte) 0xc0, (byte) 0x80},
        {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {(byte) 0xe2, (byte) 0x82},
        {(byte) 0xf8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80}, {(byte) 0xc2, (byte) 0x9b},
        "\\ud800".getBytes(UTF_8), "\\udc00\\ud800".getBytes(UTF_8), "\\u0000".getBytes(UTF_8), "\\\"".getBytes(UTF_8),
        "\\\\".getBytes(UTF_8), "\\u12".getBytes(UTF_8), "\\x41".getBytes(UTF_8), "{".getBytes(UTF_8), "}".getBytes(UTF_8),
        "[".getBytes(UTF_8), "]".getBytes(UTF_8), ",".getBytes(UTF_8), ":".getBytes(UTF_8), "\"".getBytes(UTF_8),
        "\"\"".getBytes(UTF_8), "null".getBytes(UTF_8), "1e999999".getBytes(UTF_8), "NaN".getBytes(UTF_8),
        "// c\n".getBytes(UTF_8), "'".getBytes(UTF_8), "\u00e9".getBytes(UTF_8), "\u6771".getBytes(UTF_8),
        "\ud83d\udc69".getBytes(UTF_8), {(byte) 0xef, (byte) 0xbb, (byte) 0xbf},
    };

    private static final byte[] BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

    /** The test's own JSON reading and writing: decimals kept as sent, no bounds the tool has. */
    static final ObjectMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(100_000)
                            .maxStringLength(Integer.MAX_VALUE)
                            .maxNumberLength(Integer.MAX_VALUE)
                            .maxNameLength(Integer.MAX_VALUE)
                            .build())
                    .build())
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private static final ObjectMapper LENIENT = MAPPER.copy().disable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    // ------------------------------------------------------------------------------------------
    // The fuzz run

    enum Command { RESOLVE, LIST, LIST_ALL, LIST_COUNT }

    enum Verdict { VALID, EITHER, INVALID }

    record Http(int status, String contentType, String contentEncoding, String note) {
        @Override
        public String toString() {
            return status + (contentType == null ? " (no Content-Type)" : " " + contentType)
                    + (contentEncoding == null ? "" : ", Content-Encoding " + contentEncoding) + (note == null ? "" : ", " + note);
        }
    }

    record Case(int index, Command command, String format, boolean terminal, int width, String base,
            List<String> mutations, byte[] payload, Http http, byte[] wire) {

        String[] args() {
            List<String> args = new ArrayList<>();
            switch (command) {
                case RESOLVE -> args.addAll(List.of("resolve", "x"));
                case LIST -> args.add("list");
                case LIST_ALL -> args.addAll(List.of("list", "--all", "--parallel", "2"));
                case LIST_COUNT -> args.addAll(List.of("list", "--count"));
                default -> throw new IllegalStateException();
            }
            args.addAll(List.of("-o", format, "--retries", "0", "--timeout", "5"));
            return args.toArray(new String[0]);
        }

        String describe() {
            return "case " + index + " (seed " + SEED + "; rerun: mvn -q -B test -Dtest=ResponseFuzzTest -Dfuzz.seed=" + SEED
                    + " -Dfuzz.case=" + index + "): userlookup " + String.join(" ", args())
                    + (terminal ? " [stdout a terminal, " + width + " columns]" : "")
                    + "; base " + base + "; mutations " + mutations + "; HTTP " + http
                    + "; body " + payload.length + " bytes: " + excerpt(payload, 300);
        }
    }

    record Judgement(Verdict verdict, String why, JsonNode tree, boolean lossless) {
    }

    record Outcome(Cli.Result result, String thrown, boolean hung, long millis) {
    }

    @Test
    void mutatedResponsesEndInExit0Or5WithOneLineOnStderrAndNoTrace() throws Exception {
        int from = ONLY >= 0 ? ONLY : 0;
        int to = ONLY >= 0 ? ONLY + 1 : CASES;
        Map<String, List<String>> failures = new LinkedHashMap<>();
        int failed = 0;
        Map<String, Integer> tally = new TreeMap<>();
        if (ONLY < 0 && Files.isDirectory(FAILURES)) {
            try (var old = Files.list(FAILURES)) {
                for (Path file : (Iterable<Path>) old::iterator) {
                    Files.deleteIfExists(file);
                }
            }
        }
        long started = System.nanoTime();
        long slowest = 0;
        int slowestCase = -1;
        for (int i = from; i < to; i++) {
            Case c = generate(i);
            Judgement judgement = judge(c);
            Outcome outcome = execute(c);
            if (outcome.millis > slowest) {
                slowest = outcome.millis;
                slowestCase = i;
            }
            List<String> problems = check(c, judgement, outcome);
            tally.merge("verdict " + judgement.verdict, 1, Integer::sum);
            tally.merge(outcome.hung ? "hung" : outcome.result == null ? "threw" : "exit " + outcome.result.exit(), 1, Integer::sum);
            tally.merge("command " + c.command, 1, Integer::sum);
            if (c.http.note != null && outcome.result != null) {
                tally.merge(c.http.note.replaceAll(":.*", "") + " -> exit " + outcome.result.exit(), 1, Integer::sum);
            }
            if (ONLY >= 0) {
                System.out.println(c.describe() + "\noracle: " + judgement.verdict + " (" + judgement.why + ")\n"
                        + (outcome.result == null ? "no result: " + outcome.thrown : outcome.result.toString()));
            }
            if (!problems.isEmpty()) {
                tally.merge("failed", 1, Integer::sum);
                String report = c.describe() + "\n    oracle: " + judgement.verdict + " (" + judgement.why + ")\n    "
                        + String.join("\n    ", problems) + "\n    " + summary(outcome);
                String kind = String.join(" + ", problems.stream().map(p -> p.replaceAll(" \\(.*|: .*", "")).toList());
                failures.computeIfAbsent(kind, k -> new ArrayList<>()).add(report);
                failed++;
                save(c, report);
            }
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        System.out.println("ResponseFuzzTest: seed " + SEED + ", cases " + from + ".." + (to - 1) + " (" + (to - from) + "), "
                + millis + " ms, slowest case " + slowestCase + " at " + slowest + " ms; " + tally);

        if (ONLY < 0) {
            assertTrue(to - from >= 2000, "the issue asks for at least 2,000 cases; ran " + (to - from));
        }
        if (failed > 0) {
            StringBuilder message = new StringBuilder().append(failed).append(" of ").append(to - from)
                    .append(" cases failed (seed ").append(SEED).append("; every report and body in ").append(FAILURES.toAbsolutePath())
                    .append("), by kind:\n");
            failures.forEach((kind, reports) -> message.append("  ").append(reports.size()).append(" x ").append(kind).append('\n'));
            failures.forEach((kind, reports) -> {
                message.append("\n=== ").append(kind).append(": the first ").append(Math.min(3, reports.size())).append(" of ")
                        .append(reports.size()).append("\n\n");
                reports.subList(0, Math.min(3, reports.size())).forEach(report -> message.append(report).append("\n\n"));
            });
            fail(message.toString());
        }
    }

    // ------------------------------------------------------------------------------------------
    // Minimal cases of what the fuzzing found (each fails until the tool is fixed)

    private static Cli.Result serve(String path, String body, String... args) {
        service.resetMappings();
        service.stubFor(get(urlPathEqualTo(path)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(body.getBytes(UTF_8))));
        String[] all = Arrays.copyOf(args, args.length + 4);
        System.arraycopy(new String[] {"--retries", "0", "--timeout", "5"}, 0, all, args.length, 4);
        return run(service.baseUrl(), false, 0, all);
    }

    private static void assertExit0Or5Cleanly(Cli.Result result) {
        assertTrue(result.exit() == 0 || result.exit() == 5, result::toString);
        if (result.exit() == 5) {
            assertTrue(result.err().startsWith("userlookup: ") && result.err().indexOf('\n') == result.err().length() - 1,
                    result::toString);
        } else {
            assertEquals("", result.err());
        }
        assertFalse(TRACE.matcher(result.err()).find(), result::toString);
    }

    /** Valid JSON whose exponent BigDecimal cannot hold: Jackson throws NumberFormatException, which nothing maps. */
    @ParameterizedTest
    @ValueSource(strings = {"1e9999999999", "1E+2147483648"})
    void aNumberWhoseExponentOverflowsIsNotAnUnexpectedFailure(String number) {
        Cli.Result result = serve(RESOLVE_PATH, "{\"user_id\":\"u\",\"client_user_id\":\"x\",\"n\":" + number + "}", "resolve", "x");

        assertExit0Or5Cleanly(result);
    }

    /** A lone surrogate is valid JSON text ("\\ud800"); into a pipe, CSV's UTF-8 writer throws on it. */
    @ParameterizedTest
    @ValueSource(strings = {"\\ud800", "\\udc00", "a\\ud800b"})
    void aLoneSurrogateInACsvCellIsNotAnUnexpectedFailure(String escaped) {
        Cli.Result result = serve(RESOLVE_PATH, "{\"user_id\":\"u\",\"client_user_id\":\"" + escaped + "\"}", "resolve", "x", "-o", "csv");

        assertExit0Or5Cleanly(result);
    }

    /** Text after the document is not JSON; it is ignored today (and -o json drops it silently). */
    @ParameterizedTest
    @ValueSource(strings = {"xyz", "}", "{\"user_id\":\"v\",\"client_user_id\":\"y\"}", "\u00e9"})
    void contentAfterTheDocumentIsExit5(String trailing) {
        Cli.Result result = serve(RESOLVE_PATH, "{\"user_id\":\"u\",\"client_user_id\":\"x\"}" + trailing, "resolve", "x", "-o", "json");

        assertEquals(5, result.exit(), result::toString);
        assertTrue(result.err().startsWith("userlookup: resolve \"x\": the response is not the JSON expected"), result.err());
        assertEquals("", result.out());
    }

    /** ISO-8601 at the ends of OffsetDateTime's range: moving it to UTC for the list table overflows. */
    @ParameterizedTest
    @ValueSource(strings = {"+999999999-12-31T23:59:59.999999999-18:00", "-999999999-01-01T00:00:00+18:00"})
    void aTimestampAtTheEndOfTimeInAListTableIsNotAnUnexpectedFailure(String createdOn) {
        Cli.Result result = serve(LIST_PATH, "{\"users\":[{\"user_id\":\"u\",\"client_user_id\":\"x\",\"created_on\":\"" + createdOn
                + "\"}],\"total\":1,\"offset\":0,\"limit\":1}", "list", "-o", "table");

        assertExit0Or5Cleanly(result);
    }

    /**
     * F4 90 80 80 (above U+10FFFF) is not UTF-8, yet it is read, as two lone low surrogates, and
     * -o json writes a field name "k\\uDC00\\uDC00" that Jackson itself then refuses to read.
     */
    @Test
    void invalidUtf8InAFieldNameDoesNotComeOutAsJsonThatCannotBeRead() {
        service.resetMappings();
        byte[] body = concat("{\"user_id\":\"u\",\"client_user_id\":\"x\",\"k".getBytes(UTF_8),
                new byte[] {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, "\":1}".getBytes(UTF_8));
        service.stubFor(get(urlPathEqualTo(RESOLVE_PATH)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(body)));

        Cli.Result result = run(service.baseUrl(), false, 0, "resolve", "x", "-o", "json", "--retries", "0");

        assertExit0Or5Cleanly(result);
        if (result.exit() == 0) {
            try {
                MAPPER.readTree(result.outBytes());
            } catch (IOException e) {
                fail("-o json printed JSON that Jackson cannot read (" + e.getMessage().lines().findFirst().orElse("") + "): "
                        + excerpt(result.outBytes(), 200));
            }
        }
    }

    /** The one error line names the field and the value, not Jackson's Java types. */
    @Test
    void anUnreadableTimestampIsReportedWithoutJavaTypeNames() {
        Cli.Result result = serve(RESOLVE_PATH, "{\"user_id\":\"u\",\"client_user_id\":\"x\",\"created_on\":\"yesterday\"}",
                "resolve", "x", "-o", "table");

        assertEquals(5, result.exit(), result::toString);
        assertTrue(result.err().contains("created_on"), result.err());
        assertFalse(result.err().contains("java."), result.err());
    }

    // ------------------------------------------------------------------------------------------
    // Checking one case

    private static List<String> check(Case c, Judgement judgement, Outcome outcome) {
        List<String> problems = new ArrayList<>();
        if (outcome.hung) {
            problems.add("did not end within " + CASE_BOUND_SECONDS + " s");
            return problems;
        }
        if (outcome.result == null) {
            problems.add("App.run threw: " + outcome.thrown);
            return problems;
        }
        Cli.Result result = outcome.result;
        int exit = result.exit();
        String err = result.err();
        String out = result.out();
        if (exit != 0 && exit != 5) {
            problems.add("exit " + exit + ", expected 0 or 5");
        }
        if (TRACE.matcher(err).find()) {
            problems.add("stderr shows a stack trace or Java class names");
        }
        if (err.contains(TestKeys.KEY) || out.contains(TestKeys.KEY)) {
            problems.add("the key leaked");
        }
        if (exit == 5) {
            if (!err.startsWith("userlookup: ") || !err.endsWith("\n") || err.indexOf('\n') != err.length() - 1) {
                problems.add("after exit 5 stderr is not exactly one 'userlookup: ...' line");
            }
            String operation = c.command == Command.RESOLVE ? "userlookup: resolve \"x\": " : "userlookup: list";
            if (!err.startsWith(operation)) {
                problems.add("the error line does not start with '" + operation + "'");
            }
            if (c.command != Command.LIST_ALL && result.outBytes().length > 0) {
                problems.add("exit 5 after writing " + result.outBytes().length + " bytes to stdout");
            }
        }
        if (exit == 0) {
            boolean warning = c.command == Command.LIST_ALL && err.startsWith("userlookup: warning: ")
                    && err.indexOf('\n') == err.length() - 1;
            if (!err.isEmpty() && !warning) {
                problems.add("exit 0 with something on stderr");
            }
            problems.addAll(checkOutput(c, judgement, result));
        }
        if (judgement.verdict == Verdict.INVALID && exit == 0) {
            problems.add("exit 0 for a body that is not the JSON expected (" + judgement.why + ")");
        }
        if (judgement.verdict == Verdict.VALID && exit == 5) {
            problems.add("exit 5 for a body that is the JSON expected");
        }
        return problems;
    }

    private static List<String> checkOutput(Case c, Judgement judgement, Cli.Result result) {
        List<String> problems = new ArrayList<>();
        String out = result.out();
        JsonNode tree = judgement.lossless ? judgement.tree : null;
        if (out.isEmpty()) {
            JsonNode seen = leniently(c);
            boolean noUsers = seen != null && seen.path("users").isArray() && seen.path("users").isEmpty();
            boolean allowed = noUsers && (c.format.equals("ndjson") || (c.format.equals("table") && !c.terminal))
                    && c.command != Command.LIST_COUNT;
            if (!allowed) {
                problems.add("exit 0 with nothing on stdout");
            }
            return problems;
        }
        if (c.command == Command.LIST_COUNT) {
            if (!out.matches("-?[0-9]+\n")) {
                problems.add("--count printed something other than a number");
            } else if (tree != null && !new BigInteger(out.trim()).equals(tree.path("total").bigIntegerValue())) {
                problems.add("--count printed " + out.trim() + ", the body says " + tree.path("total"));
            }
            return problems;
        }
        switch (c.format) {
            case "json" -> {
                JsonNode printed;
                try {
                    printed = MAPPER.readTree(result.outBytes());
                } catch (IOException e) {
                    problems.add("-o json printed something that is not JSON: " + e.getMessage().lines().findFirst().orElse(""));
                    return problems;
                }
                if (c.command == Command.LIST_ALL) {
                    if (!printed.path("users").isArray()) {
                        problems.add("--all -o json printed no users array");
                    }
                } else if (tree != null && !printed.equals(tree)) {
                    problems.add("-o json is not lossless: printed " + excerpt(result.outBytes(), 200));
                }
            }
            case "ndjson" -> {
                if (!out.endsWith("\n")) {
                    problems.add("-o ndjson does not end with a newline");
                }
                List<JsonNode> lines = new ArrayList<>();
                for (String line : out.split("\n", -1)) {
                    if (line.isEmpty()) {
                        continue;
                    }
                    try {
                        lines.add(MAPPER.readTree(line));
                    } catch (IOException e) {
                        problems.add("-o ndjson printed a line that is not JSON: " + e.getMessage().lines().findFirst().orElse(""));
                        return problems;
                    }
                }
                if (tree != null && c.command != Command.LIST_ALL) {
                    List<JsonNode> expected = new ArrayList<>();
                    if (c.command == Command.RESOLVE) {
                        expected.add(tree);
                    } else {
                        tree.get("users").forEach(expected::add);
                    }
                    if (!lines.equals(expected)) {
                        problems.add("-o ndjson is not lossless: printed " + excerpt(result.outBytes(), 200));
                    }
                }
            }
            case "csv" -> {
                if (!out.startsWith(CSV_HEADER)) {
                    problems.add("-o csv does not start with its header row");
                }
            }
            default -> {
                // a table: for people; that it is there is what can be checked here
            }
        }
        return problems;
    }

    /** The body as a lenient reader sees it (gunzipped, last duplicate key wins, trailing content ignored). */
    private static JsonNode leniently(Case c) {
        try {
            byte[] body = c.wire;
            if (c.http.contentEncoding != null && body.length > 0) {
                try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
                    body = in.readAllBytes();
                }
            }
            return LENIENT.readTree(body);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    // ------------------------------------------------------------------------------------------
    // Running one case

    private static Outcome execute(Case c) throws InterruptedException {
        service.resetMappings();
        ResponseDefinitionBuilder response = aResponse().withStatus(c.http.status).withBody(c.wire);
        if (c.http.contentType != null) {
            response = response.withHeader("Content-Type", c.http.contentType);
        }
        if (c.http.contentEncoding != null) {
            response = response.withHeader("Content-Encoding", c.http.contentEncoding);
        }
        service.stubFor(get(urlPathEqualTo(c.command == Command.RESOLVE ? RESOLVE_PATH : LIST_PATH)).willReturn(response));

        String baseUrl = service.baseUrl();
        long started = System.nanoTime();
        Future<Cli.Result> pending = runner.submit(() -> run(baseUrl, c.terminal, c.width, c.args()));
        try {
            Cli.Result result = pending.get(CASE_BOUND_SECONDS, TimeUnit.SECONDS);
            return new Outcome(result, null, false, (System.nanoTime() - started) / 1_000_000);
        } catch (TimeoutException e) {
            pending.cancel(true);
            runner.shutdownNow();
            runner = newRunner();
            return new Outcome(null, null, true, (System.nanoTime() - started) / 1_000_000);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            StringBuilder text = new StringBuilder(cause.toString());
            for (StackTraceElement frame : Arrays.copyOf(cause.getStackTrace(), Math.min(6, cause.getStackTrace().length))) {
                text.append("\n        at ").append(frame);
            }
            return new Outcome(null, text.toString(), false, (System.nanoTime() - started) / 1_000_000);
        }
    }

    /** As {@link Cli#run}, with stdout a terminal or not and stderr never one (no progress line). */
    private static Cli.Result run(String baseUrl, boolean stdoutIsTerminal, int width, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Io io = new Io(new ByteArrayInputStream(new byte[0]), out, new PrintStream(err, true, UTF_8),
                Map.of("USERLOOKUP_BASE_URL", baseUrl, "USERLOOKUP_API_KEY", TestKeys.KEY),
                Terminal.fixed(stdoutIsTerminal, false, width));
        int exit = App.run(args, io);
        return new Cli.Result(exit, out.toByteArray(), err.toString(UTF_8));
    }

    private static ExecutorService newRunner() {
        return Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "response-fuzz");
            thread.setDaemon(true);
            return thread;
        });
    }

    private static String summary(Outcome outcome) {
        if (outcome.result == null) {
            return outcome.hung ? "(hung)" : "threw " + outcome.thrown;
        }
        return "exit " + outcome.result.exit() + ", " + outcome.millis + " ms; stderr: " + excerpt(outcome.result.err().getBytes(UTF_8), 400)
                + "; stdout (" + outcome.result.outBytes().length + " bytes): " + excerpt(outcome.result.outBytes(), 160);
    }

    private static void save(Case c, String report) {
        try {
            Files.createDirectories(FAILURES);
            Files.write(FAILURES.resolve("case-" + SEED + "-" + c.index + ".body"), c.payload);
            Files.writeString(FAILURES.resolve("case-" + SEED + "-" + c.index + ".txt"), report + "\n");
        } catch (IOException e) {
            // the report in the failure message is enough
        }
    }

    static String excerpt(byte[] bytes, int max) {
        StringBuilder out = new StringBuilder("\"");
        int n = Math.min(bytes.length, max);
        for (int i = 0; i < n; i++) {
            int b = bytes[i] & 0xff;
            if (b >= 0x20 && b < 0x7f && b != '\\') {
                out.append((char) b);
            } else if (b == '\\') {
                out.append("\\\\");
            } else {
                out.append(String.format("\\x%02x", b));
            }
        }
        out.append('"');
        if (bytes.length > max) {
            out.append("… (").append(bytes.length - max).append(" more bytes)");
        }
        return out.toString();
    }

    // ------------------------------------------------------------------------------------------
    // Generating one case: from the seed and the index alone

    static Case generate(int index) throws IOException {
        Random r = new Random(SEED * 1_000_003L + index);
        int pick = r.nextInt(100);
        Command command = pick < 50 ? Command.RESOLVE : pick < 88 ? Command.LIST : pick < 95 ? Command.LIST_ALL : Command.LIST_COUNT;
        String format = List.of("json", "ndjson", "csv", "table").get(r.nextInt(4));
        boolean terminal = command != Command.LIST_ALL && r.nextInt(100) < 15;
        int width = terminal ? List.of(40, 80, 200).get(r.nextInt(3)) : 0;
        String[][] bases = command == Command.RESOLVE ? RESOLVE_BASES : LIST_BASES;
        String[] base = bases[r.nextInt(bases.length)];
        List<String> mutations = new ArrayList<>();

        byte[] payload;
        if (index % 400 == 7) {
            payload = hugeString(r, base[1], mutations);
        } else if (index % 100 == 13) {
            payload = deepNesting(r, base[1], mutations, index / 100);
        } else if (r.nextInt(100) < 4) {
            payload = wholeBody(r, base[1], mutations);
        } else {
            int treeMutations = r.nextInt(3);
            int byteMutations = r.nextInt(100) < 45 ? 1 + r.nextInt(2) : 0;
            if (treeMutations + byteMutations == 0) {
                treeMutations = 1;
            }
            payload = treeMutations == 0 ? base[1].getBytes(UTF_8) : mutateTree(r, base[1], treeMutations, mutations);
            for (int m = 0; m < byteMutations; m++) {
                payload = mutateBytes(r, payload, mutations);
            }
        }
        Http http;
        byte[] wire = payload;
        int h = r.nextInt(100);
        if (h < 4) {
            http = new Http(200, "application/json", "gzip", "sound gzip");
            wire = gzip(payload);
        } else if (h < 9) {
            byte[] zipped = gzip(payload);
            List<String> gzipNote = new ArrayList<>();
            wire = corruptGzip(r, zipped, gzipNote);
            http = new Http(200, "application/json", r.nextBoolean() ? "gzip" : "x-gzip", "corrupt gzip: " + gzipNote);
        } else if (h < 13) {
            String[] types = {"text/html", "text/plain", "application/octet-stream", null, "application/json; charset=iso-8859-1"};
            http = new Http(200, types[r.nextInt(types.length)], null, "wrong Content-Type");
        } else if (h < 15) {
            http = new Http(r.nextBoolean() ? 201 : 203, "application/json", null, null);
        } else {
            http = new Http(200, "application/json", null, null);
        }
        return new Case(index, command, format, terminal, width, base[0], mutations, payload, http, wire);
    }

    /** A 2 MB string in an unknown field (or, now and then, just under the tool's 1 MiB bound). */
    private static byte[] hugeString(Random r, String base, List<String> mutations) throws IOException {
        int length = r.nextBoolean() ? 2 << 20 : 900_000;
        Raw raw = new Raw();
        ObjectNode root = (ObjectNode) MAPPER.readTree(base);
        ObjectNode target = root.has("users") && root.get("users").size() > 0 && r.nextBoolean() ? (ObjectNode) root.get("users").get(0) : root;
        target.set("blob", raw.value("\"" + "ab\u00e9c".repeat(length / 4) + "\""));
        mutations.add("unknown field \"blob\" holding a " + length + "-character string");
        return raw.serialize(root);
    }

    /** Nesting inside an unknown field or as the whole body: 10,000 deep, just past 200, or well within. */
    private static byte[] deepNesting(Random r, String base, List<String> mutations, int variant) throws IOException {
        int[] depths = {10_000, 10_000, 10_000, 250, 120, 10_000};
        int depth = depths[variant % depths.length];
        boolean objects = variant % 2 == 1;
        boolean closed = variant % 3 != 2;
        String open = objects ? "{\"a\":" : "[";
        String close = objects ? "}" : "]";
        String nested = open.repeat(depth) + (closed ? "1" + close.repeat(depth) : "");
        if (variant % 7 == 6) {
            mutations.add("the whole body nested " + depth + " deep (" + (objects ? "objects" : "arrays") + (closed ? ")" : ", unclosed)"));
            return nested.getBytes(UTF_8);
        }
        Raw raw = new Raw();
        ObjectNode root = (ObjectNode) MAPPER.readTree(base);
        List<ObjectNode> objectsInTree = new ArrayList<>();
        collectObjects(root, objectsInTree);
        ObjectNode target = objectsInTree.get(r.nextInt(objectsInTree.size()));
        target.set("deep", raw.value(nested));
        mutations.add("unknown field \"deep\" nested " + depth + " deep (" + (objects ? "objects" : "arrays") + (closed ? ")" : ", unclosed)"));
        return raw.serialize(root);
    }

    /** Something else than the document: empty, null, another type, an array of it, a BOM alone. */
    private static byte[] wholeBody(Random r, String base, List<String> mutations) {
        String[] bodies = {"", "null", "[]", "[" + base + "]", "\"a string\"", "0", "true", "{}", " \r\n\t ", "\ufeff",
            "\ufeff" + base, base + "\n\n", "<html><title>oops</title></html>", base + base, "  " + base + "  "};
        int which = r.nextInt(bodies.length);
        mutations.add("whole body #" + which);
        return bodies[which].getBytes(UTF_8);
    }

    // ---- JSON-level mutations

    private record Slot(JsonNode parent, String field, int index, String path) {
        JsonNode get() {
            return field != null ? parent.get(field) : parent.get(index);
        }

        void set(JsonNode value) {
            if (field != null) {
                ((ObjectNode) parent).set(field, value);
            } else {
                ((ArrayNode) parent).set(index, value);
            }
        }
    }

    private static byte[] mutateTree(Random r, String base, int count, List<String> mutations) throws IOException {
        Raw raw = new Raw();
        ArrayNode holder = JsonNodeFactory.instance.arrayNode();
        holder.add(MAPPER.readTree(base));
        for (int m = 0; m < count; m++) {
            List<Slot> slots = new ArrayList<>();
            slots.add(new Slot(holder, null, 0, "$"));
            collectSlots(holder.get(0), "$", slots);
            List<ObjectNode> objects = new ArrayList<>();
            collectObjects(holder.get(0), objects);
            int kind = r.nextInt(100);
            if (kind < 25) {
                Slot slot = pickSlot(r, slots, false);
                JsonNode old = slot.get();
                JsonNode value = randomValue(r, raw, 0);
                for (int tries = 0; tries < 8 && kindOf(value, raw).equals(kindOf(old, raw)); tries++) {
                    value = randomValue(r, raw, 0);
                }
                slot.set(value);
                mutations.add("retype " + slot.path + " " + kindOf(old, raw) + "->" + kindOf(value, raw) + describeValue(value, raw));
            } else if (kind < 32) {
                Slot slot = pickSlot(r, slots, false);
                slot.set(NullNode.instance);
                mutations.add("null at " + slot.path);
            } else if (kind < 40) {
                Slot slot = pickSlot(r, slots, true);
                if (slot == null) {
                    mutations.add("remove (nothing to remove)");
                } else {
                    ((ObjectNode) slot.parent).remove(slot.field);
                    mutations.add("remove " + slot.path);
                }
            } else if (kind < 50) {
                if (objects.isEmpty()) {
                    mutations.add("unknown field (no object)");
                    continue;
                }
                ObjectNode target = objects.get(r.nextInt(objects.size()));
                String name = r.nextInt(4) == 0 ? SPECIAL_STRINGS[r.nextInt(SPECIAL_STRINGS.length)] : "x_" + r.nextInt(1000);
                JsonNode value = randomValue(r, raw, 0);
                target.set(name, value);
                mutations.add("unknown field " + Users.quote(abbreviate(name)) + " " + kindOf(value, raw) + describeValue(value, raw));
            } else if (kind < 58) {
                List<ObjectNode> withFields = new ArrayList<>();
                for (ObjectNode object : objects) {
                    if (object.size() > 0) {
                        withFields.add(object);
                    }
                }
                if (withFields.isEmpty()) {
                    mutations.add("duplicate key (no object with fields)");
                    continue;
                }
                ObjectNode target = withFields.get(r.nextInt(withFields.size()));
                List<String> names = new ArrayList<>();
                target.fieldNames().forEachRemaining(names::add);
                String name = names.get(r.nextInt(names.size()));
                JsonNode value = r.nextBoolean() ? target.get(name).deepCopy() : randomValue(r, raw, 0);
                target.set(raw.duplicateKey(name, raw.text(value)), NullNode.instance);
                mutations.add("duplicate key " + Users.quote(name) + " (last) " + kindOf(value, raw) + describeValue(value, raw));
            } else if (kind < 64) {
                List<Slot> containers = new ArrayList<>();
                for (Slot slot : slots) {
                    if (slot.get().isContainerNode()) {
                        containers.add(slot);
                    }
                }
                if (containers.isEmpty()) {
                    mutations.add("array/object swap (no container)");
                    continue;
                }
                Slot slot = containers.get(r.nextInt(containers.size()));
                JsonNode old = slot.get();
                if (old.isArray()) {
                    ObjectNode object = JsonNodeFactory.instance.objectNode();
                    for (int i = 0; i < old.size(); i++) {
                        object.set(String.valueOf(i), old.get(i));
                    }
                    slot.set(object);
                    mutations.add("array->object at " + slot.path);
                } else {
                    ArrayNode array = JsonNodeFactory.instance.arrayNode();
                    old.elements().forEachRemaining(array::add);
                    slot.set(array);
                    mutations.add("object->array at " + slot.path);
                }
            } else if (kind < 74) {
                List<Slot> strings = new ArrayList<>();
                for (Slot slot : slots) {
                    if (slot.get().isTextual() && !raw.isPlaceholder(slot.get())) {
                        strings.add(slot);
                    }
                }
                if (strings.isEmpty()) {
                    mutations.add("special string (no string)");
                    continue;
                }
                Slot slot = strings.get(r.nextInt(strings.size()));
                JsonNode value = r.nextInt(3) == 0 ? raw.value(RAW_STRINGS[r.nextInt(RAW_STRINGS.length)], "string")
                        : TextNode.valueOf(SPECIAL_STRINGS[r.nextInt(SPECIAL_STRINGS.length)]);
                slot.set(value);
                mutations.add("special string at " + slot.path + describeValue(value, raw));
            } else if (kind < 88) {
                List<Slot> times = new ArrayList<>();
                for (Slot slot : slots) {
                    if (slot.field != null && (TIMESTAMP_FIELDS.contains(slot.field) || DATE_FIELDS.contains(slot.field))) {
                        times.add(slot);
                    }
                }
                if (times.isEmpty()) {
                    mutations.add("timestamp (no timestamp field)");
                    continue;
                }
                List<Slot> userCreated = new ArrayList<>();
                for (Slot slot : times) {
                    if (slot.path.matches("\\$(\\.users\\[\\d+\\])?\\.created_on")) {
                        userCreated.add(slot);
                    }
                }
                Slot slot = !userCreated.isEmpty() && r.nextBoolean() ? userCreated.get(r.nextInt(userCreated.size()))
                        : times.get(r.nextInt(times.size()));
                String[] variants = TIMESTAMP_FIELDS.contains(slot.field) ? TIMESTAMPS : DATES;
                String value = variants[r.nextInt(variants.length)];
                slot.set(TextNode.valueOf(value));
                mutations.add("timestamp " + slot.path + "=" + Users.quote(value));
            } else if (kind < 96) {
                List<Slot> numbers = new ArrayList<>();
                for (Slot slot : slots) {
                    if (slot.get().isNumber() || (slot.field != null && Set.of("total", "offset", "limit").contains(slot.field))) {
                        numbers.add(slot);
                    }
                }
                Slot slot = numbers.isEmpty() ? pickSlot(r, slots, false) : numbers.get(r.nextInt(numbers.size()));
                JsonNode value = r.nextBoolean() ? raw.value(RAW_NUMBERS[r.nextInt(RAW_NUMBERS.length)], "number")
                        : LongNode.valueOf(List.of(-1L, 0L, 1L, 500L, 501L, 2147483648L, Long.MAX_VALUE, Long.MIN_VALUE).get(r.nextInt(8)));
                slot.set(value);
                mutations.add("number at " + slot.path + describeValue(value, raw));
            } else {
                if (objects.isEmpty()) {
                    mutations.add("long string (no object)");
                    continue;
                }
                ObjectNode target = objects.get(r.nextInt(objects.size()));
                String name = r.nextBoolean() ? "notes" : "client_user_id";
                int length = 50_000 + r.nextInt(50_000);
                target.set(name, TextNode.valueOf("w\u00e9".repeat(length / 2)));
                mutations.add("a " + length + "-character string in " + name);
            }
        }
        return raw.serialize(holder.get(0));
    }

    private static Slot pickSlot(Random r, List<Slot> slots, boolean fieldsOnly) {
        List<Slot> candidates = new ArrayList<>();
        for (Slot slot : slots) {
            if (!fieldsOnly || slot.field != null) {
                candidates.add(slot);
            }
        }
        if (candidates.isEmpty()) {
            return null;
        }
        // The root now and then; mostly something inside it.
        if (!fieldsOnly && r.nextInt(30) == 0) {
            return candidates.get(0);
        }
        return candidates.get(candidates.size() == 1 ? 0 : 1 + r.nextInt(candidates.size() - 1));
    }

    private static void collectSlots(JsonNode node, String path, List<Slot> out) {
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                String child = path + "." + field.getKey();
                out.add(new Slot(node, field.getKey(), -1, child));
                collectSlots(field.getValue(), child, out);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String child = path + "[" + i + "]";
                out.add(new Slot(node, null, i, child));
                collectSlots(node.get(i), child, out);
            }
        }
    }

    private static void collectObjects(JsonNode node, List<ObjectNode> out) {
        if (node.isObject()) {
            out.add((ObjectNode) node);
        }
        if (node.isContainerNode()) {
            node.elements().forEachRemaining(child -> collectObjects(child, out));
        }
    }

    private static JsonNode randomValue(Random r, Raw raw, int depth) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        switch (r.nextInt(depth > 1 ? 8 : 16)) {
            case 0: return TextNode.valueOf(SPECIAL_STRINGS[r.nextInt(SPECIAL_STRINGS.length)]);
            case 1: return TextNode.valueOf(Users.uuid(r.nextInt(1000)));
            case 2: return IntNode.valueOf(r.nextInt(2001) - 1000);
            case 3: return DecimalNode.valueOf(new BigDecimal(List.of("1.50", "0.90", "-0.5", "3.0", "1E+2").get(r.nextInt(5))));
            case 4: return BooleanNode.valueOf(r.nextBoolean());
            case 5: return NullNode.instance;
            case 6: return nodes.arrayNode();
            case 7: return nodes.objectNode();
            case 8: {
                ArrayNode array = nodes.arrayNode();
                for (int i = r.nextInt(3) + 1; i > 0; i--) {
                    array.add(randomValue(r, raw, depth + 1));
                }
                return array;
            }
            case 9: {
                ObjectNode object = nodes.objectNode();
                for (int i = r.nextInt(2) + 1; i > 0; i--) {
                    object.set(List.of("slug", "id", "value", "k").get(r.nextInt(4)), randomValue(r, raw, depth + 1));
                }
                return object;
            }
            case 10: return raw.value(RAW_NUMBERS[r.nextInt(RAW_NUMBERS.length)], "number");
            case 11: return raw.value(RAW_STRINGS[r.nextInt(RAW_STRINGS.length)], "string");
            case 12: return TextNode.valueOf(TIMESTAMPS[r.nextInt(TIMESTAMPS.length)]);
            case 13: return LongNode.valueOf(r.nextLong());
            case 14: return TextNode.valueOf("");
            default: return TextNode.valueOf(String.valueOf(r.nextInt(100)));
        }
    }

    private static String kindOf(JsonNode node, Raw raw) {
        String declared = raw.kind(node);
        if (declared != null) {
            return declared;
        }
        if (node.isObject()) {
            return "object";
        }
        if (node.isArray()) {
            return "array";
        }
        if (node.isTextual()) {
            return "string";
        }
        if (node.isNumber()) {
            return "number";
        }
        if (node.isBoolean()) {
            return "boolean";
        }
        return "null";
    }

    private static String describeValue(JsonNode value, Raw raw) {
        String text = raw.text(value);
        return " " + abbreviate(text);
    }

    private static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 40) + "…(" + text.length() + " chars)";
    }

    /** Placeholders for JSON text the serializer would not write: replaced after serialization. */
    private static final class Raw {
        private final Map<String, String> replacements = new LinkedHashMap<>();
        private final Map<String, String> kinds = new LinkedHashMap<>();

        TextNode value(String rawJson, String kind) {
            String key = "@@RAW" + replacements.size() + "@@";
            replacements.put("\"" + key + "\"", rawJson);
            kinds.put(key, kind);
            return TextNode.valueOf(key);
        }

        TextNode value(String rawJson) {
            return value(rawJson, rawJson.startsWith("\"") ? "string" : "nested");
        }

        String duplicateKey(String name, String rawValue) {
            String key = "@@KEY" + replacements.size() + "@@";
            replacements.put("\"" + key + "\":null", Users.quote(name) + ":" + rawValue);
            return key;
        }

        boolean isPlaceholder(JsonNode node) {
            return node.isTextual() && kinds.containsKey(node.asText());
        }

        String kind(JsonNode node) {
            return node.isTextual() ? kinds.get(node.asText()) : null;
        }

        /** The JSON text of a value, placeholders still in (they are replaced with the rest). */
        String text(JsonNode node) {
            try {
                String text = MAPPER.writeValueAsString(node);
                for (Map.Entry<String, String> e : replacements.entrySet()) {
                    if (text.equals(e.getKey())) {
                        return e.getValue();
                    }
                }
                return text;
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }

        byte[] serialize(JsonNode tree) throws IOException {
            String text = MAPPER.writeValueAsString(tree);
            List<Map.Entry<String, String>> entries = new ArrayList<>(replacements.entrySet());
            // Latest first: a later replacement may carry an earlier placeholder inside it.
            for (int i = entries.size() - 1; i >= 0; i--) {
                text = text.replace(entries.get(i).getKey(), entries.get(i).getValue());
            }
            return text.getBytes(UTF_8);
        }
    }

    // ---- byte-level mutations

    private static byte[] mutateBytes(Random r, byte[] body, List<String> mutations) {
        int n = body.length;
        if (n == 0) {
            mutations.add("insert into empty");
            return JUNK[r.nextInt(JUNK.length)].clone();
        }
        int kind = r.nextInt(100);
        if (kind < 14) {
            int at = r.nextInt(n);
            mutations.add("truncate@" + at);
            return Arrays.copyOf(body, at);
        }
        if (kind < 26) {
            int at = r.nextInt(n);
            int length = 1 + r.nextInt(Math.min(64, n - at));
            mutations.add("delete@" + at + "+" + length);
            return concat(Arrays.copyOfRange(body, 0, at), Arrays.copyOfRange(body, at + length, n));
        }
        if (kind < 38) {
            int at = r.nextInt(n);
            int length = 1 + r.nextInt(Math.min(64, n - at));
            int to = r.nextInt(n + 1);
            mutations.add("duplicate@" + at + "+" + length + "->" + to);
            return concat(Arrays.copyOfRange(body, 0, to), Arrays.copyOfRange(body, at, at + length), Arrays.copyOfRange(body, to, n));
        }
        if (kind < 46 && n >= 4) {
            int a = r.nextInt(n / 2);
            int aLength = 1 + r.nextInt(Math.min(32, n / 2 - a));
            int b = n / 2 + r.nextInt(n - n / 2);
            int bLength = 1 + r.nextInt(Math.min(32, n - b));
            mutations.add("swap@" + a + "+" + aLength + "<->" + b + "+" + bLength);
            return concat(Arrays.copyOfRange(body, 0, a), Arrays.copyOfRange(body, b, b + bLength), Arrays.copyOfRange(body, a + aLength, b),
                    Arrays.copyOfRange(body, a, a + aLength), Arrays.copyOfRange(body, b + bLength, n));
        }
        if (kind < 62) {
            byte[] out = body.clone();
            StringBuilder what = new StringBuilder("flip");
            for (int i = 1 + r.nextInt(4); i > 0; i--) {
                int at = r.nextInt(n);
                byte before = out[at];
                out[at] = r.nextBoolean() ? (byte) (out[at] ^ (1 << r.nextInt(8))) : (byte) r.nextInt(256);
                what.append(String.format("@%d:%02x->%02x", at, before & 0xff, out[at] & 0xff));
            }
            mutations.add(what.toString());
            return out;
        }
        if (kind < 82) {
            int at = r.nextInt(n + 1);
            byte[] junk = JUNK[r.nextInt(JUNK.length)];
            mutations.add("insert@" + at + " " + excerpt(junk, 20));
            return concat(Arrays.copyOfRange(body, 0, at), junk, Arrays.copyOfRange(body, at, n));
        }
        if (kind < 92) {
            String[] blanks = {" ", "\t", "\r\n", "\n\n\n", "  \t \r\n ", " ".repeat(5000)};
            String blank = blanks[r.nextInt(blanks.length)];
            int where = r.nextInt(4);
            int at;
            if (where == 0) {
                at = 0;
            } else if (where == 1) {
                at = n;
            } else {
                List<Integer> structural = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    byte b = body[i];
                    if (b == '{' || b == '[' || b == ',' || b == ':' || b == '}' || b == ']') {
                        structural.add(i + (r.nextBoolean() ? 0 : 1));
                    }
                }
                at = structural.isEmpty() ? 0 : structural.get(r.nextInt(structural.size()));
            }
            mutations.add("whitespace@" + at + " " + excerpt(blank.getBytes(UTF_8), 8));
            return concat(Arrays.copyOfRange(body, 0, at), blank.getBytes(UTF_8), Arrays.copyOfRange(body, at, n));
        }
        if (kind < 96) {
            mutations.add("BOM prefix");
            return concat(BOM, body);
        }
        int at = r.nextInt(n);
        mutations.add("NUL@" + at);
        return concat(Arrays.copyOfRange(body, 0, at), new byte[] {0}, Arrays.copyOfRange(body, at, n));
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    static byte[] gzip(byte[] body) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
            zip.write(body);
        }
        return out.toByteArray();
    }

    private static byte[] corruptGzip(Random r, byte[] zipped, List<String> note) {
        int n = zipped.length;
        switch (r.nextInt(6)) {
            case 0: {
                int at = 1 + r.nextInt(n - 1);
                note.add("truncated@" + at);
                return Arrays.copyOf(zipped, at);
            }
            case 1: {
                byte[] out = zipped.clone();
                int at = 10 + r.nextInt(Math.max(1, n - 18));
                out[at] ^= (byte) (1 << r.nextInt(8));
                note.add("flip in deflate data@" + at);
                return out;
            }
            case 2: {
                byte[] out = zipped.clone();
                int at = n - 1 - r.nextInt(8);
                out[at] ^= (byte) 0x5a;
                note.add("flip in trailer@" + at);
                return out;
            }
            case 3: {
                byte[] out = zipped.clone();
                int at = r.nextInt(10);
                out[at] = (byte) r.nextInt(256);
                note.add("header byte " + at + " set to " + (out[at] & 0xff));
                return out;
            }
            case 4: {
                note.add("garbage appended");
                return concat(zipped, "not gzip at all".getBytes(UTF_8));
            }
            default: {
                note.add("not gzip: the plain body");
                return concat("{\"user_id\":\"u\"}".getBytes(UTF_8), zipped);
            }
        }
    }

    // ------------------------------------------------------------------------------------------
    // The oracle: what the contract says of a body, judged without the tool's code

    static Judgement judge(Case c) {
        byte[] body = c.wire;
        if (c.http.contentEncoding != null && body.length > 0) {
            try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
                body = in.readAllBytes();
            } catch (IOException e) {
                return new Judgement(Verdict.INVALID, "the gzip stream is corrupt: " + e.getMessage(), null, false);
            }
        }
        Grammar grammar = new Grammar(body);
        String error = grammar.check();
        if (error != null) {
            return new Judgement(Verdict.INVALID, "not JSON: " + error, null, false);
        }
        if (grammar.dubious != null) {
            return new Judgement(Verdict.EITHER, "JSON, but " + grammar.dubious, null, false);
        }
        if (grammar.duplicateKey != null) {
            return new Judgement(Verdict.EITHER, "duplicate key " + Users.quote(grammar.duplicateKey), null, false);
        }
        JsonNode tree;
        try {
            tree = MAPPER.readTree(body);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            return new Judgement(Verdict.EITHER, "grammatical, but the test's own reader refused it: " + e, null, false);
        }
        Shape shape = new Shape(c.format.equals("table"));
        switch (c.command) {
            case RESOLVE -> shape.user(tree, "");
            case LIST, LIST_ALL -> shape.page(tree, false);
            case LIST_COUNT -> shape.page(tree, true);
            default -> throw new IllegalStateException();
        }
        Verdict verdict = shape.verdict;
        String why = shape.why;
        String bounds = grammar.beyondBounds();
        if (bounds != null && verdict != Verdict.INVALID) {
            verdict = Verdict.EITHER;
            why = "past the tool's bounds: " + bounds;
        }
        if (verdict == Verdict.VALID && c.command == Command.LIST_ALL) {
            verdict = Verdict.EITHER;
            why = "--all walks a service that answers every page with the same body";
        }
        return new Judgement(verdict, why == null ? "the JSON expected" : why, tree, bounds == null);
    }

    /** The User and UserList shapes of the contract; what it leaves open is EITHER. */
    static final class Shape {
        final boolean typed;
        Verdict verdict = Verdict.VALID;
        String why;

        Shape(boolean typed) {
            this.typed = typed;
        }

        void bad(String reason) {
            if (verdict != Verdict.INVALID) {
                verdict = Verdict.INVALID;
                why = reason;
            }
        }

        void open(String reason) {
            if (verdict == Verdict.VALID) {
                verdict = Verdict.EITHER;
                why = reason;
            }
        }

        void page(JsonNode root, boolean needTotal) {
            if (!root.isObject()) {
                bad("the page is not an object");
                return;
            }
            JsonNode users = root.get("users");
            if (users == null || !users.isArray()) {
                bad("no users array");
                return;
            }
            for (int i = 0; i < users.size(); i++) {
                user(users.get(i), "users[" + i + "].");
            }
            integer(root, "total", 63);
            integer(root, "offset", 63);
            integer(root, "limit", 31);
            if (needTotal && (root.get("total") == null || root.get("total").isNull())) {
                bad("--count needs a total");
            }
        }

        void user(JsonNode user, String where) {
            if (!user.isObject()) {
                bad(where + " is not an object");
                return;
            }
            for (String field : List.of("user_id", "client_user_id")) {
                JsonNode value = user.get(field);
                if (value == null || !value.isTextual()) {
                    bad(where + field + " is not a string");
                }
            }
            text(user, where, "team_id");
            timestamp(user, where, "created_on");
            date(user, where, "ingestion_start");
            date(user, where, "ingestion_end");
            JsonNode sources = user.get("connected_sources");
            if (sources != null && !sources.isNull()) {
                if (!sources.isArray()) {
                    bad(where + "connected_sources is not an array");
                } else {
                    for (int i = 0; i < sources.size(); i++) {
                        JsonNode connected = sources.get(i);
                        String path = where + "connected_sources[" + i + "].";
                        if (connected.isNull()) {
                            continue;
                        }
                        if (!connected.isObject()) {
                            bad(path + " is not an object");
                            continue;
                        }
                        timestamp(connected, path, "created_on");
                        // provider is read unless missing or null, else the deprecated source;
                        // the one not read may hold anything.
                        JsonNode provider = connected.get("provider");
                        String read = provider == null || provider.isNull() ? "source" : "provider";
                        JsonNode source = connected.get(read);
                        if (source != null && !source.isNull()) {
                            if (!source.isObject()) {
                                bad(path + read + " is not an object");
                            } else {
                                text(source, path + read + ".", "logo");
                                text(source, path + read + ".", "name");
                                text(source, path + read + ".", "slug");
                            }
                        }
                    }
                }
            }
            JsonNode zone = user.get("fallback_time_zone");
            if (zone != null && !zone.isNull()) {
                if (!zone.isObject()) {
                    bad(where + "fallback_time_zone is not an object");
                } else {
                    text(zone, where + "fallback_time_zone.", "id");
                    text(zone, where + "fallback_time_zone.", "source_slug");
                    timestamp(zone, where + "fallback_time_zone.", "updated_at");
                }
            }
            JsonNode birth = user.get("fallback_birth_date");
            if (birth != null && !birth.isNull()) {
                if (!birth.isObject()) {
                    bad(where + "fallback_birth_date is not an object");
                } else {
                    date(birth, where + "fallback_birth_date.", "value");
                    text(birth, where + "fallback_birth_date.", "source_slug");
                    timestamp(birth, where + "fallback_birth_date.", "updated_at");
                }
            }
        }

        private boolean text(JsonNode parent, String where, String field) {
            JsonNode value = parent.get(field);
            if (value == null || value.isNull()) {
                return false;
            }
            if (!value.isTextual()) {
                bad(where + field + " is not a string");
                return false;
            }
            return true;
        }

        /** A table must read it; ISO-8601 with an offset it surely reads, anything else perhaps. */
        private void timestamp(JsonNode parent, String where, String field) {
            if (text(parent, where, field) && typed) {
                try {
                    OffsetDateTime.parse(parent.get(field).asText(), DateTimeFormatter.ISO_OFFSET_DATE_TIME);
                } catch (DateTimeParseException e) {
                    open(where + field + " is not ISO-8601 with an offset, which a table must read");
                }
            }
        }

        private void date(JsonNode parent, String where, String field) {
            if (text(parent, where, field) && typed) {
                try {
                    LocalDate.parse(parent.get(field).asText(), DateTimeFormatter.ISO_LOCAL_DATE);
                } catch (DateTimeParseException e) {
                    open(where + field + " is not an ISO-8601 date, which a table must read");
                }
            }
        }

        private void integer(JsonNode root, String field, int bits) {
            JsonNode value = root.get(field);
            if (value == null || value.isNull()) {
                return;
            }
            if (!value.isNumber()) {
                bad(field + " is not a number");
            } else if (!value.isIntegralNumber()) {
                open(field + " has a fraction or an exponent");
            } else if (value.bigIntegerValue().bitLength() > bits) {
                open(field + " is out of range");
            }
        }
    }

    /**
     * RFC 8259, byte by byte, without recursion (so 10,000 levels are no problem), with UTF-8
     * checked inside strings. Notes the depth, the longest string and number, duplicate keys,
     * and what is doubtful rather than wrong (a BOM, overlong or surrogate UTF-8).
     */
    static final class Grammar {
        private final byte[] b;
        private int i;
        int maxDepth;
        long longestString;
        int longestNumber;
        int longestExponent;
        int longestName;
        String dubious;
        String duplicateKey;

        Grammar(byte[] bytes) {
            this.b = bytes;
        }

        String beyondBounds() {
            if (maxDepth > 150) {
                return "nested " + maxDepth + " deep";
            }
            if (longestString > 500_000) {
                return "a string of " + longestString + " characters";
            }
            if (longestNumber > 900 || longestExponent > 8) {
                return "a number of " + longestNumber + " characters";
            }
            if (longestName > 40_000) {
                return "a field name of " + longestName + " characters";
            }
            return null;
        }

        /** @return null when the bytes are one JSON text, otherwise why not */
        String check() {
            if (b.length >= 3 && (b[0] & 0xff) == 0xef && (b[1] & 0xff) == 0xbb && (b[2] & 0xff) == 0xbf) {
                i = 3;
                dubious = "it starts with a byte order mark";
            }
            byte[] stack = new byte[64];
            List<Set<String>> names = new ArrayList<>();
            int depth = 0;
            ws();
            value:
            while (true) {
                if (i >= b.length) {
                    return "it ends where a value should start (byte " + i + ")";
                }
                int c = b[i] & 0xff;
                if (c == '{' || c == '[') {
                    i++;
                    maxDepth = Math.max(maxDepth, depth + 1);
                    ws();
                    if (i < b.length && (b[i] & 0xff) == (c == '{' ? '}' : ']')) {
                        i++;
                    } else {
                        if (depth == stack.length) {
                            stack = Arrays.copyOf(stack, depth * 2);
                        }
                        stack[depth++] = (byte) c;
                        if (c == '{') {
                            names.add(new HashSet<>());
                            String problem = member(names.get(names.size() - 1));
                            if (problem != null) {
                                return problem;
                            }
                        }
                        continue value;
                    }
                } else if (c == '"') {
                    String problem = string(false);
                    if (problem != null) {
                        return problem;
                    }
                } else if (c == '-' || (c >= '0' && c <= '9')) {
                    String problem = number();
                    if (problem != null) {
                        return problem;
                    }
                } else if (c == 't' || c == 'f' || c == 'n') {
                    String literal = c == 't' ? "true" : c == 'f' ? "false" : "null";
                    for (int k = 0; k < literal.length(); k++) {
                        if (i + k >= b.length || b[i + k] != literal.charAt(k)) {
                            return "a broken literal at byte " + i;
                        }
                    }
                    i += literal.length();
                } else {
                    return String.format("byte 0x%02x where a value should start (byte %d)", c, i);
                }
                // a value is complete: close containers, or go on to the next element
                while (depth > 0) {
                    ws();
                    if (i >= b.length) {
                        return "it ends inside " + (stack[depth - 1] == '{' ? "an object" : "an array");
                    }
                    int d = b[i] & 0xff;
                    byte top = stack[depth - 1];
                    if (d == ',') {
                        i++;
                        ws();
                        if (top == '{') {
                            String problem = member(names.get(names.size() - 1));
                            if (problem != null) {
                                return problem;
                            }
                        }
                        continue value;
                    }
                    if ((top == '{' && d == '}') || (top == '[' && d == ']')) {
                        i++;
                        depth--;
                        if (top == '{') {
                            names.remove(names.size() - 1);
                        }
                        continue;
                    }
                    return String.format("byte 0x%02x after a value in %s (byte %d)", d, top == '{' ? "an object" : "an array", i);
                }
                break;
            }
            ws();
            return i == b.length ? null : "content after the document (byte " + i + ")";
        }

        private String member(Set<String> seen) {
            if (i >= b.length || b[i] != '"') {
                return "no field name at byte " + i;
            }
            int start = i;
            String problem = string(true);
            if (problem != null) {
                return problem;
            }
            String name = new String(b, start + 1, i - start - 2, java.nio.charset.StandardCharsets.ISO_8859_1);
            if (!seen.add(name) && duplicateKey == null) {
                duplicateKey = name;
            }
            ws();
            if (i >= b.length || b[i] != ':') {
                return "no ':' after a field name at byte " + i;
            }
            i++;
            ws();
            return null;
        }

        private String string(boolean name) {
            i++;
            long chars = 0;
            while (true) {
                if (i >= b.length) {
                    return "an unterminated string";
                }
                int c = b[i] & 0xff;
                if (c == '"') {
                    i++;
                    break;
                }
                if (c == '\\') {
                    if (i + 1 >= b.length) {
                        return "an unterminated string";
                    }
                    int e = b[i + 1] & 0xff;
                    if ("\"\\/bfnrt".indexOf(e) >= 0) {
                        i += 2;
                    } else if (e == 'u') {
                        for (int k = 2; k < 6; k++) {
                            if (i + k >= b.length || Character.digit(b[i + k], 16) < 0) {
                                return "a broken \\u escape at byte " + i;
                            }
                        }
                        i += 6;
                    } else {
                        return String.format("the escape \\%c at byte %d", (char) e, i);
                    }
                    chars++;
                } else if (c < 0x20) {
                    return String.format("a raw control byte 0x%02x in a string (byte %d)", c, i);
                } else if (c < 0x80) {
                    i++;
                    chars++;
                } else {
                    String problem = utf8(c);
                    if (problem != null) {
                        return problem;
                    }
                    chars++;
                }
            }
            if (name) {
                longestName = (int) Math.max(longestName, chars);
            } else {
                longestString = Math.max(longestString, chars);
            }
            return null;
        }

        private String utf8(int c) {
            int need;
            int low = 0x80;
            int high = 0xbf;
            boolean doubtful = false;
            if (c >= 0xc2 && c <= 0xdf) {
                need = 1;
            } else if (c == 0xc0 || c == 0xc1) {
                need = 1;
                doubtful = true;
            } else if (c == 0xe0) {
                need = 2;
                low = 0xa0;
            } else if (c == 0xed) {
                need = 2;
                high = 0x9f;
            } else if (c >= 0xe1 && c <= 0xef) {
                need = 2;
            } else if (c == 0xf0) {
                need = 3;
                low = 0x90;
            } else if (c >= 0xf1 && c <= 0xf3) {
                need = 3;
            } else if (c == 0xf4) {
                need = 3;
                high = 0x8f;
            } else if (c >= 0xf5 && c <= 0xf7) {
                need = 3;
                doubtful = true;
            } else {
                return String.format("byte 0x%02x is not UTF-8 (byte %d)", c, i);
            }
            for (int k = 1; k <= need; k++) {
                if (i + k >= b.length) {
                    return "a UTF-8 sequence cut short at byte " + i;
                }
                int next = b[i + k] & 0xff;
                if (next < 0x80 || next > 0xbf) {
                    return String.format("a broken UTF-8 sequence at byte %d", i);
                }
                if (k == 1 && (next < low || next > high)) {
                    doubtful = true;
                }
            }
            if (doubtful && dubious == null) {
                dubious = String.format("overlong, surrogate or out-of-range UTF-8 at byte %d", i);
            }
            i += need + 1;
            return null;
        }

        private String number() {
            int start = i;
            if (b[i] == '-') {
                i++;
            }
            if (i >= b.length) {
                return "a lone '-' at the end";
            }
            if (b[i] == '0') {
                i++;
            } else if (b[i] >= '1' && b[i] <= '9') {
                while (i < b.length && b[i] >= '0' && b[i] <= '9') {
                    i++;
                }
            } else {
                return "a broken number at byte " + start;
            }
            if (i < b.length && b[i] == '.') {
                i++;
                int digits = i;
                while (i < b.length && b[i] >= '0' && b[i] <= '9') {
                    i++;
                }
                if (i == digits) {
                    return "a number without digits after '.' at byte " + start;
                }
            }
            if (i < b.length && (b[i] == 'e' || b[i] == 'E')) {
                i++;
                if (i < b.length && (b[i] == '+' || b[i] == '-')) {
                    i++;
                }
                int digits = i;
                while (i < b.length && b[i] == '0') {
                    i++;
                }
                int significant = i;
                while (i < b.length && b[i] >= '0' && b[i] <= '9') {
                    i++;
                }
                if (i == digits) {
                    return "a number without an exponent at byte " + start;
                }
                longestExponent = Math.max(longestExponent, i - significant);
            }
            longestNumber = Math.max(longestNumber, i - start);
            return null;
        }

        private void ws() {
            while (i < b.length && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r')) {
                i++;
            }
        }
    }
}
