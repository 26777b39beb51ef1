package dev.userlookup.build;

import dev.userlookup.fake.FakeService;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Builds {@code target/userlookup.jsa}, a class-data-sharing archive of every class a typical
 * run loads (JDK and application), by running the packaged jar through its common paths against
 * the fake service, merging the class lists, and dumping a static archive. The archive only fits
 * the JDK that made it, so that JDK's runtime version is written beside it for the launcher to
 * compare. Run by {@code mvn package} (skipped with {@code -Dmaven.test.skip}); a failure here
 * costs start-up speed, not the build.
 */
public final class StartupArchive {

    private static final List<List<String>> TRAINING = List.of(
            List.of("resolve", "customer-000042"),
            List.of("resolve", "customer-000042", "-o", "table"),
            List.of("resolve", "no-such-user"),
            List.of("list", "--limit", "20", "-o", "table"),
            List.of("list", "--limit", "20", "-o", "csv"),
            List.of("list", "--limit", "20", "-o", "ndjson"),
            List.of("list", "--all", "--limit", "200", "-o", "json"),
            List.of("list", "--count"),
            List.of("--help"));

    /**
     * The same over HTTPS (HTTP/2, TLS 1.3, a test CA given as USERLOOKUP_CA_CERT): the real
     * service speaks only HTTPS, and its TLS and HTTP/2 classes are a thousand more than plain
     * http loads. The last run is a refused certificate (no CA given), for the error's classes.
     */
    private static final List<List<String>> HTTPS_TRAINING = List.of(
            List.of("resolve", "customer-000042"),
            List.of("resolve", "customer-000042", "customer-000043", "customer-000044", "-o", "ndjson"),
            List.of("list", "--all", "--limit", "200", "-o", "json"),
            List.of("resolve", "customer-000042", "--retries", "0"));

