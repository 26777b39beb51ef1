package dev.userlookup.bench;

import dev.userlookup.fake.FakeService;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Two or more builds of the tool, whole commands side by side: what a piece of the tool buys a
 * user, measured as the build with it against the build without it. Each case runs every
 * launcher in turn, round after round, so that the machine's load falls on all alike; medians
 * of wall time and CPU (user + sys, GNU time), the largest peak RSS, and the load average before
 * and after each case. Cases: {@code list --all -o FORMAT} of the fake's team into a file, and
 * {@code resolve} of one user as JSON and as a card (start-up).
 *
 * <p>Arguments: the launchers, each beside its jar (copies of {@code target/} from each build;
 * each makes its class archive in a cache folder of this run's own on its first run, which is
 * not measured). {@code -Dbench.users=N} (default 100,000), {@code -Dbench.runs=N} (default 5),
 * {@code -Dbench.resolveRuns=N} (default 15), {@code -Dbench.formats=ndjson,json} (default
 * ndjson, json, table, csv), {@code -Dbench.latency=MS} a request (default 0: the command's own
 * cost, which latency would only hide).
 */
public final class CommandAbBenchmark {

    public static void main(String[] args) throws Exception {
        List<Path> launchers = new ArrayList<>();
        for (String arg : args) {
            launchers.add(Path.of(arg));
        }
        int users = Integer.getInteger("bench.users", 100_000);
        int runs = Integer.getInteger("bench.runs", 5);
        int resolveRuns = Integer.getInteger("bench.resolveRuns", 15);
        List<String> formats = List.of(System.getProperty("bench.formats", "ndjson,json,table,csv").split(","));
        Path cache = Files.createTempDirectory("ab-cache");
        Path output = Files.createTempFile("ab", ".out");
        try (FakeService fake = FakeService.builder().users(users).latencyMillis(Integer.getInteger("bench.latency", 0))
                .cachePages().start()) {
            Map<String, String> env = Map.of("USERLOOKUP_BASE_URL", fake.baseUrl(), "USERLOOKUP_API_KEY", fake.apiKey(),
                    "XDG_CACHE_HOME", cache.toString());
            // Builds the fake's pages and each launcher's class archive; not measured.
            for (Path launcher : launchers) {
                run(List.of(launcher.toString(), "list", "--all", "-o", "ndjson"), env, output);
            }
            System.out.printf(Locale.ROOT, "%,d users, %d alternating rounds, medians: wall / CPU user+sys / peak RSS%n%n", users, runs);
            StringBuilder header = new StringBuilder("| command | load before, after |");
            launchers.forEach(launcher -> header.append(' ').append(launcher.getParent()).append(" |"));
            System.out.println(header);
            System.out.println("|---|---|" + "---:|".repeat(launchers.size()));
            for (String format : formats) {
                compare("list --all -o " + format + " > file", launchers, List.of("list", "--all", "-o", format), env, output, runs);
            }
            String id = fake.users().clientUserId(42);
            for (String format : List.of("json", "table")) {
                compare("resolve ID -o " + format, launchers, List.of("resolve", id, "-o", format), env, output, resolveRuns);
            }
        } finally {
            Files.deleteIfExists(output);
            try (var walk = Files.walk(cache)) {
                walk.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    private static void compare(String name, List<Path> launchers, List<String> arguments, Map<String, String> env, Path output,
            int runs) throws Exception {
        String before = load();
        List<List<Measured>> measured = new ArrayList<>();
        launchers.forEach(launcher -> measured.add(new ArrayList<>()));
        for (int round = 0; round < runs; round++) {
            for (int which = 0; which < launchers.size(); which++) {
                List<String> command = new ArrayList<>(List.of(launchers.get(which).toString()));
                command.addAll(arguments);
                measured.get(which).add(run(command, env, output));
            }
        }
        StringBuilder row = new StringBuilder("| `" + name + "` | " + before + ", " + load() + " |");
        for (List<Measured> each : measured) {
            row.append(String.format(Locale.ROOT, " %d ms / %d ms / %d MB |", WalkBenchmark.median(each, Measured::millis).millis(),
                    Math.round(WalkBenchmark.median(each, Measured::cpuSeconds).cpuSeconds() * 1000),
                    each.stream().mapToLong(Measured::peakRssKb).max().orElse(0) / 1024));
        }
        System.out.println(row);
    }

    private static Measured run(List<String> command, Map<String, String> env, Path output) throws Exception {
        Measured run = Measured.run(command, env, output);
        if (run.exit() != 0) {
            throw new IllegalStateException(command + " exited " + run.exit());
        }
        return run;
    }

    /** The one-minute load average, as uptime says it. */
    private static String load() throws IOException {
        return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
    }

    private CommandAbBenchmark() {
    }
}
