package dev.userlookup.bench;

import dev.userlookup.fake.FakeService;
import dev.userlookup.fake.GzipBombService;
import dev.userlookup.fake.RateLimit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

/**
 * One whole command run by several builds in turn, for a piece of code against the simpler way
 * of doing the same: each build's {@code target/userlookup}, {@code userlookup.jar} and
 * {@code userlookup.classlist} copied into a folder of its own, its launcher named here. Two
 * warm-up rounds (each build dumps its class archive into a cache folder of the benchmark's),
 * then rounds in which every build runs once, in turn; medians of wall time, CPU time (user +
 * sys, GNU time) and peak RSS, the largest peak too, the exit statuses, the last line on
 * standard error, whether standard output was the same bytes in every run of every build, and
 * the load average before and after (the machine is shared: CPU time and peak RSS tell builds
 * apart better than wall time).
 *
 * <p>{@code java -cp target/test-classes:target/classes:DEPS dev.userlookup.bench.AbBenchmark
 * SCENARIO LAUNCHER...}; {@code -Dbench.runs=N} (default 5), {@code -Dbench.users=N}. Scenarios:
 * <ul>
 * <li>{@code walk}: {@code list --all -o ndjson}, 100,000 users at 50 ms a request;
 * <li>{@code bomb}: {@code list --all --parallel 16} of a service whose pages after the first
 *     are 1 GB gzip bombs, in a 256 MB heap;
 * <li>{@code dense}: the same walk of a service whose every page holds 40,000 small users
 *     ({@code -Dbench.dense=N}) whatever the limit asks, gzipped: each body under the caps of one
 *     request, many at once not;
 * <li>{@code ndjson}, {@code json}, {@code table}, {@code csv}: {@code list --all -o FORMAT} of
 *     100,000 users into a file, the service answering at once (the output's own cost);
 * <li>{@code http-resolve}, {@code card-resolve}: one {@code resolve} over plain http, as JSON and
 *     as a card (start-up);
 * <li>{@code https-resolve}, {@code https-bundle-resolve}: one {@code resolve} over HTTPS with the
 *     fake's private CA, and with {@code SSL_CERT_FILE} set to the system's CA bundle besides;
 * <li>{@code large-pages}: {@code list --all} of 20,000 users from a service that sends 5,000 a
 *     page whatever the limit asks;
 * <li>{@code ratelimit}: {@code list --all} of 20,000 users behind 2 requests a second (a 503
 *     page, no Retry-After), and how many requests were refused;
 * <li>{@code ratelimit-resolve}: 40 ids resolved behind the same limit;
 * <li>{@code find-walk}: {@code find} of the user in the middle of 100,000 with an empty cache
 *     (the walk, and the save of what it met into the index);
 * <li>{@code find-index}: the same user again, from the index the build saved;
 * <li>{@code find-merge}: a user three quarters down the list, with the index of the first half
 *     saved before: the walk stops at the user and what it met is merged into the index.
 * </ul>
 */
public final class AbBenchmark {

    private static final int LATENCY_MS = 50;

    /** What a scenario runs: the service is up while {@link #command} runs. */
    private interface Scenario extends AutoCloseable {
        List<String> args();

        Map<String, String> env();

        /** Before each measured run of {@code build} (a cache to empty, a limit to start again). */
        default void before(int build) throws Exception {
        }

        /** A figure of the service's after a run, shown beside the build's ("refused 3 of 43"). */
        default String after() {
            return "";
        }

        @Override
        default void close() {
        }
    }

