package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.userlookup.fake.FakeService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher with and without its class-data archive, moved, linked, and on another JDK. */
class LauncherIT {

    static FakeService fake;
    final ObjectMapper json = new ObjectMapper();

    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        fake = FakeService.builder().users(100).start();
    }

    @AfterAll
    static void stop() {
        fake.close();
    }

    private Map<String, String> env(String... extra) {
        Map<String, String> env = new HashMap<>(Map.of("USERLOOKUP_BASE_URL", fake.baseUrl(), "USERLOOKUP_API_KEY", fake.apiKey(),
                "XDG_CACHE_HOME", dir.resolve("cache").toString()));
        for (int i = 0; i < extra.length; i += 2) {
            env.put(extra[i], extra[i + 1]);
        }
        return env;
    }

    /** A copy of the launcher and jar in a folder of their own, with or without the archive. */
    private Path install(boolean withArchive) throws Exception {
        return install(withArchive, "bin");
    }

    private Path install(boolean withArchive, String folder) throws Exception {
        Path bin = Files.createDirectories(dir.resolve(folder));
        Files.copy(Subprocess.LAUNCHER, bin.resolve("userlookup"));
        Files.copy(Subprocess.JAR, bin.resolve("userlookup.jar"));
        Path archive = Subprocess.LAUNCHER.resolveSibling("userlookup.jsa");
        if (withArchive && Files.exists(archive)) {
            Files.copy(archive, bin.resolve("userlookup.jsa"));
            Files.copy(Subprocess.LAUNCHER.resolveSibling("userlookup.jsa.jdk"), bin.resolve("userlookup.jsa.jdk"));
        }
        return bin.resolve("userlookup");
    }

    private void assertResolves(Subprocess.Result result) throws Exception {
        assertEquals(0, result.exit(), result::toString);
        assertEquals("", result.err(), "nothing from the JVM on stderr");
        assertEquals(fake.users().user(7), json.readTree(result.out()), "nothing from the JVM on stdout either");
    }

    @Test
    void theBuildLeavesAnArchiveStampedWithItsJdk() throws Exception {
        Path stamp = Subprocess.LAUNCHER.resolveSibling("userlookup.jsa.jdk");
        assertTrue(Files.exists(Subprocess.LAUNCHER.resolveSibling("userlookup.jsa")), "target/userlookup.jsa");
        assertTrue(Files.readString(stamp).strip().matches("\\d+[.\\d]*.*"), Files.readString(stamp));
    }

    @Test
    void resolvesOverHttpsWithAPrivateCaQuietly() throws Exception {
        try (FakeService secure = FakeService.builder().users(100).https().start()) {
            Map<String, String> env = env("USERLOOKUP_BASE_URL", secure.baseUrl(), "USERLOOKUP_CA_CERT", secure.caCert().toString(),
                    "SSL_CERT_FILE", "");
            Subprocess.Result result = Subprocess.run(env, Duration.ofSeconds(60), Subprocess.LAUNCHER.toString(), "resolve",
                    secure.users().clientUserId(7));
            Subprocess.Result verbose = Subprocess.run(env, Duration.ofSeconds(60), Subprocess.LAUNCHER.toString(), "-v", "resolve",
                    secure.users().clientUserId(7));
            Subprocess.Result untrusted = Subprocess.run(env("USERLOOKUP_BASE_URL", secure.baseUrl(), "SSL_CERT_FILE", ""),
                    Duration.ofSeconds(60), Subprocess.LAUNCHER.toString(), "resolve", secure.users().clientUserId(7));

            assertResolves(result);
            assertTrue(verbose.err().contains("(HTTP/2, TLSv1.3)"), verbose::toString);
            assertEquals(5, untrusted.exit(), untrusted::toString);
            assertTrue(untrusted.err().contains("is not signed by a trusted CA"), untrusted::toString);
        }
    }

    @Test
    void worksWithoutItsArchive() throws Exception {
        Path launcher = install(false);

        assertResolves(Subprocess.run(env(), Duration.ofSeconds(60), launcher.toString(), "resolve", fake.users().clientUserId(7)));
    }

    @Test
    void ignoresAnArchiveOfAnotherJdkOrACorruptOneWithoutAWord() throws Exception {
        Path launcher = install(true);
        Files.writeString(launcher.resolveSibling("userlookup.jsa.jdk"), "11.0.1+1\n");
        assertResolves(Subprocess.run(env(), Duration.ofSeconds(60), launcher.toString(), "resolve", fake.users().clientUserId(7)));

        Path stamp = Subprocess.LAUNCHER.resolveSibling("userlookup.jsa.jdk");
        Files.copy(stamp, launcher.resolveSibling("userlookup.jsa.jdk"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Path archive = launcher.resolveSibling("userlookup.jsa");
        archive.toFile().setWritable(true);
        Files.write(archive, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        assertResolves(Subprocess.run(env(), Duration.ofSeconds(60), launcher.toString(), "resolve", fake.users().clientUserId(7)));
    }

    @Test
    void worksFromAFolderWithSpacesWithAndWithoutItsArchive() throws Exception {
        Path launcher = install(true, "Program Files/user lookup");

        assertResolves(Subprocess.run(env("XDG_CACHE_HOME", dir.resolve("my cache").toString()), Duration.ofSeconds(60),
                launcher.toString(), "resolve", fake.users().clientUserId(7)));
        Path jdk25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
        if (Files.isExecutable(jdk25.resolve("bin/java"))) {
            assertResolves(Subprocess.run(env("JAVA_HOME", jdk25.toString(), "XDG_CACHE_HOME", dir.resolve("my cache").toString()),
                    Duration.ofSeconds(60), launcher.toString(), "resolve", fake.users().clientUserId(7)));
        }
    }

    @Test
    void worksThroughASymlinkFromAnotherFolder() throws Exception {
        Path launcher = install(true);
        Path link = Files.createDirectories(dir.resolve("links")).resolve("ul");
        Files.createSymbolicLink(link, launcher);

        assertResolves(Subprocess.run(env(), Duration.ofSeconds(60), link.toString(), "resolve", fake.users().clientUserId(7)));
    }

    @Test
    void userJavaOptionsMayChooseAnotherCollector() throws Exception {
        Path launcher = install(true);

        assertResolves(Subprocess.run(env("USERLOOKUP_JAVA_OPTS", "-XX:+UseParallelGC"), Duration.ofSeconds(60),
                launcher.toString(), "resolve", fake.users().clientUserId(7)));
    }

    @Test
    void aJdk25RunsWithTheAotCacheBuiltForIt() throws Exception {
        Path jdk25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
        assumeTrue(Files.isExecutable(jdk25.resolve("bin/java")), "a second JDK (25) to try");
        try (var files = Files.list(Subprocess.LAUNCHER.getParent())) {
            assertTrue(files.anyMatch(file -> file.getFileName().toString().matches("userlookup-25\\..*\\.aot")),
                    "the build made an AOT cache for the JDK 25 it found");
        }

        assertResolves(Subprocess.run(env("JAVA_HOME", jdk25.toString()), Duration.ofSeconds(60),
                Subprocess.LAUNCHER.toString(), "resolve", fake.users().clientUserId(7)));
    }

    @Test
    void onAnotherJdkItCreatesItsOwnArchiveQuietly() throws Exception {
        Path jdk25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
        assumeTrue(Files.isExecutable(jdk25.resolve("bin/java")), "a second JDK (25) to try");
        Path launcher = install(true);

        for (int run = 0; run < 2; run++) {
            assertResolves(Subprocess.run(env("JAVA_HOME", jdk25.toString()), Duration.ofSeconds(60),
                    launcher.toString(), "resolve", fake.users().clientUserId(7)));
        }
        try (var files = Files.list(dir.resolve("cache/userlookup"))) {
            assertTrue(files.anyMatch(file -> file.getFileName().toString().matches("userlookup-\\d{14}-25\\..*\\.jsa")),
                    "an archive named for this build and JDK in the cache");
        }
    }
}
