package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.userlookup.build.StartupArchive;
import dev.userlookup.fake.AwkwardCase;
import dev.userlookup.fake.FakeService;
import dev.userlookup.fake.LoopbackTunnels;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The launcher with and without its class-data archive, moved, linked, copied without its jar, on
 * other JDKs and version strings, under CDPATH, in the C locale and under other shells. What the
 * launcher chooses (java, archive, options, locale, dumps) is read from a stub java (StubJava);
 * a real JVM runs where its answer is the point.
 */
class LauncherIT {

    static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    static final Path JDK17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");
    /** A JDK other than the one running the tests (JDK 17 when they run on 25): the second JDK a cache meets. */
    static final Path OTHER_JDK = Runtime.version().feature() >= 25 ? JDK17 : JDK25;

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

    /**
     * A copy of the launcher and jar in a folder of their own, with or without the archive built
     * with the jar; without the class list, so no test that is not about it waits for a dump.
     */
    private Path install(boolean withArchive) throws Exception {
        return install(withArchive, "bin");
    }

    /** A copy with the class list too: where the archive does not fit, the launcher dumps one of its own. */
    private Path installWithClassList() throws Exception {
        return installWithClassList("bin");
    }

    private Path installWithClassList(String folder) throws Exception {
        Path launcher = install(true, folder);
        Files.copy(Subprocess.LAUNCHER.resolveSibling("userlookup.classlist"), launcher.resolveSibling("userlookup.classlist"));
        return launcher;
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

    /** The JDK version the build's archive is stamped with (the running JDK's if there is none). */
    private static String stampedVersion() throws Exception {
        Path stamp = Subprocess.LAUNCHER.resolveSibling("userlookup.jsa.jdk");
        return Files.exists(stamp) ? Files.readAllLines(stamp).get(0) : StubJava.releaseVersion();
    }

    /** A stub (StubJava) of the JDK the build's archive was made with, for what the launcher chooses. */
    private Path stubJdk() throws Exception {
        return StubJava.home(dir.resolve("stub jdk"), stampedVersion(), StubJava.DUMP_WRITES_AN_ARCHIVE);
    }

    /**
     * Runs {@code command} and {@code arguments} in {@code cwd} (null: here) with JAVA_HOME the stub
     * {@code jdk} and {@code extra} over {@link #env}; asserts the launcher ended 0 and quiet,
     * having run the tool from {@code jar} with {@code arguments}.
     */
    private StubJava.Launch onStub(Path jdk, Path jar, Path cwd, Map<String, String> extra, List<String> command, String... arguments) {
        Map<String, String> env = env("JAVA_HOME", jdk.toString());
        env.putAll(extra);
        List<String> all = new ArrayList<>(command);
        all.addAll(List.of(arguments));
        return StubJava.ranTool(jdk, Subprocess.run(cwd, env, Duration.ofSeconds(60), all), jar, arguments);
    }

    /** The launcher at {@code launcher} resolving customer 7 on the stub {@code jdk}, with {@code extraEnv} (name, value, ...). */
    private StubJava.Launch resolveOnStub(Path jdk, Path jar, Path launcher, String... extraEnv) {
        Map<String, String> extra = new HashMap<>();
        for (int i = 0; i < extraEnv.length; i += 2) {
            extra.put(extraEnv[i], extraEnv[i + 1]);
        }
        return onStub(jdk, jar, null, extra, List.of(launcher.toString()), "resolve", fake.users().clientUserId(7));
    }

    /** The path of an archive in the test's cache as the launcher names it (from XDG_CACHE_HOME as given, not resolved). */
    private String cached(String name) {
        return dir.resolve("cache/userlookup").resolve(name).toString();
    }

    @Test
    void theBuildLeavesAnArchiveStampedWithItsJdkAndJarThatTheLauncherUsesInPlace() throws Exception {
        Path stamp = Subprocess.LAUNCHER.resolveSibling("userlookup.jsa.jdk");
        assertTrue(Files.exists(Subprocess.LAUNCHER.resolveSibling("userlookup.jsa")), "target/userlookup.jsa");
        List<String> lines = Files.readAllLines(stamp);
        assertEquals(2, lines.size(), lines::toString);
        assertTrue(lines.get(0).matches("\\d+.*"), lines::toString);
        assertEquals(Subprocess.JAR.toRealPath().toString(), lines.get(1));

        // -Xshare:on: the JVM stops rather than run without the archive it was given.
        assertResolves(Subprocess.run(env("USERLOOKUP_JAVA_OPTS", "-Xshare:on"), Duration.ofSeconds(60),
                Subprocess.LAUNCHER.toString(), "resolve", fake.users().clientUserId(7)));
    }

    @Test
    void aCopyOfTheArchiveBesideACopyOfTheJarIsLeftAlone() throws Exception {
        // JDK 17 refuses an archive whose jar has moved, and then shares nothing, not even the
        // JDK's own classes: the launcher must not pass it. In place, on the same JDK, it does.
        Path launcher = install(true);
        assumeTrue(Files.exists(launcher.resolveSibling("userlookup.jsa")), "the build made an archive");
        Path jdk = stubJdk();

        assertEquals(Subprocess.LAUNCHER.resolveSibling("userlookup.jsa").toRealPath().toString(),
                resolveOnStub(jdk, Subprocess.JAR, Subprocess.LAUNCHER).tool().archive(), "in place");
        assertNull(resolveOnStub(jdk, launcher.resolveSibling("userlookup.jar"), launcher).tool().archive(), "beside a copy of the jar");
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
    void aJavaOptionThatKeepsBasicOffForTunnelsIsNamedWhenTheProxyAsks() throws Exception {
        // The tool turns Basic on for proxy tunnels before java.net.http loads; a user's own
        // -Djdk.http.auth.tunneling.disabledSchemes=Basic wins, and the 407 then says where to look.
        try (FakeService secure = FakeService.builder().users(100).https().start();
             LoopbackTunnels proxy = LoopbackTunnels.connectProxy("agent:right")) {
            String id = secure.users().clientUserId(7);
            Map<String, String> env = env("USERLOOKUP_BASE_URL", "https://users.service.test:" + secure.port(),
                    "USERLOOKUP_CA_CERT", secure.caCert().toString(), "SSL_CERT_FILE", "",
                    "HTTPS_PROXY", "http://agent:right@127.0.0.1:" + proxy.port(), "NO_PROXY", "");

            Subprocess.Result through = Subprocess.run(env, Duration.ofSeconds(60), Subprocess.LAUNCHER.toString(), "resolve", id);
            env.put("USERLOOKUP_JAVA_OPTS", "-Djdk.http.auth.tunneling.disabledSchemes=Basic");
            Subprocess.Result refused = Subprocess.run(env, Duration.ofSeconds(60), Subprocess.LAUNCHER.toString(), "resolve", id);

            assertEquals(0, through.exit(), through::toString);
            assertEquals(secure.users().user(7), json.readTree(through.out()));
            assertEquals(5, refused.exit(), refused::toString);
            assertEquals("userlookup: resolve \"" + id + "\": the proxy http://127.0.0.1:" + proxy.port()
                    + " asks for credentials (HTTP 407) in a way this Java does not send them"
                    + " (check jdk.http.auth.tunneling.disabledSchemes in USERLOOKUP_JAVA_OPTS)\n", refused.err());
            assertEquals(0, proxy.refusedLogins(), "no credentials were sent, so none were refused");
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
        assumeTrue(Files.exists(launcher.resolveSibling("userlookup.jsa")), "the build made an archive");
        Path jar = launcher.resolveSibling("userlookup.jar");
        Path stamp = launcher.resolveSibling("userlookup.jsa.jdk");
        Path archive = launcher.resolveSibling("userlookup.jsa");
        Path jdk = stubJdk();

        // Stamped for this copy of the jar and this JDK, the archive is given; by another JDK, not.
        Files.writeString(stamp, stampedVersion() + "\n" + jar.toRealPath() + "\n");
        assertEquals(archive.toRealPath().toString(), resolveOnStub(jdk, jar, launcher).tool().archive());
        Files.writeString(stamp, "11.0.1+1\n");
        assertNull(resolveOnStub(jdk, jar, launcher).tool().archive(), "an archive of another JDK");

        // A corrupt archive stamped as fitting is given, and the JVM runs without it, without a word.
        Files.writeString(stamp, stampedVersion() + "\n" + jar.toRealPath() + "\n");
        archive.toFile().setWritable(true);
        Files.write(archive, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        assertEquals(archive.toRealPath().toString(), resolveOnStub(jdk, jar, launcher).tool().archive());
        assumeTrue(stampedVersion().equals(StubJava.releaseVersion()), "the tests run on the JDK that made the archive");
        assertResolves(Subprocess.run(env("JAVA_HOME", System.getProperty("java.home")), Duration.ofSeconds(60),
                launcher.toString(), "resolve", fake.users().clientUserId(7)));
    }

    @Test
    void worksFromAFolderWithSpacesWithAndWithoutItsArchive() throws Exception {
        Path launcher = installWithClassList("Program Files/user lookup");
        Path jar = launcher.resolveSibling("userlookup.jar");
        Path jdk = stubJdk();
        String cache = dir.resolve("my cache").toString();

        // Without an archive that fits (the build's is for the build's jar): one of its own in a cache with a space.
        StubJava.Launch first = resolveOnStub(jdk, jar, launcher, "XDG_CACHE_HOME", cache);
        assertEquals(1, first.dumps().size(), first::toString);
        List<String> dump = first.dumps().get(0).arguments();
        assertEquals(jar.toRealPath().toString(), dump.get(dump.indexOf("-cp") + 1), first::toString);
        assertTrue(first.tool().archive().startsWith(cache + "/userlookup/userlookup-"), first::toString);
        // With the archive stamped for it where it is.
        Files.writeString(launcher.resolveSibling("userlookup.jsa.jdk"), stampedVersion() + "\n" + jar.toRealPath() + "\n");
        assertEquals(launcher.resolveSibling("userlookup.jsa").toRealPath().toString(),
                resolveOnStub(jdk, jar, launcher, "XDG_CACHE_HOME", cache).tool().archive());
        // Another JDK than the one the build's archive was made with (the build may run on 25.0.3 itself).
        String other = stampedVersion().equals("25.0.3+9-LTS") ? "25.0.1+8-LTS" : "25.0.3+9-LTS";
        Path jdk25 = StubJava.home(dir.resolve("jdk 25"), other, StubJava.DUMP_WRITES_AN_ARCHIVE);
        StubJava.Launch on25 = resolveOnStub(jdk25, jar, launcher, "XDG_CACHE_HOME", cache);
        assertTrue(on25.tool().archive().startsWith(cache + "/userlookup/userlookup-") && on25.tool().archive().endsWith("-" + other + ".jsa"),
                on25::toString);
    }

    @Test
    void worksThroughASymlinkFromAnotherFolder() throws Exception {
        Path launcher = install(true);
        Path link = Files.createDirectories(dir.resolve("links")).resolve("ul");
        Files.createSymbolicLink(link, launcher);

        resolveOnStub(stubJdk(), launcher.resolveSibling("userlookup.jar"), link);
    }

    @Test
    void userJavaOptionsMayChooseAnotherCollector() throws Exception {
        // Two collectors would stop the JVM: the user's replaces the launcher's.
        Path launcher = install(true);
        Path jar = launcher.resolveSibling("userlookup.jar");
        Path jdk = stubJdk();

        List<String> plain = resolveOnStub(jdk, jar, launcher).tool().arguments();
        List<String> chosen = resolveOnStub(jdk, jar, launcher, "USERLOOKUP_JAVA_OPTS", "-XX:+UseParallelGC").tool().arguments();
        assertEquals(List.of("-XX:+UseSerialGC"), plain.stream().filter(word -> word.matches("-XX:\\+Use.*GC")).toList(), plain::toString);
        assertEquals(List.of("-XX:+UseParallelGC"), chosen.stream().filter(word -> word.matches("-XX:\\+Use.*GC")).toList(), chosen::toString);
    }

    @Test
    void aJdk25RunsWithTheAotCacheBuiltForItWhereverItIsMoved() throws Exception {
        // The cache the build makes for a JDK 25 (-Dstartup.aotJdks) is named for its version, and
        // given to that JDK only, wherever the tree is moved. A real JVM taking a real cache after
        // a move (-XX:AOTMode=on) is BundleIT's: the bundle's runtime runs on one, moved.
        Path home = unpack();
        String version = Files.isExecutable(JDK25.resolve("bin/java")) ? StartupArchive.releaseVersion(JDK25) : "25.0.3+9-LTS";
        Files.writeString(home.resolve("lib/userlookup-" + version + ".aot"), "an AOT cache");
        Path jdk25 = StubJava.home(dir.resolve("jdk 25"), version, StubJava.DUMP_WRITES_AN_ARCHIVE);
        Path another = StubJava.home(dir.resolve("another jdk 25"), "25.0.1+8-LTS", StubJava.DUMP_WRITES_AN_ARCHIVE);
        Path moved = Files.move(home, dir.resolve("moved"));
        Path jar = moved.resolve("lib/userlookup.jar");

        StubJava.Run run = resolveOnStub(jdk25, jar, moved.resolve("bin/userlookup")).tool();
        assertEquals(moved.toRealPath().resolve("lib/userlookup-" + version + ".aot").toString(), run.option("-XX:AOTCache="), run::toString);
        assertNull(run.archive(), run::toString);
        StubJava.Run other = resolveOnStub(another, jar, moved.resolve("bin/userlookup")).tool();
        assertNull(other.option("-XX:AOTCache="), "a cache fits only the JDK that made it: " + other);
    }

    /**
     * A stub JAVA_HOME (StubJava) whose release file says {@code JAVA_RUNTIME_VERSION="version"}, or
     * has no such line (null), or is missing (""): what the version string decides is whether an
     * archive is made and its name; a real dump, and its use, are the fresh home's test.
     */
    private Path fakeJdk(String version) {
        Path home = dir.resolve("jdk " + (version == null ? "unnamed" : version.isEmpty() ? "bare" : version));
        return StubJava.home(home, version, StubJava.DUMP_WRITES_AN_ARCHIVE);
    }

    private List<String> cacheFiles() throws Exception {
        Path cache = dir.resolve("cache/userlookup");
        if (!Files.isDirectory(cache)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(cache)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }

    /**
     * Two runs on the JDK of that version string: without a version none is made or given (none
     * could be told from another JDK's); with one, the first run dumps an archive named for it and
     * runs with it, the next runs with it.
     */
    private void assertArchiveMadeOnceThenUsed(String version) throws Exception {
        Path home = fakeJdk(version);
        Path launcher = installWithClassList();
        Path jar = launcher.resolveSibling("userlookup.jar");

        StubJava.Launch first = resolveOnStub(home, jar, launcher);
        StubJava.Launch second = resolveOnStub(home, jar, launcher);
        List<String> cache = cacheFiles();
        if (version == null || version.isEmpty()) {
            assertEquals(List.of(), cache, "a JDK that names no version gets no archive: none could be told from another JDK's");
            assertEquals(List.of(), first.dumps());
            assertNull(first.tool().archive());
            assertNull(second.tool().archive());
        } else {
            assertEquals(1, cache.size(), cache::toString);
            assertTrue(cache.get(0).matches("userlookup-\\d+-\\d{14}-" + Pattern.quote(version) + "\\.jsa"), cache::toString);
            assertEquals(1, first.dumps().size(), first::toString);
            assertEquals(cached(cache.get(0)), first.tool().archive());
            assertEquals(List.of(), second.dumps(), "made once");
            assertEquals(cached(cache.get(0)), second.tool().archive());
        }
    }

    @ParameterizedTest(name = "JAVA_RUNTIME_VERSION={0}")
    @ValueSource(strings = {"17+35", "17-ea", "17", "17.0.15+6-Debian-1deb12u1", "1.8.0_292-b10", "none", "no release file"})
    void startsOnAJdk17WhateverItsVersionStringLooksLike(String given) throws Exception {
        assertArchiveMadeOnceThenUsed(given.equals("none") ? null : given.equals("no release file") ? "" : given);
    }

    @ParameterizedTest(name = "JAVA_RUNTIME_VERSION={0}")
    @ValueSource(strings = {"21.0.1+12-LTS", "25", "25-ea", "25.0.3+9-LTS", "19+36-2238"})
    void createsItsOwnArchiveOnJdk19AndLater(String version) throws Exception {
        assertArchiveMadeOnceThenUsed(version);
    }

    /** The launcher under {@code ulimit -v kb} (a shell sets it, then becomes the launcher). */
    private Subprocess.Result underVirtualMemoryLimit(int kb, Map<String, String> env, Path launcher, String... arguments) {
        List<String> command = new ArrayList<>(List.of("sh", "-c", "ulimit -v \"$1\" || exit 99; shift; exec \"$@\"", "sh",
                String.valueOf(kb), launcher.toString()));
        command.addAll(List.of(arguments));
        return Subprocess.run(env, Duration.ofSeconds(120), command);
    }

    @ParameterizedTest(name = "ulimit -v {0}")
    @ValueSource(ints = {2_000_000, 1_000_000, 700_000, 590_000})
    void underAVirtualMemoryLimitTheJvmIsSizedToFitIt(int kb) throws Exception {
        // The JVM's own sizes reserve more than 2 GB of address space: it stopped with its two lines.
        // A walk of 16 requests at once (threads, malloc arenas) on this JDK; a resolve on JDK 25.
        Subprocess.Result walk = underVirtualMemoryLimit(kb, env(), Subprocess.LAUNCHER, "list", "--all", "--parallel", "16", "-o", "ndjson");
        assertEquals(0, walk.exit(), walk::toString);
        assertEquals("", walk.err(), walk::toString);
        assertEquals(100, walk.out().lines().count(), walk::toString);
        if (Files.isExecutable(JDK25.resolve("bin/java"))) {
            assertResolves(underVirtualMemoryLimit(kb, env("JAVA_HOME", JDK25.toString()), Subprocess.LAUNCHER, "resolve",
                    fake.users().clientUserId(7)));
        }
    }

    @ParameterizedTest(name = "ulimit -v {0}")
    @ValueSource(ints = {200_000, 500_000})
    void belowWhatAnyJvmNeedsTheLauncherSaysSoInOneLine(int kb) throws Exception {
        // A segmentation fault (exit 139) under 200 MB, the JVM's two lines above.
        Subprocess.Result result = underVirtualMemoryLimit(kb, env(), Subprocess.LAUNCHER, "resolve", fake.users().clientUserId(7));

        assertEquals(1, result.exit(), result::toString);
        assertEquals("", result.out(), result::toString);
        assertEquals("userlookup: Java cannot start within the virtual memory limit of " + kb / 1024 + " MB (ulimit -v): it needs 576 MB;"
                + " raise the limit (ulimit -v 589824) or lift it (ulimit -v unlimited)\n", result.err());
    }

    @Test
    void underAVirtualMemoryLimitNoArchiveIsDumpedAndNoneIsMarkedFailed() throws Exception {
        // A dump sized for no limit would fail there, and its marker keep the archive away for a day.
        Path launcher = installWithClassList();
        Path jar = launcher.resolveSibling("userlookup.jar");
        Path jdk = stubJdk();
        String id = fake.users().clientUserId(7);
        Map<String, String> env = env("JAVA_HOME", jdk.toString());

        StubJava.Launch limited = StubJava.ranTool(jdk, underVirtualMemoryLimit(2_000_000, env, launcher, "resolve", id), jar, "resolve", id);
        assertEquals(List.of(), limited.dumps());
        assertNull(limited.tool().archive());
        assertEquals(List.of(), cacheFiles());

        StubJava.Launch free = resolveOnStub(jdk, jar, launcher);
        List<String> made = cacheFiles();
        assertEquals(1, made.size(), made::toString);
        assertTrue(made.get(0).endsWith(".jsa"), made::toString);
        assertEquals(1, free.dumps().size());
        assertEquals(cached(made.get(0)), free.tool().archive());

        StubJava.Launch again = StubJava.ranTool(jdk, underVirtualMemoryLimit(2_000_000, env, launcher, "resolve", id), jar, "resolve", id);
        assertEquals(List.of(), again.dumps());
        assertEquals(cached(made.get(0)), again.tool().archive(), "the archive made is used under a limit too");
    }

    @Test
    void cdpathNeitherMovesNorPrintsTheFolderItComputes() throws Exception {
        Path launcher = install(true);
        Path jar = launcher.resolveSibling("userlookup.jar");
        Path jdk = stubJdk();
        String id = fake.users().clientUserId(7);
        // A decoy with a bin/ of its own: cd bin would go there, and print it, were CDPATH used.
        Path decoy = Files.createDirectories(dir.resolve("decoy/bin")).getParent();
        Files.writeString(decoy.resolve("bin/userlookup.jar"), "not a jar");

        for (String cdpath : new String[] {decoy.toString(), ":" + decoy, decoy + ":."}) {
            onStub(jdk, jar, dir, Map.of("CDPATH", cdpath), List.of("bin/userlookup"), "resolve", id);
        }
        onStub(jdk, jar, launcher.getParent(), Map.of("CDPATH", decoy.toString()), List.of("./userlookup"), "resolve", id);
    }

    /**
     * Runs the launcher against a server that answers resolve with 404 and returns the raw paths
     * resolve asked for; its list answers (an empty page), so the 404 is a missing user.
     */
    private List<String> requestedPaths(Path launcher, Map<String, String> env, String id) throws Exception {
        List<String> paths = Collections.synchronizedList(new ArrayList<>());
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            boolean list = exchange.getRequestURI().getRawPath().equals("/v2/user/");
            if (!list) {
                paths.add(exchange.getRequestURI().getRawPath());
            }
            byte[] body = (list ? "{\"users\":[],\"total\":0,\"offset\":0,\"limit\":1}" : "{\"detail\":\"User not found\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(list ? 200 : 404, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            Map<String, String> all = new HashMap<>(env);
            all.put("USERLOOKUP_BASE_URL", "http://127.0.0.1:" + server.getAddress().getPort());
            all.put("USERLOOKUP_API_KEY", "k-123456789");
            Subprocess.Result result = Subprocess.run(all, Duration.ofSeconds(60), launcher.toString(), "resolve", id);
            assertEquals(3, result.exit(), result::toString);
            assertEquals("userlookup: resolve \"" + id + "\": not found (HTTP 404): User not found\n", result.err(), result::toString);
        } finally {
            server.stop(0);
        }
        return paths;
    }

    private static Map<String, String> locale(String... pairs) {
        Map<String, String> env = new HashMap<>();
        for (String name : new String[] {"LC_ALL", "LC_CTYPE", "LANG", "LANGUAGE", "LC_MESSAGES"}) {
            env.put(name, null);
        }
        for (int i = 0; i < pairs.length; i += 2) {
            env.put(pairs[i], pairs[i + 1]);
        }
        return env;
    }

    @Test
    void idsStayUtf8InTheCAndPosixLocales() throws Exception {
        // The character set the JVM would decode the id with, read as it reads it, for each locale;
        // then a real JVM on JDK 25 (this JDK's is theCLocaleResolvesAnIdOfCjkAndEmojiToo's).
        Path launcher = install(true);
        Path jar = launcher.resolveSibling("userlookup.jar");
        Path jdk = stubJdk();
        List<Map<String, String>> locales = List.of(locale("LC_ALL", "C"), locale("LC_ALL", "POSIX"), locale(),
                locale("LANG", "C"), locale("LC_CTYPE", "POSIX", "LANG", "C.UTF-8"), locale("LC_ALL", "C", "LC_CTYPE", "C.UTF-8"));
        for (Map<String, String> env : locales) {
            StubJava.Run run = onStub(jdk, jar, null, env, List.of(launcher.toString()), "resolve", "Zo\u00eb").tool();
            assertEquals("UTF-8", run.charmap(), env + ": " + run);
        }
        if (Files.isExecutable(JDK25.resolve("bin/java"))) {
            Map<String, String> env = locale("LC_ALL", "C");
            env.put("JAVA_HOME", JDK25.toString());
            env.put("XDG_CACHE_HOME", dir.resolve("cache").toString());
            assertEquals(List.of("/v2/user/resolve/Zo%C3%AB"), requestedPaths(launcher, env, "Zo\u00eb"), "JDK 25");
        }
    }

    @Test
    void theCLocaleResolvesAnIdOfCjkAndEmojiToo() throws Exception {
        Path launcher = install(true);
        Map<String, String> env = env();
        env.putAll(locale("LC_ALL", "C"));
        int index = AwkwardCase.NON_ASCII.index();
        String id = fake.users().clientUserId(index);
        assertTrue(id.startsWith("Zo\u00eb \u6771\u4eac"), id);

        Subprocess.Result result = Subprocess.run(env, Duration.ofSeconds(60), launcher.toString(), "resolve", id);
        assertEquals(0, result.exit(), result::toString);
        assertEquals(fake.users().user(index), json.readTree(result.out()));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"direct", "dash", "bash"})
    void aCopyWithoutItsJarSaysSoInOneLine(String shell) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("elsewhere/bin"));
        Path launcher = Files.copy(Subprocess.LAUNCHER, bin.resolve("userlookup"));
        List<String> command = new ArrayList<>(shell.equals("direct") ? List.of() : List.of(shellCommand(shell)));
        command.addAll(List.of(launcher.toString(), "resolve", "x"));

        Subprocess.Result result = Subprocess.run(env(), Duration.ofSeconds(60), command);
        assertTrue(result.exit() != 0, result::toString);
        assertEquals("", result.out(), result::toString);
        assertTrue(result.err().startsWith("userlookup: ") && result.err().endsWith("\n") && result.err().indexOf('\n') == result.err().length() - 1,
                result::toString);
        assertTrue(result.err().contains("userlookup.jar") && result.err().contains(bin.toString()), result::toString);
    }

    private static String shellCommand(String shell) {
        for (String folder : new String[] {"/bin", "/usr/bin", "/usr/local/bin"}) {
            if (Files.isExecutable(Path.of(folder, shell))) {
                return Path.of(folder, shell).toString();
            }
        }
        assumeTrue(false, shell + " is not installed here (apt-get install " + shell + "): the launcher is not tried under it");
        return null;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"dash", "bash"})
    void runsUnderPosixShells(String shell) throws Exception {
        String sh = shellCommand(shell);
        Path launcher = install(true, "Program Files/user lookup");
        Path jar = launcher.resolveSibling("userlookup.jar");
        Path links = Files.createDirectories(dir.resolve("links"));
        Files.createSymbolicLink(links.resolve("ul"), launcher);
        Path jdk = stubJdk();

        for (Path path : List.of(launcher, links.resolve("ul"))) {
            onStub(jdk, jar, null, Map.of("CDPATH", dir.toString()), List.of(sh, path.toString()), "resolve", fake.users().clientUserId(7));
        }
        StubJava.Run c = onStub(jdk, jar, null, locale("LC_ALL", "C"), List.of(sh, launcher.toString()), "resolve", "Zo\u00eb").tool();
        assertEquals("UTF-8", c.charmap(), c::toString);
    }

    @Test
    void worksThroughAChainOfRelativeSymlinksAndALinkedFolder() throws Exception {
        Path launcher = install(true, "opt/userlookup/bin");
        Path jar = launcher.resolveSibling("userlookup.jar");
        Path bin = Files.createDirectories(dir.resolve("home/bin"));
        // home/bin/ul -> ../lib/ul-link -> ../../opt/userlookup/bin/userlookup
        Path lib = Files.createDirectories(dir.resolve("home/lib"));
        Files.createSymbolicLink(lib.resolve("ul-link"), Path.of("../../opt/userlookup/bin/userlookup"));
        Files.createSymbolicLink(bin.resolve("ul"), Path.of("../lib/ul-link"));
        // and a folder that is itself a link: current -> opt/userlookup
        Files.createSymbolicLink(dir.resolve("current"), Path.of("opt/userlookup"));
        Path jdk = stubJdk();

        resolveOnStub(jdk, jar, bin.resolve("ul"));
        resolveOnStub(jdk, jar, dir.resolve("current/bin/userlookup"));
        assertTrue(Files.isRegularFile(launcher));
    }

    static final Path ARCHIVE = Path.of(System.getProperty("userlookup.archive", "target/userlookup-0.1.0.tar.gz"));
    static final String VERSION = System.getProperty("userlookup.version", "0.1.0");

    /**
     * The archive unpacked with tar into a folder of its own, without its class list unless a test
     * is about the archive made from it (the others need not wait for a dump); returns its
     * userlookup-VERSION folder.
     */
    private Path unpack() throws Exception {
        Path home = unpackWithClassList();
        Files.delete(home.resolve("lib/userlookup.classlist"));
        return home;
    }

    private Path unpackWithClassList() throws Exception {
        Path into = Files.createDirectories(dir.resolve("unpacked"));
        Subprocess.Result result = Subprocess.run(Map.of(), Duration.ofSeconds(60), "tar", "-xzf", ARCHIVE.toString(), "-C", into.toString());
        assertEquals(0, result.exit(), result::toString);
        return into.resolve("userlookup-" + VERSION);
    }

    @Test
    void theArchiveHoldsTheLauncherTheJarTheManPageTheCompletionsAndTheReadme() throws Exception {
        Subprocess.Result listing = Subprocess.run(Map.of(), Duration.ofSeconds(60), "tar", "-tzf", ARCHIVE.toString());
        assertEquals(0, listing.exit(), listing::toString);
        String base = "userlookup-" + VERSION + "/";
        List<String> entries = listing.out().lines().filter(entry -> !entry.endsWith("/"))
                .filter(entry -> !entry.matches(Pattern.quote(base) + "lib/userlookup-.+\\.aot")).sorted().toList();
        assertEquals(List.of(base + "README.md", base + "bin/userlookup", base + "lib/userlookup.classlist", base + "lib/userlookup.jar",
                base + "share/bash-completion/completions/userlookup", base + "share/man/man1/userlookup.1",
                base + "share/zsh/site-functions/_userlookup"), entries);

        Path home = unpack();
        assertTrue(Files.isExecutable(home.resolve("bin/userlookup")));
        assertEquals(Files.readString(Path.of("completions/userlookup.bash")), Files.readString(home.resolve("share/bash-completion/completions/userlookup")));
        assertEquals(Files.readString(Path.of("completions/userlookup.zsh")), Files.readString(home.resolve("share/zsh/site-functions/_userlookup")));
        assertEquals(Files.readString(Path.of("README.md")), Files.readString(home.resolve("README.md")));
        assertTrue(Files.readString(home.resolve("bin/userlookup")).matches("(?s)#!/bin/sh\n.*-\\d{14}-\\$version\\.jsa.*"), "the build id is stamped in");
    }

    /** The command as a shell would run it: looked up on PATH, in the folder {@code cwd}, on the stub {@code jdk} found on PATH too. */
    private Subprocess.Result fromPath(Path cwd, Path bin, Path jdk, Map<String, String> extra, String... arguments) {
        Map<String, String> env = env();
        env.put("PATH", bin + ":" + jdk.resolve("bin") + ":" + System.getenv("PATH"));
        env.put("JAVA_HOME", null);
        env.putAll(extra);
        List<String> command = new ArrayList<>(List.of("sh", "-c", "exec userlookup \"$@\"", "sh"));
        command.addAll(List.of(arguments));
        return Subprocess.run(cwd, env, Duration.ofSeconds(60), command);
    }

    @Test
    void unpackedAnywhereItRunsFromPathInAnyFolderAndThroughALinkInABinFolder() throws Exception {
        // The java is the first on PATH (no JAVA_HOME): a stub, whose own folder the launcher finds
        // through its link (its version names the archive the first run makes).
        Path home = unpackWithClassList();
        Path elsewhere = Files.createDirectories(dir.resolve("some project"));
        Path jdk = stubJdk();
        Path javaLink = Files.createSymbolicLink(Files.createDirectories(dir.resolve("java on path/bin")).resolve("java"), jdk.resolve("bin/java"));
        Path javaOnPath = javaLink.getParent().getParent();
        String id = fake.users().clientUserId(7);

        StubJava.Run first = StubJava.ranTool(jdk, fromPath(elsewhere, home.resolve("bin"), javaOnPath, Map.of(), "resolve", id),
                home.resolve("lib/userlookup.jar"), "resolve", id).tool();
        assertTrue(first.archive() != null && first.archive().endsWith("-" + stampedVersion() + ".jsa"), first::toString);

        // ~/bin/userlookup -> the unpacked bin/userlookup, absolute and relative
        Path bin = Files.createDirectories(dir.resolve("home/bin"));
        Files.createSymbolicLink(bin.resolve("userlookup"), home.resolve("bin/userlookup"));
        StubJava.ranTool(jdk, fromPath(elsewhere, bin, javaOnPath, Map.of(), "resolve", id), home.resolve("lib/userlookup.jar"), "resolve", id);
        Files.delete(bin.resolve("userlookup"));
        Files.createSymbolicLink(bin.resolve("userlookup"), bin.relativize(home.resolve("bin/userlookup")));
        StubJava.ranTool(jdk, fromPath(elsewhere, bin, javaOnPath, Map.of(), "resolve", id), home.resolve("lib/userlookup.jar"), "resolve", id);

        // The whole tree moved: nothing in it names where it was unpacked.
        Files.createDirectories(dir.resolve("opt"));
        Path moved = Files.move(home, dir.resolve("opt/userlookup"));
        StubJava.ranTool(jdk, fromPath(elsewhere, moved.resolve("bin"), javaOnPath, Map.of(), "resolve", id), moved.resolve("lib/userlookup.jar"),
                "resolve", id);
        StubJava.Run c = StubJava.ranTool(jdk, fromPath(elsewhere, moved.resolve("bin"), javaOnPath, locale("LC_ALL", "C"), "resolve", "Zo\u00eb"),
                moved.resolve("lib/userlookup.jar"), "resolve", "Zo\u00eb").tool();
        assertEquals("UTF-8", c.charmap(), c::toString);
    }

    /** A fresh home folder: HOME there, no XDG_CACHE_HOME, the unpacked bin/ first on PATH. */
    private Map<String, String> freshHome(Path bin, String... extra) throws Exception {
        Map<String, String> env = env(extra);
        env.put("HOME", Files.createDirectories(dir.resolve("home")).toString());
        env.put("XDG_CACHE_HOME", null);
        env.put("PATH", bin + ":" + System.getenv("PATH"));
        for (int i = 0; i < extra.length; i += 2) {
            env.put(extra[i], extra[i + 1]);
        }
        return env;
    }

    private Subprocess.Result onPath(Map<String, String> env, String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("sh", "-c", "exec userlookup \"$@\"", "sh"));
        command.addAll(List.of(arguments));
        return Subprocess.run(Files.createDirectories(dir.resolve("some project")), env, Duration.ofSeconds(120), command);
    }

