package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A JAVA_HOME whose bin/java is a few lines of sh instead of a JVM: it notes each run (its
 * arguments, the locale variables it was given and the character set they make, read by
 * {@code locale charmap} as the JVM reads it, with setlocale and nl_langinfo), answers a dump
 * ({@code -Xshare:dump}) as the test says, and ends. What the launcher chooses (which java, which
 * archive, which options and locale, what it dumps and where) shows in milliseconds; a real JVM
 * stays in the tests where its answer is the point.
 */
final class StubJava {

    /** A dump that writes a whole archive (the stub never reads it back: any bytes do). */
    static final String DUMP_WRITES_AN_ARCHIVE = "printf 'archive dumped by %s\\n' \"$$\" > \"$archive\"";

    /** One java run as the stub noted it. */
    record Run(List<String> arguments, Map<String, String> env) {

        boolean dump() {
            return arguments.contains("-Xshare:dump");
        }

        /** The value of the first argument that starts with {@code prefix}, or null. */
        String option(String prefix) {
            return arguments.stream().filter(word -> word.startsWith(prefix)).map(word -> word.substring(prefix.length()))
                    .findFirst().orElse(null);
        }

        /** The archive this run was given (-XX:SharedArchiveFile), or null. */
        String archive() {
            return option("-XX:SharedArchiveFile=");
        }

        /** The jar after -jar, or null. */
        String jar() {
            int at = arguments.indexOf("-jar");
            return at < 0 ? null : arguments.get(at + 1);
        }

        /** The tool's own arguments: those after the jar. */
        List<String> tool() {
            int at = arguments.indexOf("-jar");
            return at < 0 ? List.of() : arguments.subList(at + 2, arguments.size());
        }

        /** The character set the JVM would decode the command line with. */
        String charmap() {
            return env.get("charmap");
        }
    }

    /**
     * Makes {@code home} a JAVA_HOME: bin/java the stub, and a release file saying
     * {@code JAVA_RUNTIME_VERSION="version"} (null: a release file without that line; "": none).
     * A dump first runs {@code onDump} (sh, the archive's path in $archive), then ends 0.
     */
    static Path home(Path home, String version, String onDump) {
        try {
            Files.createDirectories(home.resolve("bin"));
            if (version == null) {
                Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Example\"\nJAVA_VERSION=\"17\"\n");
            } else if (!version.isEmpty()) {
                Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Example\"\nJAVA_RUNTIME_VERSION=\"" + version + "\"\n");
            }
            Path log = Files.writeString(home.resolve("runs.log"), "");
            // Whoever runs it (PlantedArchiveIT's other users too) notes its runs here.
            Files.setPosixFilePermissions(log, PosixFilePermissions.fromString("rw-rw-rw-"));
            Path java = home.resolve("bin/java");
            // One write a run, so that runs at once do not mix their lines.
            Files.writeString(java, "#!/bin/sh\n"
                    + "run=$(printf '%s\\037' \"$@\"; printf '\\036'\n"
                    + "  [ -z \"${LC_ALL+set}\" ] || printf 'LC_ALL=%s\\037' \"$LC_ALL\"\n"
                    + "  [ -z \"${LC_CTYPE+set}\" ] || printf 'LC_CTYPE=%s\\037' \"$LC_CTYPE\"\n"
                    + "  [ -z \"${LANG+set}\" ] || printf 'LANG=%s\\037' \"$LANG\"\n"
                    + "  [ -z \"${MALLOC_ARENA_MAX+set}\" ] || printf 'MALLOC_ARENA_MAX=%s\\037' \"$MALLOC_ARENA_MAX\"\n"
                    + "  printf 'charmap=%s' \"$(locale charmap 2>/dev/null)\")\n"
                    + "printf '%s\\n' \"$run\" >> '" + log + "'\n"
                    + "case \" $* \" in *\" -Xshare:dump \"*)\n"
                    + "  for arg; do case $arg in -XX:SharedArchiveFile=*) archive=${arg#-XX:SharedArchiveFile=} ;; esac; done\n"
                    + onDump + "\n"
                    + ";; esac\n"
                    + "exit 0\n");
            Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
            return home;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A stub of the JDK running the tests: its release file, so the build's archive stamp names it. */
    static Path likeThisJdk(Path home) {
        return home(home, releaseVersion(), DUMP_WRITES_AN_ARCHIVE);
    }

    /** JAVA_RUNTIME_VERSION of the JDK running the tests, as the launcher reads it. */
    static String releaseVersion() {
        return dev.userlookup.build.StartupArchive.releaseVersion(Path.of(System.getProperty("java.home")));
    }

    /** The runs noted so far, dumps among them, in order. */
    static List<Run> runs(Path home) {
        try {
            return Files.readAllLines(home.resolve("runs.log"), StandardCharsets.UTF_8).stream().map(line -> {
                String[] halves = line.split("\u001e", 2);
                // Each argument ends with US: the last word of the split is the empty rest.
                List<String> words = Arrays.asList(halves[0].split("\u001f", -1));
                List<String> arguments = words.subList(0, words.size() - 1);
                Map<String, String> env = new HashMap<>();
                for (String pair : halves[1].split("\u001f")) {
                    int equals = pair.indexOf('=');
                    env.put(pair.substring(0, equals), pair.substring(equals + 1));
                }
                return new Run(arguments, env);
            }).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Forgets the runs noted so far. */
    static void clear(Path home) {
        try {
            Files.writeString(home.resolve("runs.log"), "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What one start of the launcher ran: the dumps first, then the tool. */
    record Launch(List<Run> dumps, Run tool) {
    }

    /**
     * Asserts that the launcher ended 0 and quiet, having run the tool last (after dumps, if any)
     * from {@code jar} with {@code arguments}; returns the runs and forgets them.
     */
    static Launch ranTool(Path home, Subprocess.Result result, Path jar, String... arguments) {
        assertEquals(0, result.exit(), result::toString);
        assertEquals("", result.out(), result::toString);
        assertEquals("", result.err(), result::toString);
        List<Run> runs = runs(home);
        assertFalse(runs.isEmpty(), "java was not run");
        Run tool = runs.get(runs.size() - 1);
        assertFalse(tool.dump(), runs::toString);
        try {
            assertEquals(jar.toRealPath().toString(), tool.jar(), tool::toString);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertEquals(List.of(arguments), tool.tool(), tool::toString);
        List<Run> dumps = runs.subList(0, runs.size() - 1);
        assertTrue(dumps.stream().allMatch(Run::dump), runs::toString);
        clear(home);
        return new Launch(dumps, tool);
    }

    private StubJava() {
    }
}
