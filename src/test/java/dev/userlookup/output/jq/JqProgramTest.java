package dev.userlookup.output.jq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.userlookup.UsageException;
import dev.userlookup.fake.FakeUsers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JqProgramTest {

    private static final String USER = "{\"user_id\":\"u-1\",\"client_user_id\":\"a/b?c#d\",\"n\":12345678901234567890,"
            + "\"f\":0.1000000000000000055511151231257827,\"e\":1e3,\"connected_sources\":[{\"source\":\"oura\"},{\"source\":\"fitbit\"}],"
            + "\"nothing\":null,\"esc\":\"\\u001b[31m\"}";

    private static void apply(JqProgram program, String json, java.util.function.Consumer<String> lines) throws JqProgram.Failure {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        program.apply(bytes, 0, bytes.length, lines);
    }

    private static List<String> run(String filter, String userJson) throws JqProgram.Failure {
        List<String> lines = new ArrayList<>();
        apply(JqProgram.compile(filter), userJson, lines::add);
        return lines;
    }

    @Test
    void stringsPrintAsTheirTextAndEverythingElseAsCompactJsonOneResultALine() throws Exception {
        assertEquals(List.of("a/b?c#d"), run(".client_user_id", USER));
        assertEquals(List.of("[\"oura\",\"fitbit\"]"), run("[.connected_sources[].source]", USER));
        assertEquals(List.of("oura", "fitbit"), run(".connected_sources[].source", USER));
        assertEquals(List.of("null"), run(".nothing", USER));
        assertEquals(List.of("{\"id\":\"u-1\",\"sources\":2}"), run("{id: .user_id, sources: (.connected_sources | length)}", USER));
        assertEquals(List.of(), run("select(.user_id == \"someone else\")", USER));
        // A string is printed as it is: the caller, not jq, decides what a terminal may see.
        assertEquals(List.of("\u001b[31m"), run(".esc", USER));
    }

    @Test
    void insideJsonTheControlsAndDelAreEscapedInLowerCaseAsJqEscapesThemAndOtherTextIsLeftAsItIs() throws Exception {
        assertEquals(List.of("[\"\\u001b[31m\\u007f\\t\u202e\u0085\u00e9\"]"),
                run("[.s]", "{\"s\":\"\\u001b[31m\\u007f\\t\\u202e\\u0085\\u00e9\"}"));
    }

    @Test
    void numbersComeOutAsTheServiceWroteThem() throws Exception {
        assertEquals(List.of("12345678901234567890"), run(".n", USER));
        assertEquals(List.of("0.1000000000000000055511151231257827"), run(".f", USER));
        assertEquals(List.of("1000"), run(".e", USER));
    }

    @Test
    void aFilterThatDoesNotParseIsAUsageErrorBeforeAnyUser() {
        UsageException refused = assertThrows(UsageException.class, () -> JqProgram.compile(".users[] | select(.x =="));
        assertTrue(refused.getMessage().startsWith("--jq: the filter does not parse: "), refused.getMessage());
        assertEquals(-1, refused.getMessage().indexOf('\n'), refused.getMessage());
    }

    @Test
    void aFunctionJqLacksIsAUsageErrorBeforeAnyUser() {
        UsageException refused = assertThrows(UsageException.class, () -> JqProgram.compile(".client_user_id | tostream"));
        assertTrue(refused.getMessage().contains("tostream/0"), refused.getMessage());
        // The check stops at the first result: a filter without end still compiles at once.
        JqProgram.compile("def forever: ., forever; forever");
    }

    @Test
    void aRecursionWithoutEndFailsOnTheUserInsteadOfEndingTheRun() throws Exception {
        // Over null it recurses too: the trial lets it be, as any failure over null.
        JqProgram program = JqProgram.compile("def f: f; f");

        JqProgram.Failure failed = assertThrows(JqProgram.Failure.class,
                () -> apply(program, USER, line -> { }));
        assertEquals("it recursed deeper than the stack allows (a recursion without end?)", failed.getMessage());
        assertThrows(JqProgram.Failure.class, () -> run("def f: [f]; f", USER));
        // and the next user runs as well as the first
        assertEquals(List.of("u-1"), run(".user_id", USER));
    }

    @Test
    void aTrialThatRunsPastItsBoundIsRefusedAndStopsThen() throws Exception {
        UsageException refused = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> assertThrows(UsageException.class, () -> JqProgram.compile("last(range(1e9))", Duration.ofMillis(200))));

        assertEquals("--jq: the filter ran for more than 200 ms over null, its trial before any request, without ending: "
                + "it would take as long for each user", refused.getMessage());
        // Its thread ends at the next value: nothing spins on beside the run.
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().equals("userlookup-jq-trial")) {
                thread.join(10_000);
                assertFalse(thread.isAlive(), "the trial still runs");
            }
        }
        // Its own try cannot hold it either.
        assertThrows(UsageException.class, () -> JqProgram.compile("try last(range(1e9)) catch 0", Duration.ofMillis(200)));
        assertThrows(UsageException.class, () -> JqProgram.compile("[range(1e9)?] | length", Duration.ofMillis(200)));
    }

    @Test
    void theTrialStillFindsAMissingFunctionAfterWorkOverNull() {
        UsageException refused = assertThrows(UsageException.class, () -> JqProgram.compile("last(range(1e4)) | tostream"));
        assertTrue(refused.getMessage().contains("tostream/0"), refused.getMessage());
    }

    @Test
    void numbersJsonCannotWriteComeOutAsJqPrintsThem() throws Exception {
        assertEquals(List.of("1.7976931348623157e+308", "-1.7976931348623157e+308", "null"), run("infinite, -infinite, nan", USER));
        assertEquals(List.of("[1.7976931348623157e+308,null]"), run("[.e * 1e306, nan]", USER));
        assertEquals(List.of("0E+99999", "{\"z\":0E-99999}"), run(".z, {z: .y}", "{\"z\":0e99999,\"y\":0.0e-99998}"));
    }

    @Test
    void aFilterThatFailsOnAUserSaysWhy() {
        JqProgram.Failure failed = assertThrows(JqProgram.Failure.class, () -> run(".user_id | keys", USER));
        assertTrue(failed.getMessage().contains("keys"), failed.getMessage());
        JqProgram.Failure raised = assertThrows(JqProgram.Failure.class, () -> run("error(\"told\")", USER));
        assertTrue(raised.getMessage().contains("told"), raised.getMessage());
        // jackson-jq says only "N/A" here: the cause's words say which value.
        JqProgram.Failure number = assertThrows(JqProgram.Failure.class, () -> run(".client_user_id | tonumber", USER));
        assertTrue(number.getMessage().contains("For input string"), number.getMessage());
    }

    /** Filters whose meaning jq 1.6 and 1.7 share, so the jq installed here can judge them. */
    private static final List<String> SHARED_FILTERS = List.of(
            ".", ".user_id", ".client_user_id", "[.user_id, .client_user_id]", ".connected_sources",
            ".connected_sources[]?.source.slug", "[.connected_sources[]?.source.slug] | join(\",\")", "keys", "to_entries | length",
            "select(.fallback_time_zone != null) | .fallback_time_zone", ".created_on | split(\"T\") | .[0]",
            "{user_id, client_user_id}", ".client_user_id | length",
            "if .connected_sources == null then \"none\" else (.connected_sources | length) end", "del(.connected_sources)",
            ".client_user_id | test(\"^[a-z]\")", "[.[] | type]", "with_entries(select(.value != null)) | keys",
            ".client_user_id | @json", ".client_user_id | @base64", "[.user_id] | @csv", "[.user_id, .created_on] | @tsv",
            "has(\"team_id\")", ".missing.deeper", "[.[] | scalars] | length");

    /** Each filter over generated users, hostile ones included, agrees with the jq program. */
    @Test
    void agreesWithTheJqProgramOverGeneratedUsers(@TempDir Path folder) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/jq")), "jq is needed to compare with");
        FakeUsers users = new FakeUsers(60);
        StringBuilder ndjson = new StringBuilder();
        for (int i = 0; i < users.size(); i++) {
            ndjson.append(users.json(i)).append('\n');
        }
        Path input = folder.resolve("users.ndjson");
        Files.writeString(input, ndjson);
        for (String filter : SHARED_FILTERS) {
            List<String> ours = new ArrayList<>();
            JqProgram program = JqProgram.compile(filter);
            for (int i = 0; i < users.size(); i++) {
                apply(program, users.json(i), ours::add);
            }
            StringBuilder printed = new StringBuilder();
            ours.forEach(line -> printed.append(line).append('\n'));
            assertEquals(comparable(jq(filter, input)), comparable(printed.toString()), filter);
        }
    }

    /**
     * jq before 1.7 reads every number as a double and writes 0.90 as 0.9; 1.7, whose language
     * the tool speaks, keeps the literal. With an older jq here, numbers are compared by value.
     */
    private static String comparable(String output) {
        if (JQ_KEEPS_LITERALS) {
            return output;
        }
        StringBuilder lines = new StringBuilder();
        for (String line : output.split("\n", -1)) {
            String shown = line;
            try {
                shown = DOUBLES.writeValueAsString(asDoubles(DOUBLES.readTree(line)));
            } catch (java.io.IOException notJson) {
                // a raw string's line
            }
            lines.append(shown).append('\n');
        }
        return lines.toString();
    }

    private static com.fasterxml.jackson.databind.JsonNode asDoubles(com.fasterxml.jackson.databind.JsonNode node) {
        if (node.isNumber()) {
            return com.fasterxml.jackson.databind.node.DoubleNode.valueOf(node.doubleValue());
        }
        if (node.isObject()) {
            com.fasterxml.jackson.databind.node.ObjectNode object = (com.fasterxml.jackson.databind.node.ObjectNode) node;
            object.fieldNames().forEachRemaining(name -> object.set(name, asDoubles(object.get(name))));
        } else if (node.isArray()) {
            com.fasterxml.jackson.databind.node.ArrayNode array = (com.fasterxml.jackson.databind.node.ArrayNode) node;
            for (int i = 0; i < array.size(); i++) {
                array.set(i, asDoubles(array.get(i)));
            }
        }
        return node;
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper DOUBLES = new com.fasterxml.jackson.databind.ObjectMapper();
    private static final boolean JQ_KEEPS_LITERALS = jqVersionAtLeast17();

    private static boolean jqVersionAtLeast17() {
        try {
            Process process = new ProcessBuilder("/usr/bin/jq", "--version").redirectErrorStream(true).start();
            String version = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            process.waitFor(30, TimeUnit.SECONDS);
            java.util.regex.Matcher number = java.util.regex.Pattern.compile("jq-(\\d+)\\.(\\d+)").matcher(version);
            return number.find() && (Integer.parseInt(number.group(1)) > 1 || Integer.parseInt(number.group(2)) >= 7);
        } catch (IOException | InterruptedException | RuntimeException e) {
            return false;
        }
    }

    private static String jq(String filter, Path input) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("/usr/bin/jq", "-c", "-r", filter, input.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "jq did not finish: " + filter);
        assertEquals(0, process.exitValue(), "jq refused " + filter);
        return new String(out, StandardCharsets.UTF_8);
    }
}
