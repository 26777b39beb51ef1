package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.userlookup.fake.FakeService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * target/userlookup-VERSION-linux-x64.tar.gz, the tool with a runtime of its own: what it holds,
 * the modules its runtime was linked from, and that it runs where no Java is installed, or a
 * broken one is first on PATH, from wherever it is unpacked or moved, writing nothing to the
 * user's cache and unpacking nothing into a folder others can write.
 */
class BundleIT {

    static final String VERSION = System.getProperty("userlookup.version", "0.1.0");
    static final Path BUNDLE = Path.of(System.getProperty("userlookup.bundle", "target/userlookup-" + VERSION + "-linux-x64.tar.gz"));
    static final String BASE = "userlookup-" + VERSION + "-linux-x64";
    /**
     * jdeps finds java.desktop only in JLine's image classes (sixel pictures), which the tool never
     * loads, and in Jackson's support of java.beans annotations, which Jackson loads by reflection
     * and does without (the tool has none of them; everyCommandRunsOnTheBundlesRuntime runs the
     * commands that load it).
     */
    static final Set<String> LEFT_OUT = Set.of("java.desktop");
    static final String JACKSON_BEANS = "com.fasterxml.jackson.databind.ext.Java7SupportImpl";
    /** Modules jdeps cannot see the need for: charsets and elliptic curves are found as services. */
    static final Set<String> SERVICES = Set.of("jdk.charsets", "jdk.crypto.ec");

    static FakeService fake;
    final ObjectMapper json = new ObjectMapper();

    @TempDir
    Path dir;
    /** The bundle unpacked once for the class: the tests read and run it, and move only copies of it. */
    @TempDir
    static Path shared;
    static Path unpacked;

    @BeforeAll
    static void start() {
        fake = FakeService.builder().users(100).https().start();
    }

    @AfterAll
    static void stop() {
        fake.close();
    }

    /** Linux x64 builds make the bundle unless told not to (-Dbundle.skip=true); there it must be. */
    static void assumeBuilt() {
        assumeTrue(linuxX64() && !Boolean.getBoolean("userlookup.bundleSkipped"),
                "the bundle is made on Linux x64 only, and not with -Dbundle.skip=true");
        assertTrue(Files.exists(BUNDLE), "the build made no bundle " + BUNDLE);
    }

    static boolean linuxX64() {
        return System.getProperty("os.name").equals("Linux") && System.getProperty("os.arch").equals("amd64");
    }

    /** The bundle unpacked with tar (once for the class); returns its userlookup-VERSION-linux-x64 folder. */
    private static Path unpacked() throws Exception {
        assumeBuilt();
        if (unpacked == null) {
            Subprocess.Result result = Subprocess.run(Map.of(), Duration.ofSeconds(120), "tar", "-xzf", BUNDLE.toString(), "-C", shared.toString());
            assertEquals(0, result.exit(), result::toString);
            unpacked = shared.resolve(BASE);
        }
        return unpacked;
    }

    /** A copy of the unpacked bundle at {@code to} (hard links: as cheap as a move, and the copy may be moved). */
    private static Path copyOfUnpacked(Path to) throws Exception {
        Path from = unpacked();
        Files.createDirectories(to.getParent());
        Subprocess.Result result = Subprocess.run(Map.of(), Duration.ofSeconds(60), "cp", "-al", from.toString(), to.toString());
        assertEquals(0, result.exit(), result::toString);
        return to;
    }

    /**
     * The modules jdeps found the jar to need (the summary lines of -verbose:class, "jar -> module"),
     * reduced as --print-module-deps reduces them: without those another of them reads implicitly
     * (requires transitive, as java.sql reads java.xml).
     */
    static Set<String> neededModules(String verbose) {
        Set<String> found = verbose.lines().filter(line -> !line.startsWith(" ") && line.contains(" -> "))
                .map(line -> line.substring(line.indexOf(" -> ") + 4).strip()).filter(module -> !module.startsWith("not found"))
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> implied = new TreeSet<>();
        for (String module : found) {
            impliedReads(module, implied);
        }
        Set<String> needed = new TreeSet<>(found);
        needed.removeAll(implied);
        return needed;
    }

    /** Adds the modules {@code module} reads implicitly (requires transitive, followed) to {@code into}. */
    private static void impliedReads(String module, Set<String> into) {
        java.lang.module.ModuleFinder.ofSystem().find(module).ifPresent(reference -> {
            for (java.lang.module.ModuleDescriptor.Requires requires : reference.descriptor().requires()) {
                if (requires.modifiers().contains(java.lang.module.ModuleDescriptor.Requires.Modifier.TRANSITIVE)
                        && into.add(requires.name())) {
                    impliedReads(requires.name(), into);
                }
            }
        });
    }

