package dev.userlookup.bench;

import dev.userlookup.fake.FakeService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code --jq} costs a walk: {@code list --all -o ndjson} against
 * {@code list --all --jq .user_id} (and {@code --fields user_id,sources -o ndjson}) over the same
 * fake team, alternating, into a file: CPU time (user + sys), wall time and peak RSS, medians.
 * The bound: the filter at most 1.5x the CPU of ndjson.
 *
 * <p>{@code mvn -q exec:java -Dexec.mainClass=dev.userlookup.bench.JqWalkBenchmark
 * -Dexec.classpathScope=test -Dexec.args=target/userlookup} after a package;
 * {@code -Dbench.users=N} (default 50,000), {@code -Dbench.runs=N} (default 5).
 */
public final class JqWalkBenchmark {

    private static final Map<String, List<String>> RUNS = Map.of(
            "-o ndjson", List.of("-o", "ndjson"),
            "--jq .user_id", List.of("--jq", ".user_id"),
            "--fields user_id,sources -o ndjson", List.of("--fields", "user_id,sources", "-o", "ndjson"));
    private static final List<String> ORDER = List.of("-o ndjson", "--jq .user_id", "--fields user_id,sources -o ndjson");

    public static void main(String[] args) throws Exception {
        Path launcher = Path.of(args.length > 0 ? args[0] : "target/userlookup");
        int users = Integer.getInteger("bench.users", 50_000);
        int runs = Integer.getInteger("bench.runs", 5);
        Path output = Files.createTempFile("jqwalk", ".out");
        try (FakeService fake = FakeService.builder().users(users).latencyMillis(WalkBenchmark.LATENCY_MS).cachePages().start()) {
            Map<String, String> env = Map.of("USERLOOKUP_BASE_URL", fake.baseUrl(), "USERLOOKUP_API_KEY", fake.apiKey());
            walk(launcher, RUNS.get("-o ndjson"), env, output); // builds the pages; not measured
            Map<String, List<Measured>> measured = new java.util.HashMap<>();
            for (int i = 0; i < runs; i++) {
                for (String name : ORDER) {
                    measured.computeIfAbsent(name, n -> new ArrayList<>()).add(walk(launcher, RUNS.get(name), env, output));
                }
            }
            System.out.printf(Locale.ROOT, "%nlist --all, %,d users, fake with %d ms a request, %d alternating runs, medians%n%n",
                    users, WalkBenchmark.LATENCY_MS, runs);
            System.out.println("| run | output | wall | CPU user+sys | CPU / ndjson's | peak RSS |");
            System.out.println("|---|---:|---:|---:|---:|---:|");
            double base = WalkBenchmark.median(measured.get("-o ndjson"), Measured::cpuSeconds).cpuSeconds();
            for (String name : ORDER) {
                List<Measured> tool = measured.get(name);
                double cpu = WalkBenchmark.median(tool, Measured::cpuSeconds).cpuSeconds();
                System.out.printf(Locale.ROOT, "| `%s` | %,d KB | %s | %s | %.2fx | %,d MB |%n", name, tool.get(0).stdoutBytes() >> 10,
                        WalkBenchmark.seconds(WalkBenchmark.median(tool, Measured::millis).millis()), WalkBenchmark.cpuSeconds(cpu),
                        cpu / base, tool.stream().mapToLong(Measured::peakRssKb).max().orElse(0) / 1024);
            }
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private static Measured walk(Path launcher, List<String> options, Map<String, String> env, Path output) throws Exception {
        List<String> command = new ArrayList<>(List.of(launcher.toString(), "list", "--all"));
        command.addAll(options);
        Measured run = Measured.run(command, env, output);
        if (run.exit() != 0) {
            throw new IllegalStateException("userlookup exited " + run.exit());
        }
        return run;
    }
}