    public static void main(String[] args) throws Exception {
        String name = args[0];
        List<Path> launchers = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            launchers.add(Path.of(args[i]).toAbsolutePath());
        }
        int runs = Integer.getInteger("bench.runs", 5);
        Path work = Files.createTempDirectory("ab-bench");
        try (Scenario scenario = scenario(name, work, launchers)) {
            String loadBefore = load();
            List<List<Measured>> measured = new ArrayList<>();
            List<Set<String>> outputs = new ArrayList<>();
            List<String> lastErr = new ArrayList<>();
            List<String> figures = new ArrayList<>();
            for (int b = 0; b < launchers.size(); b++) {
                measured.add(new ArrayList<>());
                outputs.add(new LinkedHashSet<>());
                lastErr.add("");
                figures.add("");
            }
            Path out = work.resolve("out");
            Path err = work.resolve("err");
            for (int round = -2; round < runs; round++) {
                for (int b = 0; b < launchers.size(); b++) {
                    scenario.before(b);
                    List<String> command = new ArrayList<>();
                    command.add(launchers.get(b).toString());
                    command.addAll(scenario.args());
                    Map<String, String> env = new HashMap<>(scenario.env());
                    env.put("XDG_CACHE_HOME", work.resolve("cache-" + b).toString());
                    Measured run = Measured.run(command, env, out, err);
                    if (round < 0) {
                        continue;
                    }
                    measured.get(b).add(run);
                    outputs.get(b).add(digest(out));
                    List<String> lines = Files.readAllLines(err);
                    lastErr.set(b, lines.isEmpty() ? "" : lines.get(lines.size() - 1));
                    figures.set(b, scenario.after());
                }
            }
            Set<String> all = new LinkedHashSet<>();
            outputs.forEach(all::addAll);
            System.out.printf(Locale.ROOT, "%n%s: %s, %d rounds alternating the builds, medians; load average %s before, %s after;"
                    + " standard output %s%n%n", name, String.join(" ", scenario.args()), runs, loadBefore, load(),
                    all.size() == 1 ? "the same bytes in every run" : "DIFFERS (" + all.size() + " digests)");
            System.out.println("| build | wall | CPU user+sys | peak RSS (largest) | exit | last line on stderr | service |");
            System.out.println("|---|---:|---:|---:|---|---|---|");
            for (int b = 0; b < launchers.size(); b++) {
                List<Measured> runsOf = measured.get(b);
                Set<Integer> exits = new LinkedHashSet<>();
                runsOf.forEach(run -> exits.add(run.exit()));
                System.out.printf(Locale.ROOT, "| %s | %.2f s | %.2f s | %,d MB (%,d MB) | %s | %s | %s |%n",
                        launchers.get(b).getParent().getFileName(), median(runsOf, Measured::millis).millis() / 1000.0,
                        median(runsOf, Measured::cpuSeconds).cpuSeconds(), median(runsOf, Measured::peakRssKb).peakRssKb() / 1024,
                        runsOf.stream().mapToLong(Measured::peakRssKb).max().orElse(0) / 1024, exits,
                        cut(lastErr.get(b)), figures.get(b));
            }
        } finally {
            try (Stream<Path> files = Files.walk(work)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    private static Scenario scenario(String name, Path work, List<Path> launchers) throws Exception {
        int users = Integer.getInteger("bench.users", 100_000);
        switch (name) {
            case "walk": {
                FakeService fake = FakeService.builder().users(users).latencyMillis(LATENCY_MS).cachePages().start();
                return service(fake, List.of("list", "--all", "-o", "ndjson"), null);
            }
            case "large-pages": {
                FakeService fake = FakeService.builder().users(20_000).latencyMillis(LATENCY_MS).cachePages().pagesOf(5_000).start();
                return service(fake, List.of("list", "--all", "-o", "ndjson"), null);
            }
            case "ndjson":
            case "json":
            case "table":
            case "csv": {
                FakeService fake = FakeService.builder().users(users).cachePages().start();
                return service(fake, List.of("list", "--all", "-o", name), null);
            }
            case "http-resolve":
            case "card-resolve": {
                FakeService fake = FakeService.builder().users(1250).start();
                return service(fake, List.of("resolve", fake.users().clientUserId(42), "-o", name.equals("http-resolve") ? "json" : "table"),
                        null);
            }
            case "https-resolve":
            case "https-bundle-resolve": {
                FakeService fake = FakeService.builder().users(1250).https().start();
                Map<String, String> extra = new HashMap<>(Map.of("USERLOOKUP_CA_CERT", fake.caCert().toString()));
                if (name.equals("https-bundle-resolve")) {
                    extra.put("SSL_CERT_FILE", "/etc/ssl/certs/ca-certificates.crt");
                }
                return service(fake, List.of("resolve", fake.users().clientUserId(42), "-o", "json"), extra, null);
            }
            case "ratelimit":
            case "ratelimit-resolve": {
                RateLimit limit = RateLimit.nginx(2, 0, System::nanoTime);
                FakeService fake = FakeService.builder().users(20_000).latencyMillis(20).cachePages().rateLimit(limit).start();
                List<String> args = new ArrayList<>();
                if (name.equals("ratelimit")) {
                    args.addAll(List.of("list", "--all"));
                } else {
                    args.add("resolve");
                    for (int i = 0; i < 40; i++) {
                        args.add(fake.users().clientUserId((i + 1) * 500 - 1));
                    }
                }
                args.addAll(List.of("-o", "ndjson"));
                return new Scenario() {
                    @Override
                    public List<String> args() {
                        return args;
                    }

                    @Override
                    public Map<String, String> env() {
                        return Map.of("USERLOOKUP_BASE_URL", fake.baseUrl(), "USERLOOKUP_API_KEY", fake.apiKey());
                    }

                    @Override
                    public void before(int build) {
                        limit.reset();
                    }

                    @Override
                    public String after() {
                        return "refused " + limit.refused() + " of " + (limit.passed() + limit.refused());
                    }

                    @Override
                    public void close() {
                        fake.close();
                    }
                };
            }
            case "find-walk":
            case "find-index": {
                FakeService fake = FakeService.builder().users(users).latencyMillis(LATENCY_MS).cachePages().start();
                List<String> args = List.of("find", fake.users().userId(users / 2), "-o", "json");
                boolean fresh = name.equals("find-walk");
                return service(fake, args, build -> {
                    if (fresh) {
                        deleteTree(work.resolve("cache-" + build).resolve("userlookup").resolve("index"));
                    }
                });
            }
            case "find-merge": {
                // The index of the first half of the team, saved by a walk of a team that was that
                // half (the same port, so the same base URL), then a find of a user in the second
                // half: the walk stops there and its users are merged into the index.
                int port;
                try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
                    port = free.getLocalPort();
                }
                try (FakeService half = FakeService.builder().users(users / 2).port(port).cachePages().start()) {
                    for (int b = 0; b < launchers.size(); b++) {
                        Map<String, String> env = Map.of("USERLOOKUP_BASE_URL", half.baseUrl(), "USERLOOKUP_API_KEY", half.apiKey(),
                                "XDG_CACHE_HOME", work.resolve("cache-" + b).toString());
                        Measured.run(List.of(launchers.get(b).toString(), "find", "00000000-0000-4000-8000-000000000000"), env,
                                work.resolve("prepare.out"), work.resolve("prepare.err"));
                        Path index = work.resolve("cache-" + b).resolve("userlookup").resolve("index");
                        copyTree(index, work.resolve("prepared-" + b));
                    }
                }
                FakeService fake = FakeService.builder().users(users).port(port).latencyMillis(LATENCY_MS).cachePages().start();
                return service(fake, List.of("find", fake.users().userId(users * 3 / 4), "-o", "json"), build -> {
                    Path index = work.resolve("cache-" + build).resolve("userlookup").resolve("index");
                    deleteTree(index);
                    copyTree(work.resolve("prepared-" + build), index);
                });
            }
            case "bomb":
            case "dense": {
                GzipBombService bombs = name.equals("bomb") ? GzipBombService.start(1024)
                        : GzipBombService.dense(Integer.getInteger("bench.dense", 40_000));
                return new Scenario() {
                    @Override
                    public List<String> args() {
                        return List.of("list", "--all", "--parallel", "16", "-o", "ndjson");
                    }

                    @Override
                    public Map<String, String> env() {
                        return Map.of("USERLOOKUP_BASE_URL", bombs.baseUrl(), "USERLOOKUP_API_KEY", "k-123456789",
                                "USERLOOKUP_JAVA_OPTS", "-Xmx256m");
                    }

                    @Override
                    public void close() {
                        bombs.close();
                    }
                };
            }
            default:
                throw new IllegalArgumentException("no scenario " + name);
        }
    }

    private interface BeforeRun {
        void before(int build) throws Exception;
    }

    private static Scenario service(FakeService fake, List<String> args, BeforeRun before) {
        return service(fake, args, Map.of(), before);
    }

    /** The fake's base URL and key, and {@code extra} besides. */
    private static Scenario service(FakeService fake, List<String> args, Map<String, String> extra, BeforeRun before) {
        Map<String, String> env = new HashMap<>(extra);
        env.put("USERLOOKUP_BASE_URL", fake.baseUrl());
        env.put("USERLOOKUP_API_KEY", fake.apiKey());
        return new Scenario() {
            @Override
            public List<String> args() {
                return args;
            }

            @Override
            public Map<String, String> env() {
                return env;
            }

            @Override
            public void before(int build) throws Exception {
                if (before != null) {
                    before.before(build);
                }
            }

            @Override
            public void close() {
                fake.close();
            }
        };
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                    Files.setPosixFilePermissions(target, Files.getPosixFilePermissions(file));
                } else {
                    Files.copy(file, target, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private static String digest(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    private static String load() throws IOException {
        String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
        return fields[0] + " " + fields[1] + " " + fields[2];
    }

    private static String cut(String line) {
        return line.length() <= 110 ? line : line.substring(0, 107) + "...";
    }

    private static Measured median(List<Measured> runs, ToDoubleFunction<Measured> key) {
        return WalkBenchmark.median(runs, key);
    }

    private AbBenchmark() {
    }
}