    @Test
    void theModulesPinnedAreThoseJdepsFindsButOneLeftOutOnPurpose() throws Exception {
        Path jdeps = Path.of(System.getProperty("java.home"), "bin/jdeps");
        assumeTrue(Files.isExecutable(jdeps), "this Java has no jdeps");
        String release = String.valueOf(Runtime.version().feature());
        // One jdeps run (it reads every class of the jar, seconds of CPU): the modules, and which class needs which.
        Subprocess.Result classes = Subprocess.run(Map.of(), Duration.ofSeconds(300), jdeps.toString(), "--multi-release", release,
                "--ignore-missing-deps", "-verbose:class", Subprocess.JAR.toString());
        assertEquals(0, classes.exit(), classes::toString);
        Set<String> needed = neededModules(classes.out());
        assertTrue(needed.contains("java.base") && needed.contains("java.net.http"), needed::toString);
        Set<String> pinned = new TreeSet<>(Arrays.asList(System.getProperty("userlookup.bundleModules", "").split(",")));

        Set<String> missing = new TreeSet<>(needed);
        missing.removeAll(pinned);
        missing.removeAll(LEFT_OUT);
        assertEquals(Set.of(), missing, "jdeps finds modules bundle.modules (pom.xml) does not name");
        Set<String> unexplained = new TreeSet<>(pinned);
        unexplained.removeAll(needed);
        unexplained.removeAll(SERVICES);
        assertEquals(Set.of(), unexplained, "bundle.modules names modules nothing needs any longer");

        // What is left out is needed only by classes the tool never loads.
        List<String> users = classes.out().lines().filter(line -> LEFT_OUT.stream().anyMatch(module -> line.strip().endsWith(" " + module)))
                .map(line -> line.strip().split("\\s+")[0]).filter(user -> !user.endsWith(".jar")).distinct().toList();
        assertFalse(users.isEmpty(), classes::toString);
        List<String> jline = users.stream().filter(user -> !user.equals(JACKSON_BEANS)).toList();
        for (String user : jline) {
            assertTrue(user.startsWith("org.jline.terminal.") || user.startsWith("org.jline.utils."), user);
        }
        Path log = dir.resolve("loaded.log");
        Subprocess.Result run = Subprocess.run(Map.of("USERLOOKUP_BASE_URL", fake.baseUrl(), "USERLOOKUP_API_KEY", fake.apiKey(),
                "USERLOOKUP_CA_CERT", fake.caCert().toString(), "SSL_CERT_FILE", "", "USERLOOKUP_JAVA_OPTS", "-Xlog:class+load:file=" + log),
                Duration.ofSeconds(60), Subprocess.LAUNCHER.toString(), "list", "--limit", "5", "-o", "table");
        assertEquals(0, run.exit(), run::toString);
        Set<String> loaded = Files.readAllLines(log).stream().map(line -> line.replaceFirst("^\\[[^]]*\\]\\[[^]]*\\]\\[[^]]*\\] ", ""))
                .map(line -> line.split(" ")[0]).collect(Collectors.toSet());
        assertTrue(loaded.contains("org.jline.utils.WCWidth"), "a table measures its cells with JLine's WCWidth");
        for (String user : jline) {
            assertFalse(loaded.contains(user), user + " was loaded");
        }
    }

    @Test
    void itHoldsTheLauncherTheJarItsRuntimeAndItsArchiveInAtMost45Mb() throws Exception {
        assumeBuilt();
        assertTrue(Files.size(BUNDLE) <= 45_000_000L, BUNDLE + " is " + Files.size(BUNDLE) + " bytes");
        Subprocess.Result listing = Subprocess.run(Map.of(), Duration.ofSeconds(120), "tar", "-tzvf", BUNDLE.toString());
        assertEquals(0, listing.exit(), listing::toString);
        List<String> entries = listing.out().lines().map(line -> line.substring(line.indexOf(BASE + "/") + BASE.length() + 1)).toList();
        for (String entry : List.of("README.md", "bin/userlookup", "lib/userlookup.jar", "lib/libjlinenative.so", "lib/runtime/bin/java",
                "lib/runtime/release", "share/man/man1/userlookup.1", "share/bash-completion/completions/userlookup",
                "share/zsh/site-functions/_userlookup")) {
            assertTrue(entries.contains(entry), entry + " in " + entries);
        }
        assertTrue(entries.stream().anyMatch(entry -> entry.matches("lib/userlookup-25.*\\.aot|lib/runtime/lib/server/classes\\.jsa")),
                "an AOT cache (JDK 25) or the runtime's own archive (JDK 17): " + entries);
        assertTrue(entries.stream().noneMatch(entry -> entry.equals("lib/userlookup.classlist")), "nothing to dump an archive from at run time");
        assertTrue(listing.out().lines().allMatch(line -> line.contains(" 0/0 ")), "owned by root in the archive: " + listing.out());

        Path home = unpacked();
        assertEquals(Files.readString(Subprocess.LAUNCHER), Files.readString(home.resolve("bin/userlookup")));
        assertEquals(Files.readString(Path.of("README.md")), Files.readString(home.resolve("README.md")));
        String release = Files.readString(home.resolve("lib/runtime/release"));
        for (String module : System.getProperty("userlookup.bundleModules", "").split(",")) {
            assertTrue(release.contains(module) || module.equals("jdk.crypto.ec"), module + " in " + release);
        }
        assertFalse(release.contains("java.desktop"), release);
        assertTrue(release.matches("(?s).*\nJAVA_RUNTIME_VERSION=\"[^\"]+\"\n.*"), release);
    }

