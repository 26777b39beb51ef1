package dev.userlookup.bench;

import static dev.userlookup.bench.WalkBenchmark.median;
import static dev.userlookup.bench.WalkBenchmark.seconds;

import dev.userlookup.fake.FakeService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code find} through {@code target/userlookup} against the fake with 50 ms a request and 50,000
 * users: a user in the middle of the list found by walking ({@code --no-cache}) against the full
 * walk ({@code list --all}), and the same user found from the index (one resolve to confirm the
 * hit) against {@code resolve} of its client_user_id. Runs alternate; medians. The issue's
 * targets: at most 0.7x the full walk, and at most 1.5x resolve.
 *
 * <p>Run with {@code mvn -q -Pbench -DskipTests verify -Dbench.only=find} (see
 * src/site/markdown/performance.md); {@code -Dbench.runs=N} sets the runs.
 */
public final class FindBenchmark {

    static final int USERS = 50_000;

    public static void main(String[] args) throws Exception {
        if (!Benchmarks.selected("find")) {
            return;
        }
        Path launcher = Path.of(args.length > 0 ? args[0] : "target/userlookup");
        int runs = Integer.getInteger("bench.runs", 5);
        Path output = Files.createTempFile("find", ".out");
        Path cache = Files.createTempDirectory("find-cache");
        try (FakeService fake = FakeService.builder().users(USERS).latencyMillis(WalkBenchmark.LATENCY_MS).cachePages().start()) {
            int middle = USERS / 2;
            String userId = fake.users().userId(middle);
            String clientUserId = fake.users().clientUserId(middle);
            Map<String, String> env = Map.of("USERLOOKUP_BASE_URL", fake.baseUrl(), "USERLOOKUP_API_KEY", fake.apiKey(),
                    "XDG_CACHE_HOME", cache.toString());
            List<String> walkAll = List.of(launcher.toString(), "list", "--all", "-o", "ndjson");
            List<String> findWalking = List.of(launcher.toString(), "find", userId, "--no-cache", "-o", "ndjson");
            List<String> findIndexed = List.of(launcher.toString(), "find", userId, "-o", "ndjson");
            List<String> resolve = List.of(launcher.toString(), "resolve", clientUserId, "-o", "ndjson");

            run(walkAll, env, output); // builds the fake's pages; not measured
            List<Measured> all = new ArrayList<>();
            List<Measured> walking = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                all.add(run(walkAll, env, output));
                walking.add(run(findWalking, env, output));
            }
            run(findIndexed, env, output); // the walk that fills the index
            List<Measured> indexed = new ArrayList<>();
            List<Measured> resolved = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                indexed.add(run(findIndexed, env, output));
                resolved.add(run(resolve, env, output));
            }
            long allMs = median(all, Measured::millis).millis();
            long walkingMs = median(walking, Measured::millis).millis();
            long indexedMs = median(indexed, Measured::millis).millis();
            long resolveMs = median(resolved, Measured::millis).millis();
            System.out.printf(Locale.ROOT, "%nfind, fake service with %d ms a request, %,d users, the user at %,d, median of %d alternating runs%n%n",
                    WalkBenchmark.LATENCY_MS, USERS, middle, runs);
            System.out.println("| run | wall | against | ratio |");
            System.out.println("|---|---:|---|---:|");
            System.out.printf(Locale.ROOT, "| find, walking (`--no-cache`) | %s | `list --all`, %s | %.2fx |%n",
                    seconds(walkingMs), seconds(allMs), walkingMs / (double) allMs);
            System.out.printf(Locale.ROOT, "| find, from the index | %s | `resolve`, %s | %.2fx |%n",
                    seconds(indexedMs), seconds(resolveMs), indexedMs / (double) resolveMs);
            System.out.printf(Locale.ROOT, "%nindex for %,d users: %,d bytes%n", USERS, indexBytes(cache));
        } finally {
            Files.deleteIfExists(output);
            try (Stream<Path> files = Files.walk(cache)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    private static long indexBytes(Path cache) throws java.io.IOException {
        try (Stream<Path> files = Files.walk(cache)) {
            return files.filter(Files::isRegularFile).filter(path -> path.toString().contains("index"))
                    .mapToLong(path -> path.toFile().length()).sum();
        }
    }

    private static Measured run(List<String> command, Map<String, String> env, Path output) throws Exception {
        Measured run = Measured.run(command, env, output);
        if (run.exit() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " exited " + run.exit());
        }
        return run;
    }

    private FindBenchmark() {
    }
}
