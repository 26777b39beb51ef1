package dev.userlookup.bench;

import dev.userlookup.fake.FakeService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code list --all -o ndjson} through {@code target/userlookup} against the fake with 50 ms a
 * request, for 10,000, 50,000 and 100,000 users: wall time against the sequential floor (pages x
 * latency) and against a plain sequential curl + jq loop, and peak RSS. Run with
 * {@code mvn -q -Pbench -DskipTests package} (see README, Performance).
 */
public final class WalkBenchmark {

    static final int LATENCY_MS = 50;
    static final int PAGE = 500;

    public static void main(String[] args) throws Exception {
        Path launcher = Path.of(args.length > 0 ? args[0] : "target/userlookup");
        int runs = Integer.getInteger("bench.runs", 3);
        int[] sizes = {10_000, 50_000, 100_000};
        boolean shellTools = onPath("curl") && onPath("jq");
        System.out.printf(Locale.ROOT, "list --all -o ndjson, fake service with %d ms a request, pages of %d, median of %d runs%n%n",
                LATENCY_MS, PAGE, runs);
        System.out.println("| users | pages | sequential floor | userlookup | x floor | curl + jq loop | peak RSS |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|");
        long rss10k = 0;
        long rss100k = 0;
        for (int users : sizes) {
            try (FakeService fake = FakeService.builder().users(users).latencyMillis(LATENCY_MS).start()) {
                Map<String, String> env = Map.of("USERLOOKUP_BASE_URL", fake.baseUrl(), "USERLOOKUP_API_KEY", fake.apiKey());
                List<Measured> tool = new ArrayList<>();
                for (int i = 0; i < runs; i++) {
                    Measured run = Measured.run(List.of(launcher.toString(), "list", "--all", "-o", "ndjson"), env);
                    if (run.exit() != 0) {
                        throw new IllegalStateException("userlookup exited " + run.exit());
                    }
                    tool.add(run);
                }
                Measured median = median(tool);
                long peak = tool.stream().mapToLong(Measured::peakRssKb).max().orElse(0);
                String loop = "n/a (needs curl and jq)";
                if (shellTools) {
                    Measured curl = Measured.run(List.of("bash", "-c", CURL_JQ_LOOP), Map.of("BASE", fake.baseUrl(), "KEY", fake.apiKey()));
                    loop = seconds(curl.millis());
                }
                int pages = (users + PAGE - 1) / PAGE;
                long floor = (long) pages * LATENCY_MS;
                System.out.printf(Locale.ROOT, "| %,d | %d | %s | %s | %.2f | %s | %,d MB |%n",
                        users, pages, seconds(floor), seconds(median.millis()), median.millis() / (double) floor, loop, peak / 1024);
                if (users == 10_000) {
                    rss10k = peak;
                }
                if (users == 100_000) {
                    rss100k = peak;
                }
            }
        }
        System.out.printf(Locale.ROOT, "%npeak RSS at 100k / at 10k: %.2f%n", rss100k / (double) rss10k);
    }

    /** What a user would write instead: one page at a time, until a short or empty page. */
    static final String CURL_JQ_LOOP = "o=0; while :; do "
            + "page=$(curl -sf -H \"x-service-api-key: $KEY\" \"$BASE/v2/user/?offset=$o&limit=" + PAGE + "\") || exit 1; "
            + "n=$(jq '.users | length' <<<\"$page\"); jq -c '.users[]' <<<\"$page\"; "
            + "[ \"$n\" -lt " + PAGE + " ] && break; o=$((o + " + PAGE + ")); done";

    static Measured median(List<Measured> runs) {
        List<Measured> sorted = new ArrayList<>(runs);
        sorted.sort(Comparator.comparingLong(Measured::millis));
        return sorted.get(sorted.size() / 2);
    }

    static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.2f s", millis / 1000.0);
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
