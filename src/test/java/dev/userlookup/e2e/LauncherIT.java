package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * other JDKs and version strings, under CDPATH, in the C locale and under other shells.
 */
class LauncherIT {

    static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");

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
        // JDK's own classes: the launcher must not pass it (-Xshare:on would stop the JVM if it did).
        Path launcher = install(true);
        assumeTrue(Files.exists(launcher.resolveSibling("userlookup.jsa")), "the build made an archive");

        assertResolves(Subprocess.run(env("USERLOOKUP_JAVA_OPTS", "-Xshare:on"), Duration.ofSeconds(60),
                launcher.toString(), "resolve", fake.users().clientUserId(7)));
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
        Path jdk25 = JDK25;
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
    void aJdk25RunsWithTheAotCacheBuiltForItWhereverItIsMoved() throws Exception {
        assumeTrue(Files.isExecutable(JDK25.resolve("bin/java")), "a second JDK (25) to try");
        Path home = unpack();
        Path cache = StartupArchive.buildAotCache(home.resolve("lib/userlookup.jar"), JDK25);
        assertEquals("userlookup-" + StartupArchive.releaseVersion(JDK25) + ".aot", cache.getFileName().toString());
        Path moved = Files.move(home, dir.resolve("moved"));

        // -XX:AOTMode=on: the JVM stops rather than run without the cache it was given.
        assertResolves(Subprocess.run(env("JAVA_HOME", JDK25.toString(), "USERLOOKUP_JAVA_OPTS", "-XX:AOTMode=on"), Duration.ofSeconds(60),
                moved.resolve("bin/userlookup").toString(), "resolve", fake.users().clientUserId(7)));
    }

    @Test
    void onAnotherJdkItCreatesItsOwnArchiveQuietly() throws Exception {
        Path jdk25 = JDK25;
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

    /** The Java running the tests, if it is of this feature release or later; else JDK 25 if here. */
    private static Path realJdk(int atLeast) {
        if (Runtime.version().feature() >= atLeast) {
            return Path.of(System.getProperty("java.home"));
        }
        return Files.isExecutable(JDK25.resolve("bin/java")) ? JDK25 : null;
    }

    /**
     * A JAVA_HOME whose bin/java is the real one of a JDK of that feature release and whose release
     * file says {@code JAVA_RUNTIME_VERSION="version"}, or has no such line (null), or is missing ("").
     */
    private Path fakeJdk(String version, int feature) throws Exception {
        Path real = realJdk(feature);
        assumeTrue(real != null, "a JDK " + feature + "+ to stand behind " + version);
        Path home = Files.createDirectories(dir.resolve("jdk " + (version == null ? "unnamed" : version.isEmpty() ? "bare" : version)));
        Files.createDirectories(home.resolve("bin"));
        Files.createSymbolicLink(home.resolve("bin/java"), real.resolve("bin/java"));
        if (version == null) {
            Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Example\"\nJAVA_VERSION=\"" + feature + "\"\n");
        } else if (!version.isEmpty()) {
            Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Example\"\nJAVA_RUNTIME_VERSION=\"" + version + "\"\n");
        }
        return home;
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

    @ParameterizedTest(name = "JAVA_RUNTIME_VERSION={0}")
    @ValueSource(strings = {"17+35", "17-ea", "17", "17.0.15+6-Debian-1deb12u1", "1.8.0_292-b10", "none", "no release file"})
    void startsOnAJdkBefore19WhateverItsVersionStringLooksLike(String given) throws Exception {
        String version = given.equals("none") ? null : given.equals("no release file") ? "" : given;
        assumeTrue(Runtime.version().feature() < 19, "the tests run on JDK 17, where the JVM refuses options of JDK 19+");
        Path home = fakeJdk(version, 17);
        Path launcher = install(true);

        assertResolves(Subprocess.run(env("JAVA_HOME", home.toString()), Duration.ofSeconds(60),
                launcher.toString(), "resolve", fake.users().clientUserId(7)));
        assertEquals(List.of(), cacheFiles(), "no archive of its own on a JDK before 19");
    }

