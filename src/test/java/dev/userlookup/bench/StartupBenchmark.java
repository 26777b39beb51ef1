package dev.userlookup.bench;

import dev.userlookup.fake.FakeService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One {@code target/userlookup resolve ID} on loopback against a bare JVM hello world on the same
 * JDK, alternating runs, medians; then the same resolve over plain http against HTTPS (HTTP/2,
 * TLS 1.3, the fake's certificate from a private CA given with {@code USERLOOKUP_CA_CERT}),
 * alternating, medians; then the installed copy (the distribution unpacked elsewhere, with a cache
 * folder of its own) against {@code target/userlookup}, alternating, medians, and its first run
 * with an empty cache. With {@code -Dbench.otherJdk=/path/to/jdk} the launcher also runs on that
 * JDK (JAVA_HOME). {@code -Dbench.only=install} runs only the installed copy's comparison; then the
 * bundles against both ({@code -Dbench.only=bundle} alone).
 */
public final class StartupBenchmark {

    /** The bundle Debian-like machines point SSL_CERT_FILE at. */
    private static final Path SYSTEM_BUNDLE = Path.of("/etc/ssl/certs/ca-certificates.crt");

    public static void main(String[] args) throws Exception {
        boolean startup = Benchmarks.selected("startup");
        boolean installed = startup || Benchmarks.selected("install");
        boolean bundled = startup || Benchmarks.selected("bundle");
        if (!installed && !bundled) {
            return;
        }
        Path launcher = Path.of(args.length > 0 ? args[0] : "target/userlookup");
        int runs = Integer.getInteger("bench.startupRuns", 21);
        String otherJdk = System.getProperty("bench.otherJdk", "");
        try (FakeService http = FakeService.builder().users(1250).start();
             FakeService https = FakeService.builder().users(1250).https().start()) {
            String id = http.users().clientUserId(42);
            Map<String, String> env = env(http);
            if (!startup) {
                if (installed) {
                    compareInstalled(launcher, id, env, runs, otherJdk);
                }
                if (bundled) {
                    compareBundles(launcher, id, env(https), runs, otherJdk);
                }
                return;
            }
            System.out.printf(Locale.ROOT, "%nresolve of one id on loopback, %d alternating runs, medians%n%n", runs);
            System.out.println("| JDK | bare JVM hello world | userlookup resolve | ratio | curl |");
            System.out.println("|---|---:|---:|---:|---:|");
            report("default java", null, launcher, id, env, runs, true);
            if (!otherJdk.isBlank()) {
                report(otherJdk, otherJdk, launcher, id, env, runs, false);
            }
            System.out.printf(Locale.ROOT, "%nresolve over plain http and over HTTPS (HTTP/2, TLS 1.3, private CA), %d alternating runs,"
                    + " medians%n%n", runs);
            System.out.println("| JDK | http | https | ratio | https, SSL_CERT_FILE = system bundle | ratio |");
            System.out.println("|---|---:|---:|---:|---:|---:|");
            compareTls("default java", null, launcher, id, http, https, runs);
            if (!otherJdk.isBlank()) {
                compareTls(otherJdk, otherJdk, launcher, id, http, https, runs);
            }
            compareInstalled(launcher, id, env, runs, otherJdk);
            compareBundles(launcher, id, env(https), runs, otherJdk);
        }
    }

    /**
     * The bundles (target/userlookup-*-linux-x64.tar.gz, or {@code -Dbench.bundles=a.tar.gz,b.tar.gz}),
     * each unpacked in a fresh folder, against the build tree's launcher and the installed archive
     * (with its cache made), all run in turn, resolve over HTTPS; medians of wall time and CPU. A
     * bundle runs on its own runtime whatever the row's JDK, which is the others'.
     */
    private static void compareBundles(Path launcher, String id, Map<String, String> env, int runs, String otherJdk) throws Exception {
        Path folder = launcher.toAbsolutePath().getParent();
        List<Path> bundles = new ArrayList<>();
        String named = System.getProperty("bench.bundles", "");
        if (!named.isBlank()) {
            for (String bundle : named.split(",")) {
                bundles.add(Path.of(bundle.strip()));
            }
        } else {
            try (var files = Files.list(folder)) {
                files.filter(file -> file.getFileName().toString().matches("userlookup-.*-linux-x64\\.tar\\.gz")).forEach(bundles::add);
            }
        }
        Path dist;
        try (var files = Files.list(folder)) {
            dist = files.filter(file -> file.getFileName().toString().matches("userlookup-[^-]*\\.tar\\.gz")).findFirst().orElse(null);
        }
        if (bundles.isEmpty() || dist == null) {
            System.out.println("\nno bundle or no distribution beside " + launcher + ": the bundles are not measured");
            return;
        }
        Path work = Files.createTempDirectory("userlookup-bench-bundle");
        try {
            List<String> names = new ArrayList<>(List.of("target/userlookup", "installed archive"));
            List<Path> launchers = new ArrayList<>(List.of(launcher, unpacked(dist, Files.createDirectories(work.resolve("dist")))));
            for (int i = 0; i < bundles.size(); i++) {
                Path home = unpacked(bundles.get(i), Files.createDirectories(work.resolve("bundle-" + i)));
                launchers.add(home);
                names.add("bundle (Java " + dev.userlookup.build.StartupArchive.releaseVersion(home.getParent().getParent().resolve("lib/runtime")) + ")");
            }
            System.out.printf(Locale.ROOT, "%nresolve over HTTPS, %d runs of each in turn, medians: wall (CPU)%n%n", runs);
            System.out.println("| JDK | " + String.join(" | ", names) + " |");
            System.out.println("|---|" + "---:|".repeat(names.size()));
            bundleRow("default java", null, launchers, id, env, runs, work);
            if (!otherJdk.isBlank()) {
                bundleRow(otherJdk, otherJdk, launchers, id, env, runs, work);
            }
        } finally {
            Measured.run(List.of("rm", "-rf", work.toString()), Map.of());
        }
    }

    /** The launcher of a tar.gz unpacked into {@code into} (its one folder's bin/userlookup). */
    private static Path unpacked(Path tarball, Path into) throws Exception {
        Measured unpacked = Measured.run(List.of("tar", "-xzf", tarball.toString(), "-C", into.toString()), Map.of());
        if (unpacked.exit() != 0) {
            throw new IllegalStateException("tar -xzf " + tarball + " exited " + unpacked.exit());
        }
        try (var folders = Files.list(into)) {
            return folders.filter(Files::isDirectory).findFirst().orElseThrow().resolve("bin/userlookup");
        }
    }

    private static void bundleRow(String label, String javaHome, List<Path> launchers, String id, Map<String, String> env, int runs,
                                  Path work) throws Exception {
        Map<String, String> toolEnv = withJdk(env, javaHome);
        toolEnv.put("XDG_CACHE_HOME", Files.createTempDirectory(work, "cache").toString());
        List<List<Long>> wall = new ArrayList<>();
        List<List<Long>> cpu = new ArrayList<>();
        for (int i = -2; i < runs; i++) {
            for (int which = 0; which < launchers.size(); which++) {
                if (i == -2) {
                    wall.add(new ArrayList<>());
                    cpu.add(new ArrayList<>());
                }
                Measured run = Measured.run(List.of(launchers.get(which).toString(), "resolve", id), toolEnv);
                if (run.exit() != 0) {
                    throw new IllegalStateException(launchers.get(which) + " exited " + run.exit());
                }
                if (i >= 0) {
                    wall.get(which).add(run.millis());
                    cpu.get(which).add(Math.round(run.cpuSeconds() * 1000));
                }
            }
        }
        StringBuilder row = new StringBuilder("| " + label + " |");
        for (int which = 0; which < launchers.size(); which++) {
            row.append(String.format(Locale.ROOT, " %d ms (%d ms) |", median(wall.get(which)), median(cpu.get(which))));
        }
        System.out.println(row);
    }

    /**
     * The distribution beside the launcher ({@code userlookup-*.tar.gz}) unpacked into a fresh
     * folder and run from there with a cache folder of its own, against the build tree's launcher.
     */
    private static void compareInstalled(Path launcher, String id, Map<String, String> env, int runs, String otherJdk)
            throws Exception {
        Path dist;
        try (var files = Files.list(launcher.toAbsolutePath().getParent())) {
            dist = files.filter(file -> file.getFileName().toString().matches("userlookup-[^-]*\\.tar\\.gz")).findFirst().orElse(null);
        }
        if (dist == null) {
            System.out.println("\nno userlookup-*.tar.gz beside " + launcher + ": the installed copy is not measured");
            return;
        }
        Path work = Files.createTempDirectory("userlookup-bench-install");
        try {
            Measured unpacked = Measured.run(List.of("tar", "-xzf", dist.toString(), "-C", work.toString()), Map.of());
            if (unpacked.exit() != 0) {
                throw new IllegalStateException("tar -xzf " + dist + " exited " + unpacked.exit());
            }
            Path installed;
            try (var folders = Files.list(work)) {
                installed = folders.filter(Files::isDirectory).findFirst().orElseThrow().resolve("bin/userlookup");
            }
            System.out.printf(Locale.ROOT, "%ninstalled (%s unpacked in a fresh folder, its own cache folder) against %s,"
                    + " resolve, %d alternating runs, medians; first run: an empty cache, median of 3%n%n", dist.getFileName(), launcher, runs);
            System.out.println("| JDK | target/userlookup | installed | ratio | installed, first run |");
            System.out.println("|---|---:|---:|---:|---:|");
            installedRow("default java", null, launcher, installed, id, env, runs, work);
            if (!otherJdk.isBlank()) {
                installedRow(otherJdk, otherJdk, launcher, installed, id, env, runs, work);
            }
        } finally {
            Measured.run(List.of("rm", "-rf", work.toString()), Map.of());
        }
    }

    private static void installedRow(String label, String javaHome, Path launcher, Path installed, String id,
                                     Map<String, String> env, int runs, Path work) throws Exception {
        List<Long> first = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Map<String, String> fresh = withJdk(env, javaHome);
            fresh.put("XDG_CACHE_HOME", Files.createTempDirectory(work, "cache").toString());
            first.add(timed(List.of(installed.toString(), "resolve", id), fresh));
        }
        Map<String, String> toolEnv = withJdk(env, javaHome);
        toolEnv.put("XDG_CACHE_HOME", Files.createTempDirectory(work, "cache").toString());
        List<String> tree = List.of(launcher.toString(), "resolve", id);
        List<String> copy = List.of(installed.toString(), "resolve", id);
        for (List<String> each : List.of(tree, copy, tree, copy)) {
            timed(each, toolEnv);
        }
        List<Long> treeTimes = new ArrayList<>();
        List<Long> copyTimes = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            treeTimes.add(timed(tree, toolEnv));
            copyTimes.add(timed(copy, toolEnv));
        }
        long treeMedian = median(treeTimes);
        long copyMedian = median(copyTimes);
        System.out.printf(Locale.ROOT, "| %s | %d ms | %d ms | %.2fx | %d ms |%n", label, treeMedian, copyMedian,
                copyMedian / (double) treeMedian, median(first));
    }

    /** The tool's environment for a fake: its URL and key, its CA when it has one, no SSL_CERT_FILE of the machine's. */
    private static Map<String, String> env(FakeService fake) {
        Map<String, String> env = new HashMap<>();
        env.put("USERLOOKUP_BASE_URL", fake.baseUrl());
        env.put("USERLOOKUP_API_KEY", fake.apiKey());
        env.put("SSL_CERT_FILE", null);
        if (fake.caCert() != null) {
            env.put("USERLOOKUP_CA_CERT", fake.caCert().toString());
        }
        return env;
    }

    private static Map<String, String> withJdk(Map<String, String> env, String javaHome) {
        Map<String, String> copy = new HashMap<>(env);
        if (javaHome != null) {
            copy.put("JAVA_HOME", javaHome);
        }
        return copy;
    }

    private static void compareTls(String label, String javaHome, Path launcher, String id, FakeService http, FakeService https,
                                   int runs) throws Exception {
        List<String> tool = List.of(launcher.toString(), "resolve", id);
        Map<String, String> plainEnv = withJdk(env(http), javaHome);
        Map<String, String> tlsEnv = withJdk(env(https), javaHome);
        Map<String, String> bundleEnv = new HashMap<>(tlsEnv);
        boolean bundle = Files.isReadable(SYSTEM_BUNDLE);
        bundleEnv.put("SSL_CERT_FILE", SYSTEM_BUNDLE.toString());
        for (Map<String, String> each : List.of(plainEnv, tlsEnv, plainEnv, tlsEnv)) {
            Measured.run(tool, each);
        }
        List<Long> plain = new ArrayList<>();
        List<Long> tls = new ArrayList<>();
        List<Long> tlsBundle = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            plain.add(timed(tool, plainEnv));
            tls.add(timed(tool, tlsEnv));
            if (bundle) {
                tlsBundle.add(timed(tool, bundleEnv));
            }
        }
        long plainMedian = median(plain);
        long tlsMedian = median(tls);
        String bundleCells = tlsBundle.isEmpty() ? "- | -" : String.format(Locale.ROOT, "%d ms | %.2fx", median(tlsBundle),
                median(tlsBundle) / (double) plainMedian);
        System.out.printf(Locale.ROOT, "| %s | %d ms | %d ms | %.2fx | %s |%n", label, plainMedian, tlsMedian,
                tlsMedian / (double) plainMedian, bundleCells);
    }

    private static long timed(List<String> command, Map<String, String> env) throws Exception {
        Measured run = Measured.run(command, env);
        if (run.exit() != 0) {
            throw new IllegalStateException("userlookup exited " + run.exit() + " with " + env);
        }
        return run.millis();
    }

    private static void report(String label, String javaHome, Path launcher, String id, Map<String, String> env, int runs,
                               boolean withCurl) throws Exception {
        String java = javaHome == null ? "java" : javaHome + "/bin/java";
        Map<String, String> toolEnv = withJdk(env, javaHome);
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
            toolTimes.add(timed(tool, toolEnv));
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
