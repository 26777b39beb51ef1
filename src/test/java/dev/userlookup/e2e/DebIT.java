package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.userlookup.fake.FakeService;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * target/userlookup_VERSION_amd64.deb installed for real by README's block (sudo apt install; the
 * tests run as root here and in CI), used, and removed with dpkg: nothing of it may be left behind.
 * And lintian finds nothing to say.
 */
@Isolated("the package is installed for the whole machine, in /usr/bin, where other classes look at what is on PATH")
class DebIT {

    static final String VERSION = System.getProperty("userlookup.version", "0.1.0");
    static final Path DEB = Path.of(System.getProperty("userlookup.deb", "target/userlookup_" + VERSION + "_amd64.deb"));

    @TempDir
    Path dir;

    /** Where the bundle is made and Debian's tools are there, the package must be; and the tool the test needs. */
    private static void assumePackage(String tool) {
        assumeTrue(BundleIT.linuxX64() && !Boolean.getBoolean("userlookup.bundleSkipped"),
                "the package is made on Linux x64 only, and not with -Dbundle.skip=true");
        assumeTrue(Subprocess.onPath("dpkg-deb") && Subprocess.onPath("dpkg-shlibdeps"),
                "the build makes the package with dpkg-deb and dpkg-shlibdeps: apt-get install dpkg-dev");
        assertTrue(Files.exists(DEB), "the build made no Debian package " + DEB);
        assumeTrue(Subprocess.onPath(tool), tool + " is not installed here (apt-get install " + tool + ")");
    }

    private static Subprocess.Result run(Map<String, String> env, String... command) {
        return Subprocess.run(env, Duration.ofSeconds(300), command);
    }

    @Test
    void lintianFindsNothingToSay() {
        assumePackage("lintian");
        Subprocess.Result lintian = run(Map.of(), "lintian", "--fail-on", "error,warning", "--tag-display-limit", "0", DEB.toString());

        assertEquals(0, lintian.exit(), lintian::toString);
        assertEquals("", lintian.out().lines().filter(line -> line.matches("[EW]: .*")).reduce("", (a, b) -> a + b + "\n"), lintian::toString);
    }

    @Test
    void dpkgInstallsItItRunsAndDpkgRemovesEveryFile() throws Exception {
        assumePackage("dpkg");
        assumeTrue(LocalUser.root(), "installing a package needs root, as the tests run in CI");
        Subprocess.Result before = run(Map.of(), "dpkg-query", "-W", "-f", "${db:Status-Status}", "userlookup");
        assertTrue(before.exit() != 0 || before.out().equals("not-installed"),
                "a userlookup package is installed on this machine already; the test would replace it: " + before);
        try (FakeService fake = FakeService.builder().users(20).start()) {
            // Installed as README says, its block run as written in a new home (InstallIT's).
            InstallIT.runTheBlockOfTheDebianPackage(Files.createDirectories(dir.resolve("installing home")));
            List<String> files = run(Map.of(), "dpkg", "-L", "userlookup").out().lines().filter(line -> line.startsWith("/")).toList();
            for (String expected : List.of("/usr/bin/userlookup", "/usr/share/man/man1/userlookup.1.gz",
                    "/usr/share/bash-completion/completions/userlookup", "/usr/share/zsh/vendor-completions/_userlookup",
                    "/usr/share/doc/userlookup/copyright")) {
                assertTrue(files.contains(expected), expected + " in " + files);
            }

            // From PATH, in a new home, with JAVA_HOME pointing at nothing: it runs on its own runtime.
            Map<String, String> env = new HashMap<>(Map.of("HOME", Files.createDirectories(dir.resolve("home")).toString(),
                    "PATH", "/usr/bin:/bin", "JAVA_HOME", dir.resolve("no jdk").toString(),
                    "USERLOOKUP_BASE_URL", fake.baseUrl(), "USERLOOKUP_API_KEY", fake.apiKey()));
            Subprocess.Result version = run(env, "sh", "-c", "command -v userlookup && userlookup --version");
            assertEquals(0, version.exit(), version::toString);
            assertTrue(version.out().startsWith("/usr/bin/userlookup\nuserlookup " + VERSION + "\n"), version::toString);
            Subprocess.Result resolved = run(env, "userlookup", "resolve", fake.users().clientUserId(7));
            assertEquals(0, resolved.exit(), resolved::toString);
            assertEquals(fake.users().user(7), new ObjectMapper().readTree(resolved.out()));
            assertFalse(Files.exists(dir.resolve("home/.cache")), "nothing in the user's cache");

            if (Subprocess.onPath("man")) {
                Map<String, String> noManpath = new HashMap<>();
                noManpath.put("MANPATH", null);
                Subprocess.Result man = run(noManpath, "man", "-w", "userlookup");
                assertEquals(0, man.exit(), man::toString);
                assertEquals("/usr/share/man/man1/userlookup.1.gz\n", man.out());
            }
            Subprocess.Result completion = run(Map.of(), "bash", "-c", "source /usr/share/bash-completion/completions/userlookup"
                    + " && COMP_LINE='userlookup li' && COMP_WORDS=(userlookup li) && COMP_CWORD=1 && COMP_POINT=${#COMP_LINE}"
                    + " && _complete_userlookup && printf '%s\\n' \"${COMPREPLY[@]}\"");
            assertEquals("list\n", completion.out(), completion::toString);
            if (Subprocess.onPath("zsh")) {
                Subprocess.Result fpath = run(Map.of(), "zsh", "-fc", "print -l $fpath");
                assertTrue(fpath.out().lines().anyMatch(folder -> folder.equals("/usr/share/zsh/vendor-completions")),
                        "zsh looks for a package's completions there: " + fpath);
            }

            Subprocess.Result removed = run(Map.of(), "dpkg", "-r", "userlookup");
            assertEquals(0, removed.exit(), removed::toString);
            for (String file : files) {
                Path path = Path.of(file);
                boolean shared = List.of("/.", "/usr", "/usr/bin", "/usr/lib", "/usr/share", "/usr/share/man", "/usr/share/man/man1",
                        "/usr/share/doc", "/usr/share/bash-completion", "/usr/share/bash-completion/completions", "/usr/share/zsh",
                        "/usr/share/zsh/vendor-completions", "/usr/share/lintian", "/usr/share/lintian/overrides").contains(file);
                assertTrue(shared || !Files.exists(path, LinkOption.NOFOLLOW_LINKS), file + " left behind by dpkg -r");
            }
            assertFalse(Files.exists(Path.of("/usr/lib/userlookup")), "/usr/lib/userlookup left behind");
        } finally {
            run(Map.of(), "dpkg", "--purge", "userlookup");
        }
    }
}
