package dev.userlookup.bench;

import dev.userlookup.find.index.UserIndex;
import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.model.UserId;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

/**
 * find's index (find/index) for 100,000 and 1,000,000 users with client ids like
 * {@code customer-0000042}: the file's size, the time to record every user and save, the heap
 * the recording takes, and in a fresh JVM each time, the time to open the index and look one id
 * up (then to save after a confirmed hit, which writes nothing, and after one new user, which
 * merges and rewrites the file). Every JVM runs as the launcher runs the tool (C1 only, serial
 * collector); a bare JVM's wall time is shown beside them.
 *
 * <p>{@code mvn -q -o test-compile} then
 * {@code java -cp target/classes:target/test-classes dev.userlookup.bench.IndexBenchmark};
 * {@code -Dbench.runs=N} (default 5, medians), {@code -Dbench.sizes=100000,1000000}.
 */
public final class IndexBenchmark {

    private static final String BASE_URL = "https://service.example.test";
    private static final ApiKey KEY = ApiKey.of("sk-bench-key", "bench");
    private static final String TEAM = "bench-team";
    private static final long SEED = 42;
    private static final List<String> JVM = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xms32m", "-Xmn16m",
            "-XX:-UsePerfData", "-Xlog:disable");

    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            child(args);
            return;
        }
        int runs = Integer.getInteger("bench.runs", 5);
        int[] sizes = Arrays.stream(System.getProperty("bench.sizes", "100000,1000000").split(",")).mapToInt(Integer::parseInt).toArray();
        long bare = median(runs, () -> run(List.of(Hello.class.getName())).wallMillis());
        System.out.printf(Locale.ROOT, "%nfind's index, JVMs as the launcher runs them (C1, serial GC), median of %d; a bare JVM: %d ms%n%n", runs, bare);
        System.out.println("| users | file | per user | record all | sort + write (save) | heap of the recording "
                + "| JVM: open + 1st lookup | in it: open + lookup | save after a confirmed hit | save after 1 new user (merge) |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (int users : sizes) {
            Path cache = Files.createTempDirectory("index-bench");
            try {
                Child build = run(List.of(IndexBenchmark.class.getName(), "build", cache.toString(), Integer.toString(users)));
                Path file;
                try (Stream<Path> files = Files.walk(cache)) {
                    file = files.filter(path -> path.toString().endsWith(".idx")).findFirst().orElseThrow();
                }
                long size = Files.size(file);
                String middle = ids(users).get(users / 2).toString();
                List<Child> lookups = new ArrayList<>();
                List<Child> confirms = new ArrayList<>();
                List<Child> merges = new ArrayList<>();
                for (int i = 0; i < runs; i++) {
                    lookups.add(run(List.of(IndexBenchmark.class.getName(), "lookup", cache.toString(), middle)));
                    confirms.add(run(List.of(IndexBenchmark.class.getName(), "confirm", cache.toString(), middle)));
                    merges.add(run(List.of(IndexBenchmark.class.getName(), "merge", cache.toString(), Integer.toString(i))));
                }
                System.out.printf(Locale.ROOT, "| %,d | %.1f MB | %.1f B | %s | %s | %.1f MB | %d ms | %s | %s | %s |%n", users, size / 1e6,
                        (double) size / users, ms(build.figure(0)), ms(build.figure(1)), build.figure(2) / 1e6,
                        median(lookups, Child::wallMillis), ms(medianFigure(lookups, 0)), ms(medianFigure(confirms, 1)),
                        ms(medianFigure(merges, 1)));
            } finally {
                try (Stream<Path> paths = Files.walk(cache)) {
                    paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
                }
            }
        }
    }

    /** What a child JVM measured: its figures (nanoseconds or bytes) and the parent's wall time of it. */
    private record Child(long wallMillis, long[] figures) {
        long figure(int n) {
            return figures[n];
        }
    }

    /** The measured work, in a JVM of its own; prints its figures on one line. */
    private static void child(String[] args) throws IOException {
        Path cache = Path.of(args[1]);
        switch (args[0]) {
            case "build" -> {
                List<UserId> ids = ids(Integer.parseInt(args[2]));
                String[] clientIds = new String[ids.size()];
                Arrays.setAll(clientIds, IndexBenchmark::clientId);
                long heapBefore = heapAfterGc();
                long start = System.nanoTime();
                UserIndex index = UserIndex.open(cache, BASE_URL, KEY);
                for (int i = 0; i < ids.size(); i++) {
                    index.record(ids.get(i), clientIds[i], TEAM);
                }
                long recorded = System.nanoTime();
                long heap = heapAfterGc() - heapBefore;
                Reference.reachabilityFence(ids); // made before, so not the recording's heap; alive till measured
                Reference.reachabilityFence(clientIds);
                long saveStart = System.nanoTime();
                if (!index.save(true)) {
                    throw new IllegalStateException("not saved");
                }
                System.out.println((recorded - start) + " " + (System.nanoTime() - saveStart) + " " + heap);
            }
            case "lookup" -> {
                long start = System.nanoTime();
                String found = UserIndex.open(cache, BASE_URL, KEY).clientUserId(UserId.parse(args[2]));
                long took = System.nanoTime() - start;
                check(found);
                System.out.println(took);
            }
            case "confirm" -> {
                UserIndex index = UserIndex.open(cache, BASE_URL, KEY);
                UserId id = UserId.parse(args[2]);
                String found = check(index.clientUserId(id));
                index.record(id, found, TEAM);
                long start = System.nanoTime();
                boolean written = index.save(false);
                System.out.println((written ? -1 : 0) + " " + (System.nanoTime() - start));
            }
            case "merge" -> {
                UserIndex index = UserIndex.open(cache, BASE_URL, KEY);
                index.record(new UserId(-1, Long.parseLong(args[2])), "newcomer-" + args[2], TEAM);
                long start = System.nanoTime();
                boolean written = index.save(false);
                System.out.println((written ? 0 : -1) + " " + (System.nanoTime() - start));
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static String check(String found) {
        if (found == null || !found.startsWith("customer-")) {
            throw new IllegalStateException("not found: " + found);
        }
        return found;
    }

    /** The team's user_ids, the same for a seed in every JVM. */
    private static List<UserId> ids(int users) {
        Random random = new Random(SEED);
        List<UserId> ids = new ArrayList<>(users);
        for (int i = 0; i < users; i++) {
            ids.add(new UserId(random.nextLong(), random.nextLong()));
        }
        return ids;
    }

    private static String clientId(int n) {
        String digits = Integer.toString(n);
        return "customer-" + "0000000".substring(Math.min(7, digits.length())) + digits;
    }

    private static long heapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static Child run(List<String> command) throws IOException, InterruptedException {
        Path out = Files.createTempFile("index-bench", ".out");
        try {
            List<String> full = new ArrayList<>();
            full.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            full.addAll(JVM);
            full.addAll(List.of("-cp", System.getProperty("java.class.path")));
            full.addAll(command);
            Measured measured = Measured.run(full, Map.of(), out);
            if (measured.exit() != 0) {
                throw new IllegalStateException(command + ": exit " + measured.exit());
            }
            String line = Files.readString(out).strip();
            boolean figuresPrinted = command.get(0).equals(IndexBenchmark.class.getName());
            long[] figures = figuresPrinted ? Arrays.stream(line.split(" ")).mapToLong(Long::parseLong).toArray() : new long[0];
            if (figures.length > 0 && figures[0] < 0) {
                throw new IllegalStateException(command + ": the save did not do what was expected");
            }
            return new Child(measured.millis(), figures);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    @FunctionalInterface
    private interface Run {
        long millis() throws Exception;
    }

    private static long median(int runs, Run run) throws Exception {
        long[] values = new long[runs];
        for (int i = 0; i < runs; i++) {
            values[i] = run.millis();
        }
        Arrays.sort(values);
        return values[runs / 2];
    }

    private static long median(List<Child> children, java.util.function.ToLongFunction<Child> value) {
        return children.stream().mapToLong(value).sorted().skip(children.size() / 2).findFirst().orElse(0);
    }

    private static long medianFigure(List<Child> children, int n) {
        return median(children, child -> child.figure(n));
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, nanos < 10_000_000 ? "%.2f ms" : "%.0f ms", nanos / 1e6);
    }

    private IndexBenchmark() {
    }
}
