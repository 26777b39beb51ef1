package dev.userlookup.build;

import dev.userlookup.fake.FakeService;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Builds {@code target/userlookup.jsa}, a class-data-sharing archive of every class a typical
 * run loads (JDK and application), by running the packaged jar through its common paths against
 * the fake service, merging the class lists, and dumping a static archive; and, for each JDK 25+
 * asked for, an AOT cache {@code target/userlookup-<version>.aot}.
 *
 * <p>An archive fits only the JDK that made it and, on JDK 17, only the jar at the path it was
 * made for. So {@code userlookup.jsa.jdk} beside it holds two lines for the launcher to compare:
 * the JDK's {@code JAVA_RUNTIME_VERSION}, read from its release file exactly as the launcher reads
 * it (the one source of the version on both sides), and the jar's real path. Where they do not
 * fit (the jar unpacked elsewhere), the launcher dumps an archive of its own in the user's cache
 * from the merged class list, {@code userlookup.classlist}, which the distribution carries.
 *
 * <p>Run by {@code mvn package}; {@code -Dstartup.skip=true} (or {@code -Dmaven.test.skip}) builds
 * without it. Arguments: the jar, then the JDK homes to build AOT caches for, comma-separated
 * ({@code -Dstartup.aotJdks}; {@code scan} looks for JDK 25+ under /usr/lib/jvm; empty: none).
 * Every training run must end with the exit status it is meant to, or the build fails saying which.
 */
public final class StartupArchive {

    /** A training run: the arguments, and the exit status that says it went as meant. */
    record Training(int exit, List<String> arguments) {
    }

    /** The user_id of the fake's customer-000042. */
    private static final String FAKE_USER_ID = "138adbbd-c5e6-36c4-aff7-48390b9f91da";

    private static final List<Training> TRAINING = List.of(
            new Training(0, List.of("resolve", "customer-000042")),
            new Training(0, List.of("resolve", "customer-000042", "-o", "table")),
            new Training(3, List.of("resolve", "no-such-user")),
            new Training(0, List.of("list", "--limit", "20", "-o", "table")),
            new Training(0, List.of("list", "--limit", "20", "-o", "csv")),
            new Training(0, List.of("list", "--limit", "20", "-o", "ndjson")),
            new Training(0, List.of("list", "--all", "--limit", "200", "-o", "json")),
            new Training(0, List.of("list", "--count")),
            // The fake's customer-000042 by its user_id: first a walk that fills the index, then a hit from it.
            new Training(0, List.of("find", FAKE_USER_ID, "-o", "table")),
            new Training(0, List.of("find", FAKE_USER_ID)),
            new Training(0, List.of("--help")));

    /**
     * The same over HTTPS (HTTP/2, TLS 1.3, a test CA given as USERLOOKUP_CA_CERT): the real
     * service speaks only HTTPS, and its TLS and HTTP/2 classes are a thousand more than plain
     * http loads. The last run is a refused certificate (no CA given), for the error's classes.
     */
    private static final List<Training> HTTPS_TRAINING = List.of(
            new Training(0, List.of("resolve", "customer-000042")),
            new Training(0, List.of("resolve", "customer-000042", "customer-000043", "customer-000044", "-o", "ndjson")),
            new Training(0, List.of("list", "--all", "--limit", "200", "-o", "json")),
            new Training(5, List.of("resolve", "customer-000042", "--retries", "0")));

    /** The JVM options the launcher runs with; an AOT cache only fits a run with the same ones. */
    static final List<String> LAUNCHER_OPTIONS = List.of("-XX:-UsePerfData", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
            "-Xms32m", "-Xmn16m", "-Xss1m");

    /** Where {@code -Dstartup.aotJdks=scan} looks. */
    static final Path JDK_FOLDER = Path.of("/usr/lib/jvm");

    /** A training or dumping run that did not go as meant: the build stops on it. */
    public static final class TrainingFailed extends Exception {
        private static final long serialVersionUID = 1L;

