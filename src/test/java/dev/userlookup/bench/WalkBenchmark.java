package dev.userlookup.bench;

import dev.userlookup.fake.FakeService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * {@code list --all -o ndjson} through {@code target/userlookup} against the fake with 50 ms a
 * request, for 10,000, 50,000 and 100,000 users: wall time against the sequential floor (pages x
 * latency) and against a plain sequential curl + jq loop, the tool's CPU time (user + sys)
 * against {@code jq -c .}'s to parse and print the same users (the ndjson the tool wrote, from a
 * file), and peak RSS. Then the CPU time of {@code list --all} in each output format, per 100,000
 * users.
 *
 * <p>The fake runs on the same cores as the tool, where a real service builds its pages on its
 * own machine: so it serves each page from memory once built ({@code cachePages}), and one
 * walk before the measured ones builds them (and warms the fake's JIT). One more row shows
 * 50,000 users with the fake building and compressing every page as it is asked for (about
 * 17 ms of CPU a page on this 2-core machine), for comparison.
 *
 * <p>Run with {@code mvn -q -Pbench -DskipTests verify} (see src/site/markdown/performance.md);
 * {@code -Dbench.only=walk} skips the start-up benchmark, {@code -Dbench.runs=N} sets the runs
 * (medians), {@code -Dbench.formatUsers=N} the team size of the per-format runs.
 */
public final class WalkBenchmark {

    static final int LATENCY_MS = 50;
    static final int PAGE = 500;
    private static final List<String> FORMATS = List.of("ndjson", "json", "csv", "table");

    public static void main(String[] args) throws Exception {
        if (!Benchmarks.selected("walk")) {
            return;
        }
        Path launcher = Path.of(args.length > 0 ? args[0] : "target/userlookup");
        int runs = Integer.getInteger("bench.runs", 3);
        int formatUsers = Integer.getInteger("bench.formatUsers", 100_000);
        int[] sizes = {10_000, 50_000, 100_000};
        boolean shellTools = onPath("curl") && onPath("jq");
        boolean cpu = Measured.cpuKnown();
        Path output = Files.createTempFile("walk", ".out");
        try {
            System.out.printf(Locale.ROOT, "%nlist --all -o ndjson, fake service with %d ms a request, pages of %d, median of %d runs%s%n%n",
                    LATENCY_MS, PAGE, runs, cpu ? "" : " (no /usr/bin/time: CPU times unknown)");
            System.out.println("| users | pages | sequential floor | userlookup | x floor | CPU user+sys | jq -c . CPU | curl + jq loop | peak RSS |");
            System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            long rss10k = 0;
            long rss100k = 0;
            for (int users : sizes) {
                try (FakeService fake = FakeService.builder().users(users).latencyMillis(LATENCY_MS).cachePages().start()) {
                    Map<String, String> env = env(fake);
                    walk(launcher, "ndjson", env, output); // builds the pages; not measured
                    List<Measured> tool = new ArrayList<>();
                    for (int i = 0; i < runs; i++) {
                        tool.add(walk(launcher, "ndjson", env, output));
                    }
                    // jq reads what the last run wrote: the same users, one a line.
                    String jq = "-";
                    if (cpu && onPath("jq")) {
                        List<Measured> jqRuns = new ArrayList<>();
                        for (int i = 0; i < runs; i++) {
                            jqRuns.add(Measured.run(List.of("jq", "-c", ".", output.toString()), Map.of()));
                        }
                        jq = cpuSeconds(median(jqRuns, Measured::cpuSeconds).cpuSeconds());
                    }
                    Measured median = median(tool, Measured::millis);
                    long peak = tool.stream().mapToLong(Measured::peakRssKb).max().orElse(0);
                    String loop = "n/a (needs curl and jq)";
                    if (shellTools) {
                        Measured curl = Measured.run(List.of("bash", "-c", CURL_JQ_LOOP), Map.of("BASE", fake.baseUrl(), "KEY", fake.apiKey()));
                        loop = seconds(curl.millis());
                    }
                    int pages = (users + PAGE - 1) / PAGE;
                    long floor = (long) pages * LATENCY_MS;
                    System.out.printf(Locale.ROOT, "| %,d | %d | %s | %s | %.2f | %s | %s | %s | %,d MB |%n",
                            users, pages, seconds(floor), seconds(median.millis()), median.millis() / (double) floor,
                            cpu ? cpuSeconds(median(tool, Measured::cpuSeconds).cpuSeconds()) : "-", jq, loop, peak / 1024);
                    if (users == 10_000) {
                        rss10k = peak;
                    }
                    if (users == 100_000) {
                        rss100k = peak;
                    }
                }
            }
            builtPerRequest(launcher, runs, output);
            System.out.printf(Locale.ROOT, "%npeak RSS at 100k / at 10k: %.2f%n", rss100k / (double) rss10k);
            if (cpu) {
                formats(launcher, runs, formatUsers, output);
            }
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /** The 50,000 row again with the fake building and compressing each page as it is asked for. */
    private static void builtPerRequest(Path launcher, int runs, Path output) throws Exception {
        int users = 50_000;
        try (FakeService fake = FakeService.builder().users(users).latencyMillis(LATENCY_MS).start()) {
            Map<String, String> env = env(fake);
            walk(launcher, "ndjson", env, output); // warms the fake's JIT; not measured
            List<Measured> tool = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                tool.add(walk(launcher, "ndjson", env, output));
            }
            long floor = (long) ((users + PAGE - 1) / PAGE) * LATENCY_MS;
            Measured median = median(tool, Measured::millis);
            System.out.printf(Locale.ROOT, "| %,d, pages built per request | %d | %s | %s | %.2f | %s | | | %,d MB |%n",
                    users, (users + PAGE - 1) / PAGE, seconds(floor), seconds(median.millis()), median.millis() / (double) floor,
                    Measured.cpuKnown() ? cpuSeconds(median(tool, Measured::cpuSeconds).cpuSeconds()) : "-",
                    tool.stream().mapToLong(Measured::peakRssKb).max().orElse(0) / 1024);
        }
    }

    /** CPU time of the walk in each output format, into a file, scaled to 100,000 users. */
    private static void formats(Path launcher, int runs, int users, Path output) throws Exception {
        System.out.printf(Locale.ROOT, "%nlist --all -o FORMAT > file, %,d users, same service, median of %d runs%n%n", users, runs);
        System.out.println("| format | output | wall | CPU user+sys | CPU per 100,000 users | peak RSS |");
        System.out.println("|---|---:|---:|---:|---:|---:|");
        try (FakeService fake = FakeService.builder().users(users).latencyMillis(LATENCY_MS).cachePages().start()) {
            Map<String, String> env = env(fake);
            walk(launcher, "ndjson", env, output); // builds the pages; not measured
            for (String format : FORMATS) {
                List<Measured> tool = new ArrayList<>();
                for (int i = 0; i < runs; i++) {
                    tool.add(walk(launcher, format, env, output));
                }
                double cpu = median(tool, Measured::cpuSeconds).cpuSeconds();
                System.out.printf(Locale.ROOT, "| %s | %,d MB | %s | %s | %s | %,d MB |%n", format, tool.get(0).stdoutBytes() >> 20,
                        seconds(median(tool, Measured::millis).millis()), cpuSeconds(cpu), cpuSeconds(cpu * 100_000 / users),
                        tool.stream().mapToLong(Measured::peakRssKb).max().orElse(0) / 1024);
            }
        }
    }

    private static Measured walk(Path launcher, String format, Map<String, String> env, Path output) throws Exception {
        Measured run = Measured.run(List.of(launcher.toString(), "list", "--all", "-o", format), env, output);
        if (run.exit() != 0) {
            throw new IllegalStateException("userlookup exited " + run.exit());
        }
        return run;
    }

    private static Map<String, String> env(FakeService fake) {
        return Map.of("USERLOOKUP_BASE_URL", fake.baseUrl(), "USERLOOKUP_API_KEY", fake.apiKey());
    }

    /** What a user would write instead: one page at a time, until a short or empty page. */
    static final String CURL_JQ_LOOP = "o=0; while :; do "
            + "page=$(curl -sf -H \"x-service-api-key: $KEY\" \"$BASE/v2/user/?offset=$o&limit=" + PAGE + "\") || exit 1; "
            + "n=$(jq '.users | length' <<<\"$page\"); jq -c '.users[]' <<<\"$page\"; "
            + "[ \"$n\" -lt " + PAGE + " ] && break; o=$((o + " + PAGE + ")); done";

    /** The run in the middle by {@code key}: each column's median is taken on its own. */
    static Measured median(List<Measured> runs, ToDoubleFunction<Measured> key) {
        List<Measured> sorted = new ArrayList<>(runs);
        sorted.sort(Comparator.comparingDouble(key));
        return sorted.get(sorted.size() / 2);
    }

    static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.2f s", millis / 1000.0);
    }

    static String cpuSeconds(double seconds) {
        return String.format(Locale.ROOT, "%.2f s", seconds);
    }

    static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    private WalkBenchmark() {
    }
}
