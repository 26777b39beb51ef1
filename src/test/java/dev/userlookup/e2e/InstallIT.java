package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.userlookup.fake.FakeService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README's Install blocks, each run as written, one line after the other, by a real shell in a
 * new home folder (nothing in it, not even ~/.local), against what the build made: the bundle
 * where no Java is on PATH, the Debian package with sudo and apt (the tests run as root; DebIT runs
 * that block, then uses and removes what it installed), the portable archive on the JDK at hand. Every line must succeed, and then userlookup answers from
 * PATH. {@code -Duserlookup.readme=FILE} runs the blocks of another text (a README being written).
 */
class InstallIT {

    static final String VERSION = System.getProperty("userlookup.version", "0.1.0");

    @TempDir
    Path home;
    @TempDir
    Path systemBin;

    static final Path README = Path.of(System.getProperty("userlookup.readme", "README.md"));
    static final String ARCHIVE = "target/userlookup-" + VERSION + ".tar.gz";
    static final String BUNDLE = "target/userlookup-" + VERSION + "-linux-x64.tar.gz";
    static final String DEB = "target/userlookup_" + VERSION + "_amd64.deb";

    /** The lines of each {@code ```sh} block under README's "## Install", blank lines left out. */
    static List<List<String>> installBlocks() throws Exception {
        String readme = Files.readString(README);
        int section = readme.indexOf("\n## Install\n");
        assertTrue(section >= 0, "README has no '## Install' section");
        int end = readme.indexOf("\n## ", section + 1);
        String install = readme.substring(section, end < 0 ? readme.length() : end);
        List<List<String>> blocks = new ArrayList<>();
        for (int open = install.indexOf("```sh\n"); open >= 0; open = install.indexOf("```sh\n", open + 1)) {
            int close = install.indexOf("\n```", open);
            blocks.add(install.substring(open + "```sh\n".length(), close).lines().filter(line -> !line.isBlank()).toList());
        }
        assertFalse(blocks.isEmpty(), "README's Install section has no ```sh block");
        return blocks;
    }

    /** The block that installs {@code artifact} (the first line to name it decides). */
    static List<String> installBlock(String artifact) throws Exception {
        List<List<String>> blocks = installBlocks();
        return blocks.stream().filter(block -> block.stream().anyMatch(line -> line.contains(artifact))).findFirst()
                .orElseThrow(() -> new AssertionError("README's Install has no ```sh block that installs " + artifact + ": " + blocks));
    }

    /**
     * The block as one shell script that runs each line as written and stops at the first that
     * fails, naming it. bash where the block needs it ({@code source <(...)}), else sh.
     */
    static List<String> shellRunning(List<String> lines) {
        boolean bash = lines.stream().anyMatch(line -> line.contains("<(") || line.startsWith("source "));
        StringBuilder script = new StringBuilder();
        for (String line : lines) {
            script.append(line).append('\n')
                    .append("status=$?; if [ $status -ne 0 ]; then printf 'README line failed (exit %s): %s\\n' $status ")
                    .append(Subprocess.quote(line)).append(" >&2; exit 99; fi\n");
        }
        // source of an empty file succeeds: make sure the completion was really loaded.
        if (bash) {
            script.append("complete -p userlookup > /dev/null || { echo 'no completion for userlookup' >&2; exit 98; }\n");
        }
        script.append("command -v userlookup\n");
        return bash ? List.of("bash", "--noprofile", "--norc", "-c", script.toString()) : List.of("sh", "-c", script.toString());
    }

    private Map<String, String> freshEnvironment(String... firstOnPath) {
        return freshEnvironment(home, firstOnPath);
    }

    /** A new user's environment: that home, the system's PATH without any userlookup already on it. */
    static Map<String, String> freshEnvironment(Path home, String... firstOnPath) {
        String path = Stream.concat(Stream.of(firstOnPath), Stream.of(System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":"))
                        .filter(folder -> !folder.isEmpty() && !Files.exists(Path.of(folder, "userlookup"))))
                .collect(Collectors.joining(":"));
        Map<String, String> env = new HashMap<>();
        env.put("HOME", home.toString());
        env.put("PATH", path);
        for (String variable : List.of("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "BASH_ENV", "ENV", "CDPATH", "MANPATH")) {
            env.put(variable, null);
        }
        return env;
    }