    /** The JVM options the launcher runs with; an AOT cache only fits a run with the same ones. */
    static final List<String> LAUNCHER_OPTIONS = List.of("-XX:-UsePerfData", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
            "-Xms32m", "-Xmn16m", "-Xss1m");

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args[0]).toAbsolutePath();
        Path archive = jar.resolveSibling("userlookup.jsa");
        Path stamp = jar.resolveSibling("userlookup.jsa.jdk");
        Files.deleteIfExists(archive);
        Files.deleteIfExists(stamp);
        try {
            build(jar, archive, stamp);
            System.out.println("[startup-archive] " + archive + " for Java " + Files.readString(stamp).strip());
        } catch (Exception e) {
            Files.deleteIfExists(archive);
            Files.deleteIfExists(stamp);
            System.out.println("[startup-archive] not built, the launcher will start without it: " + e.getMessage());
        }
        for (Path home : aotJdks()) {
            try {
                Path cache = buildAotCache(jar, home);
                System.out.println("[startup-archive] " + cache + " (AOT cache for " + home + ")");
            } catch (Exception e) {
                System.out.println("[startup-archive] no AOT cache for " + home + ": " + e.getMessage());
            }
        }
    }

    /**
     * JDKs of 25 or later on this machine (under /usr/lib/jvm, or those named by
     * -Dstartup.aotJdks=home,home): the launcher runs on them with an AOT cache (JEP 483/514)
     * when one built for that exact version lies beside the jar.
     */
    static List<Path> aotJdks() throws IOException {
        List<Path> homes = new ArrayList<>();
        String named = System.getProperty("startup.aotJdks", "");
        if (!named.isBlank()) {
            for (String home : named.split(",")) {
                homes.add(Path.of(home.trim()));
            }
        } else if (Files.isDirectory(Path.of("/usr/lib/jvm"))) {
            try (var entries = Files.list(Path.of("/usr/lib/jvm"))) {
                entries.filter(home -> !Files.isSymbolicLink(home) && Files.isExecutable(home.resolve("bin/java")))
                        .sorted().forEach(homes::add);
            }
        }
        homes.removeIf(home -> majorVersion(home) < 25);
        return homes;
    }

    private static int majorVersion(Path home) {
        String version = releaseVersion(home);
        try {
            return version == null ? 0 : Integer.parseInt(version.split("[.+-]")[0]);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** JAVA_RUNTIME_VERSION from a JDK's release file, as the launcher reads it. */
    static String releaseVersion(Path home) {
        try {
            for (String line : Files.readAllLines(home.resolve("release"))) {
                if (line.startsWith("JAVA_RUNTIME_VERSION=")) {
                    return line.substring("JAVA_RUNTIME_VERSION=".length()).replace("\"", "");
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    /** Record one typical run against the fake, then create the cache (two steps: neither prints into a user's output). */
    private static Path buildAotCache(Path jar, Path home) throws IOException, InterruptedException {
        String version = releaseVersion(home);
        Path cache = jar.resolveSibling("userlookup-" + version + ".aot");
        Files.deleteIfExists(cache);
        Path config = Files.createTempFile("userlookup", ".aotconf");
        String java = home.resolve("bin/java").toString();
        // One run only can be recorded: a resolve over HTTPS, the only way the real service is reached.
        try (FakeService fake = FakeService.builder().users(1250).https().start()) {
            List<String> record = new ArrayList<>(List.of(java));
            record.addAll(LAUNCHER_OPTIONS);
            record.addAll(List.of("-XX:AOTMode=record", "-XX:AOTConfiguration=" + config, "-jar", jar.toString(),
                    "resolve", "customer-000042"));
            ProcessBuilder builder = new ProcessBuilder(record);
            trainingEnvironment(builder, fake, true);
            run(builder);
        }
        List<String> create = new ArrayList<>(List.of(java));
        create.addAll(LAUNCHER_OPTIONS);
        create.addAll(List.of("-XX:AOTMode=create", "-XX:AOTConfiguration=" + config, "-XX:AOTCache=" + cache, "-jar", jar.toString()));
        run(new ProcessBuilder(create));
        Files.deleteIfExists(config);
        if (!Files.isRegularFile(cache)) {
            throw new IOException("the JVM wrote no cache");
        }
        return cache;
    }

    private static void build(Path jar, Path archive, Path stamp) throws IOException, InterruptedException {
        String java = javaCommand();
        Path work = Files.createTempDirectory("userlookup-cds");
        Set<String> classes = new LinkedHashSet<>();
        try (FakeService fake = FakeService.builder().users(1250).start();
             FakeService secure = FakeService.builder().users(1250).https().start()) {
            int run = 0;
            for (List<String> arguments : TRAINING) {
                classes.addAll(loadedClasses(java, jar, work.resolve("classes-" + run++ + ".lst"), arguments, fake, true));
            }
            for (List<String> arguments : HTTPS_TRAINING) {
                boolean trusted = run < TRAINING.size() + HTTPS_TRAINING.size() - 1;
                classes.addAll(loadedClasses(java, jar, work.resolve("classes-" + run++ + ".lst"), arguments, secure, trusted));
            }
        }
        Path merged = work.resolve("classes.lst");
        Files.write(merged, classes, StandardCharsets.UTF_8);
        run(new ProcessBuilder(java, "-Xshare:dump", "-XX:SharedClassListFile=" + merged,
                "-XX:SharedArchiveFile=" + archive, "-cp", jar.toString()));
        if (!Files.isRegularFile(archive)) {
            throw new IOException("the JVM wrote no archive");
        }
        Files.writeString(stamp, runtimeVersion(java) + "\n");
    }

    private static List<String> loadedClasses(String java, Path jar, Path list, List<String> arguments, FakeService fake,
            boolean trusted) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(LAUNCHER_OPTIONS);
        command.addAll(List.of("-XX:DumpLoadedClassList=" + list, "-jar", jar.toString()));
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command);
        trainingEnvironment(builder, fake, trusted);
        run(builder);
        List<String> classes = new ArrayList<>();
        for (String line : Files.readAllLines(list, StandardCharsets.UTF_8)) {
            if (!line.isBlank() && !line.startsWith("#")) {
                classes.add(line);
            }
        }
        return classes;
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

    /** The java the launcher will pick: JAVA_HOME's, else the one on PATH. */
    static String javaCommand() {
        String home = System.getenv("JAVA_HOME");
        if (home != null && !home.isBlank() && new File(home, "bin/java").canExecute()) {
            return new File(home, "bin/java").getPath();
        }
        return "java";
    }

    /** JAVA_RUNTIME_VERSION as the launcher reads it from the JDK's release file. */
    private static String runtimeVersion(String java) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(java, "-XshowSettings:properties", "-version").redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor();
        for (String line : output.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.startsWith("java.runtime.version = ")) {
                return trimmed.substring("java.runtime.version = ".length());
            }
        }
        throw new IOException("cannot tell the runtime version of " + java);
    }

    private static void run(ProcessBuilder builder) throws IOException, InterruptedException {
        builder.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Process process = builder.start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("timed out: " + builder.command());
        }
    }

    private StartupArchive() {
    }
}