    private static List<Path> filesIn(Path folder) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.sorted().toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String mode(Path path) throws Exception {
        return java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    /** The classes a run loaded from the tool's jar, and how many of them came from a shared archive. */
    private static long[] toolClasses(Path classLoadLog) throws Exception {
        List<String> tool = Files.readAllLines(classLoadLog).stream().filter(line -> line.contains(" dev.userlookup.")).toList();
        return new long[] {tool.size(), tool.stream().filter(line -> line.contains("source: shared objects file")).count()};
    }

    @Test
    void unpackedInAFreshHomeTheFirstRunMakesAnArchiveInTheCacheAndTheNextRunsUseIt() throws Exception {
        // A real dump and its real use: the JVM's answer is the point here. On another JDK than
        // the tests' (whose first run in a new home is InstallIT's, the README's block), if there is one.
        Path jdk = Files.isExecutable(OTHER_JDK.resolve("bin/java")) ? OTHER_JDK : Path.of(System.getProperty("java.home"));
        Path home = unpackWithClassList();
        Map<String, String> env = freshHome(home.resolve("bin"), "JAVA_HOME", jdk.toString());
        String id = fake.users().clientUserId(7);
        Path cache = dir.resolve("home/.cache/userlookup");

        assertResolves(onPath(env, "resolve", id));
        assertEquals("rwx------", mode(cache), "the cache folder is the user's alone");
        List<Path> made = filesIn(cache);
        assertEquals(1, made.size(), made::toString);
        assertTrue(made.get(0).getFileName().toString().endsWith("-" + StartupArchive.releaseVersion(jdk) + ".jsa"), made::toString);
        assertEquals("rw-------", mode(made.get(0)));

        // The next run takes it: the tool's classes come from the archive; -Xshare:on would stop a
        // JVM that could not map it.
        Path log = dir.resolve("class-load.log");
        env.put("USERLOOKUP_JAVA_OPTS", "-Xshare:on -Xlog:class+load:file=" + log);
        assertResolves(onPath(env, "resolve", id));
        long[] classes = toolClasses(log);
        assertTrue(classes[0] > 100 && classes[1] > classes[0] * 9 / 10, classes[1] + " of " + classes[0] + " tool classes shared on " + jdk);
        assertEquals(made, filesIn(cache), "used, not made again");
    }

    @Test
    void anotherCopyAndAnotherJdkEachGetAnArchiveOfTheirOwn() throws Exception {
        Path home = unpackWithClassList();
        Path jdk = stubJdk();
        Path other = StubJava.home(dir.resolve("other jdk"), stampedVersion(), StubJava.DUMP_WRITES_AN_ARCHIVE);
        Map<String, String> env = freshHome(home.resolve("bin"), "JAVA_HOME", jdk.toString());
        String id = fake.users().clientUserId(7);
        Path cache = dir.resolve("home/.cache/userlookup");

        StubJava.Launch first = StubJava.ranTool(jdk, onPath(env, "resolve", id), home.resolve("lib/userlookup.jar"), "resolve", id);
        assertEquals(1, first.dumps().size(), first::toString);
        String archive = first.tool().archive();
        assertEquals(List.of(Path.of(archive)), filesIn(cache));
        StubJava.Launch again = StubJava.ranTool(jdk, onPath(env, "resolve", id), home.resolve("lib/userlookup.jar"), "resolve", id);
        assertEquals(List.of(), again.dumps(), "used, not made again");
        assertEquals(archive, again.tool().archive());

        // The same build unpacked elsewhere: its own, beside the first.
        Path elsewhere = Files.move(home, dir.resolve("elsewhere"));
        env.put("PATH", elsewhere.resolve("bin") + ":" + System.getenv("PATH"));
        StubJava.Launch moved = StubJava.ranTool(jdk, onPath(env, "resolve", id), elsewhere.resolve("lib/userlookup.jar"), "resolve", id);
        assertEquals(1, moved.dumps().size(), moved::toString);
        assertEquals(2, filesIn(cache).size(), () -> filesIn(cache).toString());
        assertTrue(filesIn(cache).contains(Path.of(moved.tool().archive())) && !moved.tool().archive().equals(archive), moved::toString);

        // Another JDK of the same version in another folder: its own too.
        env.put("JAVA_HOME", other.toString());
        StubJava.Launch onOther = StubJava.ranTool(other, onPath(env, "resolve", id), elsewhere.resolve("lib/userlookup.jar"), "resolve", id);
        assertEquals(1, onOther.dumps().size(), onOther::toString);
        assertEquals(3, filesIn(cache).size(), () -> filesIn(cache).toString());
        for (Path file : filesIn(cache)) {
            assertEquals("rw-------", mode(file), file::toString);
        }
    }

    @Test
    void twoFirstRunsAtOnceLeaveOneWholeArchive() throws Exception {
        // Each dump writes half its archive, waits until the other has started too, so the two
        // really overlap, then writes the other half: what is left must be one dump's, whole. As
        // the JVM does, a dump removes the file at its path, creates it anew and writes it through
        // that one descriptor.
        Path arrived = Files.createDirectories(dir.resolve("arrived"));
        Path jdk = StubJava.home(dir.resolve("stub jdk"), stampedVersion(), "  rm -f \"$archive\"\n"
                + "  { printf 'first half of %s\\n' \"$$\"\n"
                + "    : > '" + arrived + "'/$$\n"
                + "    n=0; while [ $(ls '" + arrived + "' | wc -l) -lt 2 ] && [ $n -lt 2000 ]; do sleep 0.01; n=$((n+1)); done\n"
                + "    printf 'second half of %s\\n' \"$$\"; } > \"$archive\"");
        Path home = unpackWithClassList();
        Path jar = home.resolve("lib/userlookup.jar");
        Map<String, String> env = freshHome(home.resolve("bin"), "JAVA_HOME", jdk.toString());
        String id = fake.users().clientUserId(7);

        // A thread each: on JDK 25 the common pool that supplyAsync uses has one thread on two cores.
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            List<java.util.concurrent.Future<Subprocess.Result>> runs = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                runs.add(threads.submit(() -> onPath(env, "resolve", id)));
            }
            for (var run : runs) {
                Subprocess.Result result = run.get();
                assertEquals(0, result.exit(), result::toString);
                assertEquals("", result.out() + result.err(), result::toString);
            }
        } finally {
            threads.shutdownNow();
        }
        List<Path> dumpers = filesIn(arrived);
        assertEquals(2, dumpers.size(), "both runs dumped");
        Path cache = dir.resolve("home/.cache/userlookup");
        List<Path> left = filesIn(cache);
        assertEquals(1, left.size(), left::toString);
        assertTrue(left.get(0).toString().endsWith(".jsa"), left::toString);
        String whole = Files.readString(left.get(0));
        assertTrue(dumpers.stream().map(Path::getFileName).anyMatch(pid -> whole.equals("first half of " + pid + "\nsecond half of " + pid + "\n")),
                "one dump's archive, whole: " + whole);