    @ParameterizedTest(name = "JAVA_RUNTIME_VERSION={0}")
    @ValueSource(strings = {"21.0.1+12-LTS", "25", "25-ea", "25.0.3+9-LTS", "19+36-2238"})
    void createsItsOwnArchiveOnJdk19AndLater(String version) throws Exception {
        Path home = fakeJdk(version, 25);
        Path launcher = install(true);

        for (int run = 0; run < 2; run++) {
            assertResolves(Subprocess.run(env("JAVA_HOME", home.toString()), Duration.ofSeconds(60),
                    launcher.toString(), "resolve", fake.users().clientUserId(7)));
        }
        List<String> cache = cacheFiles();
        assertEquals(1, cache.size(), cache::toString);
        assertTrue(cache.get(0).matches("userlookup-\\d{14}-" + java.util.regex.Pattern.quote(version) + "\\.jsa"), cache::toString);
    }

    @Test
    void cdpathNeitherMovesNorPrintsTheFolderItComputes() throws Exception {
        Path launcher = install(true);
        // A decoy with a bin/ of its own: cd bin would go there, and print it, were CDPATH used.
        Path decoy = Files.createDirectories(dir.resolve("decoy/bin")).getParent();
        Files.writeString(decoy.resolve("bin/userlookup.jar"), "not a jar");

        for (String cdpath : new String[] {decoy.toString(), ":" + decoy, decoy + ":."}) {
            assertResolves(Subprocess.run(dir, env("CDPATH", cdpath), Duration.ofSeconds(60),
                    List.of("bin/userlookup", "resolve", fake.users().clientUserId(7))));
        }
        assertResolves(Subprocess.run(launcher.getParent(), env("CDPATH", decoy.toString()), Duration.ofSeconds(60),
                List.of("./userlookup", "resolve", fake.users().clientUserId(7))));
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
            all.put("USERLOOKUP_API_KEY", "k");
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
        Path launcher = install(true);
        List<Map<String, String>> locales = List.of(locale("LC_ALL", "C"), locale("LC_ALL", "POSIX"), locale(),
                locale("LANG", "C"), locale("LC_CTYPE", "POSIX", "LANG", "C.UTF-8"), locale("LC_ALL", "C", "LC_CTYPE", "C.UTF-8"));
        for (Map<String, String> env : locales) {
            assertEquals(List.of("/v2/user/resolve/Zo%C3%AB"), requestedPaths(launcher, env, "Zo\u00eb"), env::toString);
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
        Path links = Files.createDirectories(dir.resolve("links"));
        Files.createSymbolicLink(links.resolve("ul"), launcher);

        for (Path path : List.of(launcher, links.resolve("ul"))) {
            assertResolves(Subprocess.run(env("CDPATH", dir.toString()), Duration.ofSeconds(60),
                    List.of(sh, path.toString(), "resolve", fake.users().clientUserId(7))));
        }
        Map<String, String> env = env();
        env.putAll(locale("LC_ALL", "C"));
        assertEquals(List.of("/v2/user/resolve/Zo%C3%AB"), requestedPaths(launcher, env, "Zo\u00eb"));
    }

    @Test
    void worksThroughAChainOfRelativeSymlinksAndALinkedFolder() throws Exception {
        Path launcher = install(true, "opt/userlookup/bin");
        Path bin = Files.createDirectories(dir.resolve("home/bin"));
        // home/bin/ul -> ../lib/ul-link -> ../../opt/userlookup/bin/userlookup
        Path lib = Files.createDirectories(dir.resolve("home/lib"));
        Files.createSymbolicLink(lib.resolve("ul-link"), Path.of("../../opt/userlookup/bin/userlookup"));
        Files.createSymbolicLink(bin.resolve("ul"), Path.of("../lib/ul-link"));
        // and a folder that is itself a link: current -> opt/userlookup
        Files.createSymbolicLink(dir.resolve("current"), Path.of("opt/userlookup"));

        assertResolves(Subprocess.run(env(), Duration.ofSeconds(60), bin.resolve("ul").toString(), "resolve", fake.users().clientUserId(7)));
        assertResolves(Subprocess.run(env(), Duration.ofSeconds(60), dir.resolve("current/bin/userlookup").toString(),
                "resolve", fake.users().clientUserId(7)));
        assertTrue(Files.isRegularFile(launcher));
    }

    static final Path ARCHIVE = Path.of(System.getProperty("userlookup.archive", "target/userlookup-0.1.0.tar.gz"));
    static final String VERSION = System.getProperty("userlookup.version", "0.1.0");

    /** The archive unpacked with tar into a folder of its own; returns its userlookup-VERSION folder. */
    private Path unpack() throws Exception {
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
        assertEquals(List.of(base + "README.md", base + "bin/userlookup", base + "lib/userlookup.jar",
                base + "share/bash-completion/completions/userlookup", base + "share/man/man1/userlookup.1",
                base + "share/zsh/site-functions/_userlookup"), entries);

        Path home = unpack();
        assertTrue(Files.isExecutable(home.resolve("bin/userlookup")));
        assertEquals(Files.readString(Path.of("completions/userlookup.bash")), Files.readString(home.resolve("share/bash-completion/completions/userlookup")));
        assertEquals(Files.readString(Path.of("completions/userlookup.zsh")), Files.readString(home.resolve("share/zsh/site-functions/_userlookup")));
        assertEquals(Files.readString(Path.of("README.md")), Files.readString(home.resolve("README.md")));
        assertTrue(Files.readString(home.resolve("bin/userlookup")).matches("(?s)#!/bin/sh\n.*userlookup-\\d{14}-.*"), "the build id is stamped in");
    }

    /** The command as a shell would run it: looked up on PATH, in the folder {@code cwd}. */
    private Subprocess.Result fromPath(Path cwd, Path bin, String... arguments) {
        Map<String, String> env = env();
        env.put("PATH", bin + ":" + System.getenv("PATH"));
        List<String> command = new ArrayList<>(List.of("sh", "-c", "exec userlookup \"$@\"", "sh"));
        command.addAll(List.of(arguments));
        return Subprocess.run(cwd, env, Duration.ofSeconds(60), command);
    }

    @Test
    void unpackedAnywhereItRunsFromPathInAnyFolderAndThroughALinkInABinFolder() throws Exception {
        Path home = unpack();
        Path elsewhere = Files.createDirectories(dir.resolve("some project"));
        String id = fake.users().clientUserId(7);

        assertResolves(fromPath(elsewhere, home.resolve("bin"), "resolve", id));

        // ~/bin/userlookup -> the unpacked bin/userlookup, absolute and relative
        Path bin = Files.createDirectories(dir.resolve("home/bin"));
        Files.createSymbolicLink(bin.resolve("userlookup"), home.resolve("bin/userlookup"));
        assertResolves(fromPath(elsewhere, bin, "resolve", id));
        Files.delete(bin.resolve("userlookup"));
        Files.createSymbolicLink(bin.resolve("userlookup"), bin.relativize(home.resolve("bin/userlookup")));
        assertResolves(fromPath(elsewhere, bin, "resolve", id));

        // The whole tree moved: nothing in it names where it was unpacked.
        Files.createDirectories(dir.resolve("opt"));
        Path moved = Files.move(home, dir.resolve("opt/userlookup"));
        assertResolves(fromPath(elsewhere, moved.resolve("bin"), "resolve", id));
        Map<String, String> c = env();
        c.putAll(locale("LC_ALL", "C"));
        assertEquals(List.of("/v2/user/resolve/Zo%C3%AB"), requestedPaths(moved.resolve("bin/userlookup"), c, "Zo\u00eb"));
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