    /** Where no Java is: a PATH of a few tools the launcher uses and a shell, then {@code firstOnPath} before them. */
    private Map<String, String> noJava(Path firstOnPath, String javaHome) throws Exception {
        Path tools = Files.createDirectories(dir.resolve("tools"));
        for (String tool : List.of("dirname", "readlink", "locale", "sh", "cat")) {
            Path real = Path.of("/usr/bin", tool);
            if (!Files.exists(tools.resolve(tool)) && Files.exists(real)) {
                Files.createSymbolicLink(tools.resolve(tool), real);
            }
        }
        Map<String, String> env = new HashMap<>();
        env.put("PATH", (firstOnPath == null ? "" : firstOnPath + ":") + tools);
        env.put("JAVA_HOME", javaHome);
        env.put("HOME", Files.createDirectories(dir.resolve("home")).toString());
        env.put("XDG_CACHE_HOME", null);
        env.put("USERLOOKUP_BASE_URL", fake.baseUrl());
        env.put("USERLOOKUP_API_KEY", fake.apiKey());
        env.put("USERLOOKUP_CA_CERT", fake.caCert().toString());
        env.put("SSL_CERT_FILE", null);
        return env;
    }

    /** The JVM option that stops it rather than run without the archive the bundle carries. */
    private static String archiveRequired(Path home) throws Exception {
        try (Stream<Path> files = Files.list(home.resolve("lib"))) {
            return files.anyMatch(file -> file.getFileName().toString().endsWith(".aot")) ? "-XX:AOTMode=on" : "-Xshare:on";
        }
    }

    private void assertResolves(Subprocess.Result result) throws Exception {
        assertEquals(0, result.exit(), result::toString);
        assertEquals("", result.err(), result::toString);
        assertEquals(fake.users().user(7), json.readTree(result.out()));
    }

    @Test
    void itRunsWhereNoJavaIsInstalledAndWhereABrokenOneComesFirstWhereverItIsMoved() throws Exception {
        Path home = copyOfUnpacked(dir.resolve("unpacked"));
        String id = fake.users().clientUserId(7);
        Map<String, String> none = noJava(null, dir.resolve("no such jdk").toString());
        Subprocess.Result noJavaHere = Subprocess.run(none, Duration.ofSeconds(30), "sh", "-c", "command -v java || echo none");
        assertEquals("none\n", noJavaHere.out(), "a PATH with no java on it");

        none.put("USERLOOKUP_JAVA_OPTS", archiveRequired(home));
        assertResolves(Subprocess.run(dir, none, Duration.ofSeconds(60), List.of(home.resolve("bin/userlookup").toString(), "resolve", id)));

        // A java that fails, and says it ran, first on PATH and as JAVA_HOME's; the bundle moved elsewhere.
        Path broken = Files.createDirectories(dir.resolve("broken jdk/bin"));
        Path ran = dir.resolve("the broken java ran");
        Files.writeString(broken.resolve("java"), "#!/bin/sh\n: > '" + ran + "'\necho 'broken java' >&2\nexit 99\n");
        broken.resolve("java").toFile().setExecutable(true);
        Path moved = Files.move(home, Files.createDirectories(dir.resolve("opt")).resolve("userlookup"));
        Map<String, String> brokenFirst = noJava(broken, broken.getParent().toString());
        brokenFirst.put("USERLOOKUP_JAVA_OPTS", archiveRequired(moved));
        assertResolves(Subprocess.run(dir, brokenFirst, Duration.ofSeconds(60), List.of(moved.resolve("bin/userlookup").toString(), "resolve", id)));
        // Through a link in a bin folder, as a user puts it on PATH.
        Path link = Files.createSymbolicLink(Files.createDirectories(dir.resolve("home/bin")).resolve("userlookup"), moved.resolve("bin/userlookup"));
        brokenFirst.put("PATH", link.getParent() + ":" + brokenFirst.get("PATH"));
        assertResolves(Subprocess.run(dir, brokenFirst, Duration.ofSeconds(60), List.of("sh", "-c", "exec userlookup \"$@\"", "sh", "resolve", id)));

        assertFalse(Files.exists(ran), "the broken java was run");
        assertFalse(Files.exists(dir.resolve("home/.cache")), "nothing written to the user's cache");
    }