        StubJava.clear(jdk);
        StubJava.Launch next = StubJava.ranTool(jdk, onPath(env, "resolve", id), jar, "resolve", id);
        assertEquals(List.of(), next.dumps());
        assertEquals(left.get(0).toString(), next.tool().archive());
    }

    @Test
    void aDumpKilledHalfwayLeavesNothingTheNextRunWouldTake() throws Exception {
        // JDK 17 crashes (SIGBUS) on a truncated archive: the half that was written must never be
        // where a run looks. The first dump writes half an archive and is killed; the next writes a whole one.
        Path once = dir.resolve("killed once");
        Path jdk = StubJava.home(dir.resolve("stub jdk"), stampedVersion(), "  if [ ! -e '" + once + "' ]; then : > '" + once
                + "'; printf 'half an arch' > \"$archive\"; kill -9 $$; fi\n" + StubJava.DUMP_WRITES_AN_ARCHIVE);
        Path home = unpackWithClassList();
        Path jar = home.resolve("lib/userlookup.jar");
        Map<String, String> env = freshHome(home.resolve("bin"), "JAVA_HOME", jdk.toString());
        Path cache = dir.resolve("home/.cache/userlookup");
        String id = fake.users().clientUserId(7);

        StubJava.Launch killed = StubJava.ranTool(jdk, onPath(env, "resolve", id), jar, "resolve", id);
        assertTrue(Files.exists(once), "the dump was tried");
        assertEquals(1, killed.dumps().size(), killed::toString);
        assertNull(killed.tool().archive(), killed::toString);
        assertEquals(List.of(), filesIn(cache), "nothing left of the killed dump");

        StubJava.Launch next = StubJava.ranTool(jdk, onPath(env, "resolve", id), jar, "resolve", id);
        List<Path> made = filesIn(cache);
        assertEquals(1, made.size(), made::toString);
        assertTrue(made.get(0).toString().endsWith(".jsa"), made::toString);
        assertEquals(made.get(0).toString(), next.tool().archive());
    }

    @Test
    void ctrlCWhileTheArchiveIsMadeEndsTheRunWith130AndLeavesNothing() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/setsid")), "setsid (util-linux) is not installed here");
        Path dumping = dir.resolve("dumping");
        Path jdk = StubJava.home(dir.resolve("stub jdk"), stampedVersion(),
                "  : > '" + dumping + "'; n=0; while [ $n -lt 6000 ]; do sleep 0.01; n=$((n+1)); done");
        Path home = unpackWithClassList();
        Map<String, String> env = freshHome(home.resolve("bin"), "JAVA_HOME", jdk.toString());
        // A process group of its own, as a terminal's foreground job is: Ctrl-C signals all of it.
        ProcessBuilder builder = new ProcessBuilder("/usr/bin/setsid", home.resolve("bin/userlookup").toString(), "resolve",
                fake.users().clientUserId(7));
        env.forEach((name, value) -> {
            if (value == null) {
                builder.environment().remove(name);
            } else {
                builder.environment().put(name, value);
            }
        });
        Path out = dir.resolve("out");
        Path err = dir.resolve("err");
        builder.redirectOutput(out.toFile()).redirectError(err.toFile());
        try (java.nio.file.WatchService watch = dir.getFileSystem().newWatchService()) {
            dir.register(watch, java.nio.file.StandardWatchEventKinds.ENTRY_CREATE);
            Process process = builder.start();
            try {
                long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                while (!Files.exists(dumping) && process.isAlive() && System.nanoTime() < deadline) {
                    java.nio.file.WatchKey key = watch.poll(1, java.util.concurrent.TimeUnit.SECONDS);
                    if (key != null) {
                        key.pollEvents();
                        key.reset();
                    }
                }
                assertTrue(Files.exists(dumping), "the dump started");
                assertEquals(0, new ProcessBuilder("kill", "-INT", "--", "-" + process.pid()).start().waitFor());
                assertTrue(process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "ended");
            } finally {
                new ProcessBuilder("kill", "-KILL", "--", "-" + process.pid()).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
            }
            assertEquals(130, process.exitValue());
        }
        assertEquals("", Files.readString(out));
        assertEquals("", Files.readString(err));
        assertEquals(List.of(), filesIn(dir.resolve("home/.cache/userlookup")), "nothing left of the dump");
        assertTrue(StubJava.runs(jdk).stream().allMatch(StubJava.Run::dump), "the tool was not run: " + StubJava.runs(jdk));
    }

    @Test
    void aDumpThatFailsIsNotTriedAgainForThatBuildAndJdkUntilADayLater() throws Exception {
        Path tries = dir.resolve("tries");
        Path jdk = StubJava.home(dir.resolve("stub jdk"), stampedVersion(), "  echo dump >> '" + tries + "'; echo 'Error: no CDS here' >&2; exit 1");
        Path home = unpackWithClassList();
        Path jar = home.resolve("lib/userlookup.jar");
        Map<String, String> env = freshHome(home.resolve("bin"), "JAVA_HOME", jdk.toString());
        String id = fake.users().clientUserId(7);

        List<Integer> dumps = new ArrayList<>();
        for (int run = 0; run < 2; run++) {
            StubJava.Launch launch = StubJava.ranTool(jdk, onPath(env, "resolve", id), jar, "resolve", id);
            assertNull(launch.tool().archive(), launch::toString);
            dumps.add(launch.dumps().size());
        }
        assertEquals(List.of(1, 0), dumps, "one try");
        assertEquals(List.of("dump"), Files.readAllLines(tries), "one try");
        List<Path> left = filesIn(dir.resolve("home/.cache/userlookup"));
        assertEquals(1, left.size(), left::toString);
        assertTrue(left.get(0).toString().endsWith(".jsa.failed"), left::toString);

        // A day later the cause may have passed: one more try, then a day's rest again.
        Files.setLastModifiedTime(left.get(0), java.nio.file.attribute.FileTime.from(
                java.time.Instant.now().minus(java.time.Duration.ofHours(25))));
        for (int run = 0; run < 2; run++) {
            StubJava.Launch launch = StubJava.ranTool(jdk, onPath(env, "resolve", id), jar, "resolve", id);
            assertNull(launch.tool().archive(), launch::toString);
            dumps.add(launch.dumps().size());
        }
        assertEquals(List.of(1, 0, 1, 0), dumps, "tried again after a day, once");
        assertEquals(List.of("dump", "dump"), Files.readAllLines(tries), "tried again after a day, once");
    }

    @Test
    void aCacheThatCannotBeWrittenIsSilentAndCostsNothing() throws Exception {
        Path home = unpackWithClassList();
        Path bin = home.resolve("bin");
        Path jar = home.resolve("lib/userlookup.jar");
        String id = fake.users().clientUserId(7);
        Path file = Files.writeString(dir.resolve("a file"), "not a folder");
        String jdk = stubJdk().toString();
        Path stub = Path.of(jdk);

        // XDG_CACHE_HOME under a file (no one can make a folder there, root neither), and no HOME at all.
        for (Map<String, String> env : List.of(freshHome(bin, "JAVA_HOME", jdk, "XDG_CACHE_HOME", file.resolve("cache").toString()),
                freshHome(bin, "JAVA_HOME", jdk, "HOME", null), freshHome(bin, "JAVA_HOME", jdk, "HOME", "", "XDG_CACHE_HOME", "relative/cache"))) {
            StubJava.Launch launch = StubJava.ranTool(stub, onPath(env, "resolve", id), jar, "resolve", id);
            assertEquals(List.of(), launch.dumps(), env::toString);
            assertNull(launch.tool().archive(), env::toString);
        }
        assertEquals(List.of(), filesIn(dir.resolve("some project")), "a relative XDG_CACHE_HOME is not taken");

        // A read-only cache folder (root writes there all the same).
        Path readOnly = Files.createDirectories(dir.resolve("read-only/userlookup"));
        readOnly.toFile().setWritable(false, false);
        readOnly.getParent().toFile().setWritable(false, false);
        try {
            StubJava.Launch launch = StubJava.ranTool(stub, onPath(freshHome(bin, "JAVA_HOME", jdk, "XDG_CACHE_HOME",
                    readOnly.getParent().toString()), "resolve", id), jar, "resolve", id);
            if (!"root".equals(System.getProperty("user.name"))) {
                assertEquals(List.of(), launch.dumps());
                assertEquals(List.of(), filesIn(readOnly));
            }
        } finally {
            readOnly.getParent().toFile().setWritable(true);
            readOnly.toFile().setWritable(true);
        }
    }

    @Test
    void manFindsThePageWithTheArchivesShareManOnManpath() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/man")), "man (man-db) is not installed here");
        Path home = unpack();

        Subprocess.Result result = Subprocess.run(dir, Map.of("MANPATH", home.resolve("share/man").toString(), "MANPAGER", "cat",
                "PAGER", "cat", "MANWIDTH", "80"), Duration.ofSeconds(60), List.of("man", "userlookup"));
        assertEquals(0, result.exit(), result::toString);
        assertEquals("", result.err(), result::toString);
        assertTrue(result.out().startsWith("USERLOOKUP(1)"), result::toString);
        for (String heading : List.of("NAME", "SYNOPSIS", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES")) {
            assertTrue(result.out().contains("\n" + heading + "\n"), heading);
        }
    }

    @Test
    void theArchivesBashCompletionWorksSourcedFromAnyFolder() throws Exception {
        Path home = unpack();
        Path script = home.resolve("share/bash-completion/completions/userlookup");

        Subprocess.Result result = Subprocess.run(Files.createDirectories(dir.resolve("elsewhere")), Map.of(), Duration.ofSeconds(60),
                List.of("bash", "-c", "source \"$1\" && COMP_LINE='userlookup li' && COMP_WORDS=(userlookup li) && COMP_CWORD=1 "
                        + "&& COMP_POINT=${#COMP_LINE} && _complete_userlookup && printf '%s\\n' \"${COMPREPLY[@]}\"", "bash", script.toString()));
        assertEquals(0, result.exit(), result::toString);
        assertEquals("list\n", result.out(), result::toString);
    }
}

