package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
 * README's Install block, run as written, one line after the other, by a real shell in a new
 * home folder (nothing in it, not even ~/.local), against the archive the build made: every line
 * must succeed, and then userlookup answers from PATH and through its link.
 */
class InstallIT {

    static final String VERSION = System.getProperty("userlookup.version", "0.1.0");

    @TempDir
    Path home;

    /** The lines of the first {@code ```sh} block under README's "## Install". */
    static List<String> installBlock() throws Exception {
        String readme = Files.readString(Path.of("README.md"));
        int section = readme.indexOf("\n## Install\n");
        assertTrue(section >= 0, "README has no '## Install' section");
        int end = readme.indexOf("\n## ", section + 1);
        String install = readme.substring(section, end < 0 ? readme.length() : end);
        int open = install.indexOf("```sh\n");
        assertTrue(open >= 0, "README's Install section has no ```sh block");
        int close = install.indexOf("\n```", open);
        return install.substring(open + "```sh\n".length(), close).lines().filter(line -> !line.isBlank()).toList();
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

    /** A new user's environment: this home, the system's PATH without any userlookup already on it. */
    private Map<String, String> freshEnvironment(String... firstOnPath) {
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
    void readmesInstallBlockRunsAsWrittenInAFreshHome() throws Exception {
        List<String> lines = installBlock();
        assertTrue(lines.stream().anyMatch(line -> line.contains("target/userlookup-" + VERSION + ".tar.gz")),
                "README's Install block unpacks the archive of this version, " + VERSION + ": " + lines);
        assertTrue(Files.exists(Path.of("target/userlookup-" + VERSION + ".tar.gz")), "the build made the archive");
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

        // The link alone, for a PATH that has ~/.local/bin and not the unpacked bin, from another folder.
        Path elsewhere = Files.createDirectories(home.resolve("work"));
        Subprocess.Result linked = Subprocess.run(elsewhere, freshEnvironment(home.resolve(".local/bin").toString()),
                Duration.ofSeconds(60), List.of("sh", "-c", "command -v userlookup && exec userlookup --version"));
        assertEquals(0, linked.exit(), linked::toString);
        assertTrue(linked.out().startsWith(home.resolve(".local/bin/userlookup") + "\nuserlookup " + VERSION + "\n"), linked::toString);
        assertTrue(Files.isSymbolicLink(home.resolve(".local/bin/userlookup")));
    }

    @Test
    void theBlockReadsAsARunOfPlainCommands() throws Exception {
        // What is run here is what a person reads: no line continued, no here-document, no prompt.
        List<String> lines = new ArrayList<>(installBlock());
        for (String line : lines) {
            assertFalse(line.endsWith("\\") || line.contains("<<") || line.startsWith("$ "), line);
        }
    }
}
