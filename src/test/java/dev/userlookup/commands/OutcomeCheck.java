package dev.userlookup.commands;

import com.fasterxml.jackson.databind.JsonNode;
import dev.userlookup.commands.FuzzCase.Command;
import dev.userlookup.commands.ResponseOracle.Judgement;
import dev.userlookup.commands.ResponseOracle.Verdict;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What one case's run must show. Always: exit 0 or 5 in time, no stack trace, never the key;
 * after exit 5 exactly one {@code userlookup: ...} line naming the operation (and, except for
 * {@code --all}, nothing on stdout); after exit 0 nothing on stderr (but {@code --all}'s one
 * warning line) and output of the format asked for. Then what the oracle says: no exit 0 for an
 * INVALID body, no exit 5 for a VALID one, and lossless JSON output where it can be required.
 */
final class OutcomeCheck {

    /** A stack trace, or Java, Jackson or picocli names, which one error line for people must not show. */
    static final Pattern TRACE = Pattern.compile(
            "\tat |\\bat [\\w$.]+\\(|Exception|Error:|java\\.|javax\\.|jdk\\.|sun\\.|com\\.fasterxml|picocli\\.|dev\\.userlookup");

    private static final String CSV_HEADER =
            "user_id,team_id,client_user_id,created_on,sources,time_zone,birth_date,ingestion_start,ingestion_end\r\n";

    /**
     * How a run ended: with a result, by throwing ({@code thrown} the exception and its first
     * frames), or not within the time bound ({@code hung}).
     */
    record Outcome(Cli.Result result, String thrown, boolean hung, long millis) {
    }

    private OutcomeCheck() {
    }

    /** @return what is wrong with how case {@code c} ended; empty when nothing is */
    static List<String> problems(FuzzCase c, Judgement judgement, Outcome outcome) {
        List<String> problems = new ArrayList<>();
        if (outcome.hung()) {
            problems.add("did not end within " + ResponseFuzzTest.CASE_BOUND_SECONDS + " s");
            return problems;
        }
        if (outcome.result() == null) {
            problems.add("App.run threw: " + outcome.thrown());
            return problems;
        }
        Cli.Result result = outcome.result();
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
            String operation = c.command() == Command.RESOLVE ? "userlookup: resolve \"x\": " : "userlookup: list";
            if (!err.startsWith(operation)) {
                problems.add("the error line does not start with '" + operation + "'");
            }
            if (c.command() != Command.LIST_ALL && result.outBytes().length > 0) {
                problems.add("exit 5 after writing " + result.outBytes().length + " bytes to stdout");
            }
        }
        if (exit == 0) {
            boolean warning = c.command() == Command.LIST_ALL && err.startsWith("userlookup: warning: ")
                    && err.indexOf('\n') == err.length() - 1;
            if (!err.isEmpty() && !warning) {
                problems.add("exit 0 with something on stderr");
            }
            problems.addAll(outputProblems(c, judgement, result));
        }
        if (judgement.verdict() == Verdict.INVALID && exit == 0) {
            problems.add("exit 0 for a body that is not the JSON expected (" + judgement.why() + ")");
        }
        if (judgement.verdict() == Verdict.VALID && exit == 5) {
            problems.add("exit 5 for a body that is the JSON expected");
        }
        return problems;
    }

    private static List<String> outputProblems(FuzzCase c, Judgement judgement, Cli.Result result) {
        List<String> problems = new ArrayList<>();
        String out = result.out();
        JsonNode tree = judgement.lossless() ? judgement.tree() : null;
        if (out.isEmpty()) {
            // An empty page may print nothing: ndjson has no lines then, nor a table into a pipe.
            JsonNode seen = leniently(c);
            boolean noUsers = seen != null && seen.path("users").isArray() && seen.path("users").isEmpty();
            boolean allowed = noUsers && (c.format().equals("ndjson") || (c.format().equals("table") && !c.terminal()))
                    && c.command() != Command.LIST_COUNT;
            if (!allowed) {
                problems.add("exit 0 with nothing on stdout");
            }
            return problems;
        }
        if (c.command() == Command.LIST_COUNT) {
            if (!out.matches("-?[0-9]+\n")) {
                problems.add("--count printed something other than a number");
            } else if (tree != null && !new BigInteger(out.trim()).equals(tree.path("total").bigIntegerValue())) {
                problems.add("--count printed " + out.trim() + ", the body says " + tree.path("total"));
            }
            return problems;
        }
        switch (c.format()) {
            case "json" -> {
                JsonNode printed;
                try {
                    printed = FuzzJson.MAPPER.readTree(result.outBytes());
                } catch (IOException e) {
                    problems.add("-o json printed something that is not JSON: " + e.getMessage().lines().findFirst().orElse(""));
                    return problems;
                }
                if (c.command() == Command.LIST_ALL) {
                    if (!printed.path("users").isArray()) {
                        problems.add("--all -o json printed no users array");
                    }
                } else if (tree != null && !printed.equals(tree)) {
                    problems.add("-o json is not lossless: printed " + FuzzCase.excerpt(result.outBytes(), 200));
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
                        lines.add(FuzzJson.MAPPER.readTree(line));
                    } catch (IOException e) {
                        problems.add("-o ndjson printed a line that is not JSON: " + e.getMessage().lines().findFirst().orElse(""));
                        return problems;
                    }
                }
                if (tree != null && c.command() != Command.LIST_ALL) {
                    List<JsonNode> expected = new ArrayList<>();
                    if (c.command() == Command.RESOLVE) {
                        expected.add(tree);
                    } else {
                        tree.get("users").forEach(expected::add);
                    }
                    if (!lines.equals(expected)) {
                        problems.add("-o ndjson is not lossless: printed " + FuzzCase.excerpt(result.outBytes(), 200));
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
    private static JsonNode leniently(FuzzCase c) {
        try {
            return FuzzJson.LENIENT.readTree(c.decodedWire());
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