    @Test
    void theBlockOfThePortableArchiveRunsAsWrittenInAFreshHome() throws Exception {
        List<String> lines = installBlock(ARCHIVE);
        assertTrue(Files.exists(Path.of(ARCHIVE)), "the build made the archive");
        assertFalse(Files.exists(home.resolve(".local")), "a fresh home");
        Path installed = home.resolve(".local/opt/userlookup-" + VERSION + "/bin/userlookup");

        // From the clone (README: "From the clone"), as a person pastes it; then again, as an upgrade would.
        for (int run = 1; run <= 2; run++) {
            Subprocess.Result result = Subprocess.run(Path.of("").toAbsolutePath(), freshEnvironment(), Duration.ofSeconds(120),
                    shellRunning(lines));

            assertEquals(0, result.exit(), "run " + run + ": " + result);
            assertTrue(result.out().contains("userlookup " + VERSION + "\n"), result::toString);
            assertTrue(result.out().endsWith(installed + "\n"), "userlookup on PATH is the one installed: " + result);
            assertFalse(result.err().contains("not found") || result.err().contains("No such file"), result::toString);
        }

        // Its first run on this JDK made a class-data archive in the new home's cache, the user's
        // alone, and the runs after it use that one: the tool's classes come from it (-Xshare:on
        // would stop a JVM that could not map it). The same on another JDK: LauncherIT's fresh home.
        Path cache = home.resolve(".cache/userlookup");
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cache)), "the cache folder is the user's alone");
        List<Path> made;
        try (Stream<Path> files = Files.list(cache)) {
            made = files.toList();
        }
        assertEquals(1, made.size(), "made once: " + made);
        assertTrue(made.get(0).getFileName().toString().endsWith("-" + dev.userlookup.build.StartupArchive.releaseVersion(
                Path.of(System.getProperty("java.home"))) + ".jsa"), made::toString);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(made.get(0))));
        Path log = home.resolve("class-load.log");
        try (FakeService fake = FakeService.builder().users(10).start()) {
            Map<String, String> env = freshEnvironment(installed.getParent().toString());
            env.putAll(Map.of("USERLOOKUP_BASE_URL", fake.baseUrl(), "USERLOOKUP_API_KEY", fake.apiKey(),
                    "USERLOOKUP_JAVA_OPTS", "-Xshare:on -Xlog:class+load:file=" + log));
            Subprocess.Result resolved = Subprocess.run(home, env, Duration.ofSeconds(60), List.of("sh", "-c", "exec userlookup \"$@\"", "sh",
                    "resolve", fake.users().clientUserId(7)));
            assertEquals(0, resolved.exit(), resolved::toString);
            assertEquals("", resolved.err(), resolved::toString);
            assertEquals(fake.users().user(7), new ObjectMapper().readTree(resolved.out()));
        }
        List<String> tool = Files.readAllLines(log).stream().filter(line -> line.contains(" dev.userlookup.")).toList();
        long shared = tool.stream().filter(line -> line.contains("source: shared objects file")).count();
        assertTrue(tool.size() > 100 && shared > tool.size() * 9 / 10, shared + " of " + tool.size() + " tool classes shared");

        // The link alone, for a PATH that has ~/.local/bin and not the unpacked bin, from another folder.
        Path elsewhere = Files.createDirectories(home.resolve("work"));
        Subprocess.Result linked = Subprocess.run(elsewhere, freshEnvironment(home.resolve(".local/bin").toString()),
                Duration.ofSeconds(60), List.of("sh", "-c", "command -v userlookup && exec userlookup --version"));
        assertEquals(0, linked.exit(), linked::toString);
        assertTrue(linked.out().startsWith(home.resolve(".local/bin/userlookup") + "\nuserlookup " + VERSION + "\n"), linked::toString);
        assertTrue(Files.isSymbolicLink(home.resolve(".local/bin/userlookup")));
    }

    /** PATH without java: each program of the system's PATH but java, linked into a folder of its own. */
    private String pathWithoutJava() throws Exception {
        Path bin = systemBin;
        for (String folder : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            if (folder.isEmpty() || !Files.isDirectory(Path.of(folder))) {
                continue;
            }
            try (Stream<Path> programs = Files.list(Path.of(folder))) {
                for (Path program : programs.toList()) {
                    String name = program.getFileName().toString();
                    if (!name.equals("java") && !name.equals("userlookup") && !Files.exists(bin.resolve(name), java.nio.file.LinkOption.NOFOLLOW_LINKS)
                            && Files.isExecutable(program) && !Files.isDirectory(program)) {
                        Files.createSymbolicLink(bin.resolve(name), program);
                    }
                }
            }
        }
        return bin.toString();
    }

    @Test
    void theBlockOfTheBundleRunsAsWrittenWhereNoJavaIs() throws Exception {
        List<String> lines = installBlock(BUNDLE);
        assertTrue(Files.exists(Path.of(BUNDLE)), "the build made the bundle (Linux x64)");
        Map<String, String> env = freshEnvironment();
        env.put("PATH", pathWithoutJava());
        env.put("JAVA_HOME", null);
        assertEquals("", Subprocess.run(env, Duration.ofSeconds(30), "sh", "-c", "command -v java").out(), "no java on PATH");

        for (int run = 1; run <= 2; run++) {
            Subprocess.Result result = Subprocess.run(Path.of("").toAbsolutePath(), env, Duration.ofSeconds(120), shellRunning(lines));

            assertEquals(0, result.exit(), "run " + run + ": " + result);
            assertTrue(result.out().contains("userlookup " + VERSION + "\n"), result::toString);
            assertTrue(result.out().endsWith(home.resolve(".local/bin/userlookup") + "\n"), "userlookup on PATH is the one installed: " + result);
        }
        assertFalse(Files.exists(home.resolve(".cache")), "the bundle writes nothing to the user's cache");
    }

    /**
     * The package's block installs what DebIT.dpkgInstallsItItRunsAndDpkgRemovesEveryFile then
     * uses and removes: one install of the package for both.
     */
    static Subprocess.Result runTheBlockOfTheDebianPackage(Path home) throws Exception {
        List<String> lines = installBlock(DEB);
        assumeTrue(LocalUser.root() && Subprocess.onPath("sudo") && Subprocess.onPath("apt"),
                "the package's block needs root (as CI runs), sudo and apt (apt-get install sudo)");
        Subprocess.Result result = Subprocess.run(Path.of("").toAbsolutePath(), freshEnvironment(home), Duration.ofSeconds(300), shellRunning(lines));

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.out().contains("userlookup " + VERSION + "\n"), result::toString);
        assertTrue(result.out().endsWith("/usr/bin/userlookup\n"), result::toString);
        return result;
    }

    @Test
    void theBlocksReadAsRunsOfPlainCommands() throws Exception {
        // What is run here is what a person reads: no line continued, no here-document, no prompt.
        for (List<String> block : installBlocks()) {
            for (String line : block) {
                assertFalse(line.endsWith("\\") || line.contains("<<") || line.startsWith("$ "), line);
            }
        }
    }
}