    @Test
    void jlinesLibraryComesFromTheBundleNotFromATemporaryFolder() throws Exception {
        assumeTrue(Subprocess.scriptAvailable(), "script (util-linux) is not installed here");
        Path home = unpacked();
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path log = dir.resolve("library.log");
        Map<String, String> env = noJava(null, "");
        env.put("PATH", env.get("PATH") + ":/usr/bin:/bin");
        // On a terminal the width comes from JLine's native library; unpacked, it would land in jline.tmpdir.
        env.put("USERLOOKUP_JAVA_OPTS", "-Djline.tmpdir=" + tmp + " -Xlog:library=info:file=" + log);
        Subprocess.Result result = Subprocess.inTerminal(env, 100, Subprocess.quote(home.resolve("bin/userlookup").toString())
                + " list --limit 3 -o table");

        assertEquals(0, result.exit(), result::toString);
        try (Stream<Path> files = Files.list(tmp)) {
            assertEquals(List.of(), files.toList(), "nothing unpacked into a temporary folder");
        }
        assertTrue(Files.readString(log).contains(home.resolve("lib/libjlinenative.so").toString()), Files.readString(log));
    }

    /** Each command's paths through the runtime: TLS, the formats, jq, the index, doctor, help. */
    @Test
    void everyCommandRunsOnTheBundlesRuntime() throws Exception {
        Path home = unpacked();
        Path config = Files.createDirectories(dir.resolve("home/.config/userlookup")).resolve("config.toml");
        Files.writeString(config, "default_profile = \"fake\"\n[profiles.fake]\nbase_url = \"" + fake.baseUrl() + "\"\n");
        record Run(int exit, List<String> arguments, String out) {
        }
        String id = fake.users().clientUserId(7);
        String userId = fake.users().userId(7);
        List<Run> runs = List.of(
                new Run(0, List.of("resolve", id, fake.users().clientUserId(8)), "\"client_user_id\""),
                new Run(0, List.of("list", "--limit", "20", "-o", "table"), id),
                new Run(0, List.of("list", "--all", "-o", "csv"), "user_id,team_id,client_user_id"),
                new Run(0, List.of("list", "--all", "--parallel", "8", "-o", "ndjson"), userId),
                new Run(0, List.of("list", "--count"), "100"),
                new Run(0, List.of("find", userId), id),
                new Run(0, List.of("find", userId, "-o", "table"), id),
                new Run(0, List.of("resolve", id, "--jq", ".client_user_id"), id),
                new Run(3, List.of("resolve", "no-such-user"), ""),
                new Run(0, List.of("doctor"), "tls"),
                new Run(0, List.of("profiles"), "fake"),
                new Run(0, List.of("completion", "bash"), "complete"),
                new Run(0, List.of("help", "list"), "--limit"),
                new Run(0, List.of("--version"), "userlookup " + VERSION));
        Map<String, String> env = noJava(null, "");
        env.put("XDG_CONFIG_HOME", dir.resolve("home/.config").toString());
        for (Run run : runs) {
            List<String> command = new ArrayList<>(List.of(home.resolve("bin/userlookup").toString()));
            command.addAll(run.arguments());
            Subprocess.Result result = Subprocess.run(dir, env, Duration.ofSeconds(120), command);
            assertEquals(run.exit(), result.exit(), run + ": " + result);
            assertTrue(result.out().contains(run.out()), run + ": " + result);
            assertTrue(run.exit() == 0 ? result.err().isEmpty() : result.err().lines().count() <= 2, run + ": " + result);
            assertFalse(Pattern.compile("(?i)warning|exception|INFO:|at java\\.").matcher(result.err()).find(), run + ": " + result);
        }
        // A certificate no one vouches for: the TLS error's own classes, one line.
        env.remove("USERLOOKUP_CA_CERT");
        Subprocess.Result untrusted = Subprocess.run(dir, env, Duration.ofSeconds(120), List.of(home.resolve("bin/userlookup").toString(),
                "resolve", id, "--retries", "0"));
        assertEquals(5, untrusted.exit(), untrusted::toString);
        assertTrue(untrusted.err().contains("is not signed by a trusted CA"), untrusted::toString);
    }
}