        TrainingFailed(String message) {
            super(message + " (-Dstartup.skip=true builds without the start-up archive)");
        }
    }

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args[0]).toRealPath();
        String aotJdks = args.length > 1 && args[1] != null ? args[1].strip() : "";
        Path archive = jar.resolveSibling("userlookup.jsa");
        Path stamp = jar.resolveSibling("userlookup.jsa.jdk");
        Path classList = jar.resolveSibling("userlookup.classlist");
        Files.deleteIfExists(archive);
        Files.deleteIfExists(stamp);
        Files.deleteIfExists(classList);
        try (Stream<Path> files = Files.list(jar.getParent())) {
            for (Path stale : files.filter(file -> file.getFileName().toString().matches("userlookup-.*\\.aot")).toList()) {
                Files.delete(stale);
            }
        }

        List<Path> aotHomes = aotJdks(aotJdks);
        Path home = javaHome();
        String version = releaseVersion(home);
        if (version == null) {
            // Not a failure of the training: the launcher could never tell that an archive fits.
            System.out.println("[startup-archive] none built: " + home.resolve("release")
                    + " names no JAVA_RUNTIME_VERSION, so the launcher could not match an archive to this JDK");
        } else {
            try {
                build(home.resolve("bin/java").toString(), jar, archive, classList);
            } catch (TrainingFailed e) {
                Files.deleteIfExists(classList);
                throw e;
            }
            Files.writeString(stamp, version + "\n" + jar + "\n");
            System.out.println("[startup-archive] " + archive + " for Java " + version);
        }
        for (Path jdk : aotHomes) {
            Path cache = buildAotCache(jar, jdk);
            System.out.println("[startup-archive] " + cache + " (AOT cache for " + jdk + ")");
        }
    }

    /**
     * The JDK homes named (comma-separated), or with {@code scan} those of 25 or later under
     * {@link #JDK_FOLDER}. A named one that is no JDK 25+ fails the build: it was asked for.
     */
    static List<Path> aotJdks(String named) throws IOException, TrainingFailed {
        List<Path> homes = new ArrayList<>();
        if (named.isEmpty()) {
            return homes;
        }
        if (named.equals("scan")) {
            if (Files.isDirectory(JDK_FOLDER)) {
                try (Stream<Path> entries = Files.list(JDK_FOLDER)) {
                    entries.filter(home -> !Files.isSymbolicLink(home) && Files.isExecutable(home.resolve("bin/java")))
                            .filter(home -> featureRelease(releaseVersion(home)) >= 25)
                            .sorted().forEach(homes::add);
                }
            }
            return homes;
        }
        for (String name : named.split(",")) {
            if (name.isBlank()) {
                continue;
            }
            Path home = Path.of(name.strip());
            String version = releaseVersion(home);
            if (!Files.isExecutable(home.resolve("bin/java")) || featureRelease(version) < 25) {
                throw new TrainingFailed("startup.aotJdks: " + home + " is not a JDK 25 or later (its release file says "
                        + (version == null ? "no JAVA_RUNTIME_VERSION" : version) + ")");
            }
            homes.add(home);
        }
        return homes;
    }

    /** The feature release a version string starts with (17 of 17+35, 17-ea, 17.0.15+6-Debian); 0 if none. */
    static int featureRelease(String version) {
        if (version == null) {
            return 0;
        }
        int end = 0;
        while (end < version.length() && end < 4 && Character.isDigit(version.charAt(end))) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(version.substring(0, end));
    }

    /** JAVA_RUNTIME_VERSION from a JDK's release file, as the launcher reads it; null if none. */
    public static String releaseVersion(Path home) {
        try {
            String version = null;
            for (String line : Files.readAllLines(home.resolve("release"), StandardCharsets.UTF_8)) {
                if (line.startsWith("JAVA_RUNTIME_VERSION=")) {
                    String value = line.substring("JAVA_RUNTIME_VERSION=".length());
                    value = value.startsWith("\"") ? value.substring(1) : value;
                    version = value.endsWith("\"") ? value.substring(0, value.length() - 1) : value;
                }
            }
            return version == null || version.isEmpty() ? null : version;
        } catch (IOException e) {
            return null;
        }
    }

    /** The JDK the launcher will pick: JAVA_HOME's, else the one whose java is first on PATH (links followed). */
    static Path javaHome() throws TrainingFailed {
        String home = System.getenv("JAVA_HOME");
        if (home != null && !home.isEmpty() && Files.isExecutable(Path.of(home, "bin", "java"))) {
            return Path.of(home);
        }
        for (String folder : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path java = Path.of(folder.isEmpty() ? "." : folder, "java");
            if (Files.isExecutable(java) && !Files.isDirectory(java)) {
                try {
                    return java.toRealPath().getParent().getParent();
                } catch (IOException e) {
                    break;
                }
            }
        }
        throw new TrainingFailed("no java on PATH and no JAVA_HOME: cannot tell which JDK the launcher will run");
    }

    /** Record one typical run against the fake, then create the cache (two steps: neither prints into a user's output). */
    public static Path buildAotCache(Path jar, Path home) throws IOException, InterruptedException, TrainingFailed {
        String version = releaseVersion(home);
        Path cache = jar.resolveSibling("userlookup-" + version + ".aot");
        Files.deleteIfExists(cache);
        Path config = Files.createTempFile("userlookup", ".aotconf");
        String java = home.resolve("bin/java").toString();
        try {
            // One run only can be recorded: a resolve over HTTPS, the only way the real service is reached.
            try (FakeService fake = FakeService.builder().users(1250).https().start()) {
                List<String> record = new ArrayList<>(List.of(java));
                record.addAll(LAUNCHER_OPTIONS);
                record.addAll(List.of("-XX:AOTMode=record", "-XX:AOTConfiguration=" + config, "-jar", jar.toString(),
                        "resolve", "customer-000042"));
                ProcessBuilder builder = new ProcessBuilder(record);
                trainingEnvironment(builder, fake, true);
                run(builder, 0, "AOT training run (JDK " + version + ")");
            }
            List<String> create = new ArrayList<>(List.of(java));
            create.addAll(LAUNCHER_OPTIONS);
            create.addAll(List.of("-XX:AOTMode=create", "-XX:AOTConfiguration=" + config, "-XX:AOTCache=" + cache, "-jar", jar.toString()));
            run(new ProcessBuilder(create), 0, "AOT cache creation (JDK " + version + ")");
        } finally {
            Files.deleteIfExists(config);
        }
        if (!Files.isRegularFile(cache)) {
            throw new TrainingFailed("JDK " + version + " wrote no AOT cache " + cache);
        }
        return cache;
    }

    private static void build(String java, Path jar, Path archive, Path classList)
            throws IOException, InterruptedException, TrainingFailed {
        Path work = Files.createTempDirectory("userlookup-cds");
        try {
            MergedClassList classes = new MergedClassList();
            // Two training runs at a time, each a JVM of its own; the lists merge in the order above.
            ExecutorService runs = Executors.newFixedThreadPool(2);
            try (FakeService fake = FakeService.builder().users(1250).start();
                 FakeService secure = FakeService.builder().users(1250).https().start()) {
                List<Future<List<List<String>>>> lists = new ArrayList<>();
                int run = 0;
                for (List<Training> chain : chains(TRAINING)) {
                    int first = run;
                    run += chain.size();
                    lists.add(runs.submit(() -> {
                        List<List<String>> loaded = new ArrayList<>();
                        for (int i = 0; i < chain.size(); i++) {
                            loaded.add(loadedClasses(java, jar, work.resolve("classes-" + (first + i) + ".lst"), chain.get(i), fake, true));
                        }
                        return loaded;
                    }));
                }
                for (Training training : HTTPS_TRAINING) {
                    Path list = work.resolve("classes-" + run++ + ".lst");
                    boolean trusted = training.exit() == 0;
                    lists.add(runs.submit(() -> List.of(loadedClasses(java, jar, list, training, secure, trusted))));
                }
                for (Future<List<List<String>>> loaded : lists) {
                    for (List<String> one : done(loaded)) {
                        classes.add(one);
                    }
                }
            } finally {
                runs.shutdownNow();
            }
            Files.write(classList, classes.lines(), StandardCharsets.UTF_8);
            run(new ProcessBuilder(java, "-Xshare:dump", "-XX:SharedClassListFile=" + classList,
                    "-XX:SharedArchiveFile=" + archive, "-cp", jar.toString()), 0, "the archive's dump (java -Xshare:dump)");
        } finally {
            // Deepest first: the training's cache folder holds folders of its own.
            try (Stream<Path> files = Files.walk(work)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
        if (!Files.isRegularFile(archive)) {
            throw new TrainingFailed("the JVM wrote no archive " + archive);
        }
    }

    /** The runs in order, those of find one after another in one chain: the first fills the index the next reads. */
    private static List<List<Training>> chains(List<Training> trainings) {
        List<List<Training>> chains = new ArrayList<>();
        List<Training> finds = new ArrayList<>();
        for (Training training : trainings) {
            if (training.arguments().get(0).equals("find")) {
                if (finds.isEmpty()) {
                    chains.add(finds);
                }
                finds.add(training);
            } else {
                chains.add(List.of(training));
            }
        }
        return chains;
    }

    /** A training run's class lists once it has ended; its failure as it was thrown. */
    private static List<List<String>> done(Future<List<List<String>>> loaded)
            throws IOException, InterruptedException, TrainingFailed {
        try {
            return loaded.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof TrainingFailed failed) {
                throw failed;
            }
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof InterruptedException interrupted) {
                throw interrupted;
            }
            throw new IllegalStateException(cause);
        }
    }

    /** Runs one step with no input; a different exit status or a timeout fails the build with the step's stderr. */
    private static void run(ProcessBuilder builder, int expectedExit, String what)
            throws IOException, InterruptedException, TrainingFailed {
        Path err = Files.createTempFile("userlookup-training", ".err");
        try {
            builder.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            Process process = builder.start();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new TrainingFailed(what + " still running after 120 s: " + String.join(" ", builder.command()));
            }
            if (process.exitValue() != expectedExit) {
                List<String> lines = Files.readAllLines(err, StandardCharsets.UTF_8);
                String tail = String.join("\n  ", lines.subList(Math.max(0, lines.size() - 10), lines.size()));
                throw new TrainingFailed(what + " exited " + process.exitValue() + ", not " + expectedExit + ": "
                        + String.join(" ", builder.command()) + (tail.isEmpty() ? "" : "\n  " + tail));
            }
        } finally {
            Files.deleteIfExists(err);
        }
    }

    private StartupArchive() {
    }

    private static List<String> loadedClasses(String java, Path jar, Path list, Training training, FakeService fake,
            boolean trusted) throws IOException, InterruptedException, TrainingFailed {
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(LAUNCHER_OPTIONS);
        command.addAll(List.of("-XX:DumpLoadedClassList=" + list, "-jar", jar.toString()));
        command.addAll(training.arguments());
        ProcessBuilder builder = new ProcessBuilder(command);
        trainingEnvironment(builder, fake, trusted);
        // find's index goes into the training's own folder, never the cache of the machine that builds.
        builder.environment().put("XDG_CACHE_HOME", list.resolveSibling("cache").toString());
        run(builder, training.exit(), "training run 'userlookup " + String.join(" ", training.arguments()) + "'"
                + (fake.caCert() == null ? "" : " over HTTPS"));
        return Files.readAllLines(list, StandardCharsets.UTF_8);
    }

    /** The fake's URL and key; over HTTPS its CA when {@code trusted}; never the machine's SSL_CERT_FILE. */
    private static void trainingEnvironment(ProcessBuilder builder, FakeService fake, boolean trusted) {
        builder.environment().put("USERLOOKUP_BASE_URL", fake.baseUrl());
        builder.environment().put("USERLOOKUP_API_KEY", fake.apiKey());
        builder.environment().remove("SSL_CERT_FILE");
        builder.environment().remove("USERLOOKUP_CA_CERT");
        if (trusted && fake.caCert() != null) {
            builder.environment().put("USERLOOKUP_CA_CERT", fake.caCert().toString());
        }
    }
}
