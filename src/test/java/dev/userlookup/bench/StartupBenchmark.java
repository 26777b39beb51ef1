package dev.userlookup.bench;

import dev.userlookup.fake.FakeService;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One {@code target/userlookup resolve ID} on loopback against a bare JVM hello world on the same
 * JDK, alternating runs, medians. With {@code -Dbench.otherJdk=/path/to/jdk} the launcher also
 * runs on that JDK (JAVA_HOME), where it uses an archive created on first use.
 */
public final class StartupBenchmark {

    public static void main(String[] args) throws Exception {
        if (!Benchmarks.selected("startup")) {
            return;
        }
        Path launcher = Path.of(args.length > 0 ? args[0] : "target/userlookup");
        int runs = Integer.getInteger("bench.startupRuns", 21);
        String otherJdk = System.getProperty("bench.otherJdk", "");
        try (FakeService fake = FakeService.builder().users(1250).start()) {
            String id = fake.users().clientUserId(42);
            Map<String, String> env = Map.of("USERLOOKUP_BASE_URL", fake.baseUrl(), "USERLOOKUP_API_KEY", fake.apiKey());
            System.out.printf(Locale.ROOT, "%nresolve of one id on loopback, %d alternating runs, medians%n%n", runs);
            System.out.println("| JDK | bare JVM hello world | userlookup resolve | ratio | curl |");
            System.out.println("|---|---:|---:|---:|---:|");
            report("default java", null, launcher, id, env, runs, true);
            if (!otherJdk.isBlank()) {
                report(otherJdk, otherJdk, launcher, id, env, runs, false);
            }
        }
    }

    private static void report(String label, String javaHome, Path launcher, String id, Map<String, String> env, int runs,
                               boolean withCurl) throws Exception {
        String java = javaHome == null ? "java" : javaHome + "/bin/java";
        Map<String, String> toolEnv = new HashMap<>(env);
        if (javaHome != null) {
            toolEnv.put("JAVA_HOME", javaHome);
        }
        // Under exec:java the class path property is Maven's: ask where Hello itself was loaded from.
        String classes = Path.of(Hello.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        List<String> hello = List.of(java, "-cp", classes, Hello.class.getName());
        List<String> tool = List.of(launcher.toString(), "resolve", id);
        List<String> curl = List.of("curl", "-s", "-H", "x-service-api-key: " + env.get("USERLOOKUP_API_KEY"),
                env.get("USERLOOKUP_BASE_URL") + "/v2/user/resolve/" + id);
        // Warm the page cache and, on a JDK without the built archive, let the JVM create its own.
        Measured.run(hello, Map.of());
        Measured.run(tool, toolEnv);
        Measured.run(tool, toolEnv);
        List<Long> helloTimes = new ArrayList<>();
        List<Long> toolTimes = new ArrayList<>();
        List<Long> curlTimes = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            helloTimes.add(Measured.run(hello, Map.of()).millis());
            Measured run = Measured.run(tool, toolEnv);
            if (run.exit() != 0) {
                throw new IllegalStateException("userlookup exited " + run.exit());
            }
            toolTimes.add(run.millis());
            if (withCurl && WalkBenchmark.onPath("curl")) {
                curlTimes.add(Measured.run(curl, Map.of()).millis());
            }
        }
        long helloMedian = median(helloTimes);
        long toolMedian = median(toolTimes);
        System.out.printf(Locale.ROOT, "| %s | %d ms | %d ms | %.1fx | %s |%n", label, helloMedian, toolMedian,
                toolMedian / (double) helloMedian, curlTimes.isEmpty() ? "-" : median(curlTimes) + " ms");
    }

    static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        sorted.sort(null);
        return sorted.get(sorted.size() / 2);
    }

    private StartupBenchmark() {
    }
}
