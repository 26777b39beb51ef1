package dev.userlookup.bench;

import static dev.userlookup.bench.WalkBenchmark.median;
import static dev.userlookup.bench.WalkBenchmark.seconds;

import dev.userlookup.fake.FakeService;
import dev.userlookup.fake.RateLimit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * {@code list --all}, a batch {@code resolve} and {@code find --no-cache} through
 * {@code target/userlookup}, with the default settings, against the fake behind a rate limit as
 * nginx's {@code limit_req} applies it ({@link RateLimit}: 2 requests a second, a 503 HTML page
 * past it and no Retry-After), with no burst and with {@code burst=5 nodelay}. Each command needs
 * 40 answers (20,000 users in pages of 500; 40 ids; the last user of the 20,000), so the limit's
 * own time is 20 s. The targets: done within 1.5x that (30 s), at most a quarter of the
 * requests refused. The limit counts the requests where the service sees them.
 *
 * <p>Run with {@code mvn -q -Pbench -DskipTests verify -Dbench.only=ratelimit};
 * {@code -Dbench.runs=N} sets the runs (medians).
 */
public final class RateLimitBenchmark {

    static final double PER_SECOND = 2;
    static final int USERS = 20_000;
    static final int IDS = 40;
    /** The network's round trip, refusals included. */
    static final int LATENCY_MS = 20;

    public static void main(String[] args) throws Exception {
        if (!Benchmarks.selected("ratelimit")) {
            return;
        }
        Path launcher = Path.of(args.length > 0 ? args[0] : "target/userlookup");
        int runs = Integer.getInteger("bench.runs", 1);
        Path output = Files.createTempFile("ratelimit", ".out");
        Path home = Files.createTempDirectory("ratelimit-home");
        try {
            System.out.printf(Locale.ROOT, "%nbehind nginx-style limit_req at %.0f requests/s (503 HTML page, no Retry-After), fake service"
                    + " with %d ms a request, default settings, median of %d runs%n%n", PER_SECOND, LATENCY_MS, runs);
            System.out.println("| command | burst | answers needed | limit's own time | userlookup | x limit | requests | refused | exit | users printed |");
            System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            for (int burst : new int[] {0, 5}) {
                RateLimit limit = RateLimit.nginx(PER_SECOND, burst, System::nanoTime);
                try (FakeService fake = FakeService.builder().users(USERS).latencyMillis(LATENCY_MS).cachePages().rateLimit(limit).start()) {
                    Map<String, String> env = Map.of("USERLOOKUP_BASE_URL", fake.baseUrl(), "USERLOOKUP_API_KEY", fake.apiKey(),
                            "XDG_CACHE_HOME", home.resolve("cache").toString(), "XDG_CONFIG_HOME", home.resolve("config").toString());
                    List<String> ids = IntStream.range(0, IDS).map(i -> (i + 1) * (USERS / IDS) - 1)
                            .mapToObj(i -> fake.users().clientUserId(i)).toList();
                    String lastUser = fake.users().userId(USERS - 1);
                    row("list --all", burst, (USERS + 499) / 500, command(launcher, List.of("list", "--all")), env, limit, runs, output);
                    row("resolve (" + IDS + " ids)", burst, IDS, command(launcher, concat(List.of("resolve"), ids)), env, limit, runs, output);
                    row("find --no-cache (the last user)", burst, (USERS + 499) / 500,
                            command(launcher, List.of("find", "--no-cache", lastUser)), env, limit, runs, output);
                }
            }
        } finally {
            Files.deleteIfExists(output);
            try (Stream<Path> files = Files.walk(home)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    private static void row(String name, int burst, int answers, List<String> command, Map<String, String> env, RateLimit limit,
            int runs, Path output) throws Exception {
        List<Measured> measured = new ArrayList<>();
        List<long[]> counts = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            limit.reset();
            Measured run = Measured.run(command, env, output);
            measured.add(run);
            counts.add(new long[] {limit.passed(), limit.refused(), lines(output)});
        }
        Measured median = median(measured, Measured::millis);
        long[] count = counts.get(measured.indexOf(median));
        long requests = count[0] + count[1];
        double own = answers / PER_SECOND;
        System.out.printf(Locale.ROOT, "| %s | %d | %d | %s | %s | %.2f | %d | %d (%.0f%%) | %d | %,d |%n", name, burst, answers,
                seconds((long) (own * 1000)), seconds(median.millis()), median.millis() / 1000.0 / own, requests, count[1],
                100.0 * count[1] / Math.max(1, requests), median.exit(), count[2]);
    }

    private static List<String> command(Path launcher, List<String> args) {
        return concat(concat(List.of(launcher.toString()), args), List.of("-o", "ndjson"));
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static long lines(Path output) throws java.io.IOException {
        try (Stream<String> lines = Files.lines(output)) {
            return lines.count();
        }
    }

    private RateLimitBenchmark() {
    }
}
