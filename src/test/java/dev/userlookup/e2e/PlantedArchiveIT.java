package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.userlookup.build.StartupArchive;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The class archive the launcher keeps in the user's cache, against another user of the machine:
 * JDK 17 runs whatever classes an archive holds, so one that someone else could have put there,
 * or could swap, is neither used nor written, nor is anything written through a symlink. The
 * launcher runs as a user made for the test (the victim); a second one (the planter) owns what is
 * planted. Which archive the JVM was given is read from a java that logs its arguments.
 */
class PlantedArchiveIT {

    static LocalUser victim;
    static LocalUser planter;

    @TempDir
    Path dir;
    Path launcher;
    Path jdk;
    Path home;
    Path secret;

    @BeforeAll
    static void start() {
        victim = LocalUser.create("ulvictim");
        planter = LocalUser.create("ulplanter");
    }

    @AfterAll
    static void stop() {
        for (LocalUser user : new LocalUser[] {victim, planter}) {
            if (user != null) {
                user.close();
            }
        }
    }

    @BeforeEach
    void install() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path bin = Files.createDirectories(dir.resolve("app/bin"));
        launcher = Files.copy(Subprocess.LAUNCHER, bin.resolve("userlookup"));
        Files.copy(Subprocess.JAR, bin.resolve("userlookup.jar"));
        Files.copy(Subprocess.LAUNCHER.resolveSibling("userlookup.classlist"), bin.resolve("userlookup.classlist"));

        // A java that notes its arguments and ends (StubJava): which archive is written and given
        // is what is tested here, not the JVM's use of it. FAIL_DUMP=1 makes a dump fail.
        jdk = StubJava.home(dir.resolve("jdk"), StubJava.releaseVersion(),
                "  [ \"$FAIL_DUMP\" = 1 ] && exit 1\n" + StubJava.DUMP_WRITES_AN_ARCHIVE);

        home = Files.createDirectories(dir.resolve("home"));
        victim.owns(home);
        Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
        secret = Files.writeString(home.resolve("secret"), "the victim's own file\n");
        victim.owns(secret);
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
    }

    /** The archive's name for this copy of the jar and this JDK, as the launcher makes it. */
    private String archiveName() throws Exception {
        Subprocess.Result sum = Subprocess.run(Map.of(), Duration.ofSeconds(30), "sh", "-c", "printf '%s\\n' \"$1\" \"$2\" | cksum", "sh",
                launcher.getParent().toRealPath().toString(), jdk.toString());
        assertEquals(0, sum.exit(), sum::toString);
        Matcher build = Pattern.compile("-(\\d{14})-\\$version\\.jsa").matcher(Files.readString(launcher));
        assertTrue(build.find(), "the build id is stamped into the launcher");
        return "userlookup-" + sum.out().split(" ")[0] + "-" + build.group(1) + "-"
                + StartupArchive.releaseVersion(Path.of(System.getProperty("java.home"))) + ".jsa";
    }

    /** The launcher run as the victim under {@code shell} ("sh": as its first line says), resolving one id; the java runs it made. */
    private List<StubJava.Run> runAsVictim(String shell, Path cacheHome, String... extra) throws Exception {
        Map<String, String> env = new HashMap<>(Map.of("HOME", home.toString(), "JAVA_HOME", jdk.toString(), "XDG_CACHE_HOME", cacheHome.toString()));
        for (int i = 0; i < extra.length; i += 2) {
            env.put(extra[i], extra[i + 1]);
        }
        List<String> command = new ArrayList<>(switch (shell) {
            case "sh" -> List.<String>of();
            case "zsh" -> List.of(installed("zsh"), "--emulate", "sh");
            default -> List.of(installed(shell));
        });
        String id = "customer-000007";
        command.addAll(List.of(launcher.toString(), "resolve", id));
        StubJava.clear(jdk);
        Subprocess.Result result = Subprocess.run(dir, env, Duration.ofSeconds(120), victim.running(command));
        StubJava.Launch launch = StubJava.ranTool(jdk, result, launcher.resolveSibling("userlookup.jar"), "resolve", id);
        List<StubJava.Run> runs = new ArrayList<>(launch.dumps());
        runs.add(launch.tool());
        return runs;
    }

    private static String installed(String shell) {
        for (String folder : new String[] {"/bin", "/usr/bin"}) {
            if (Files.isExecutable(Path.of(folder, shell))) {
                return folder + "/" + shell;
            }
        }
        assumeTrue(false, shell + " is not installed here (apt-get install " + shell + "): the launcher is not tried under it");
        return null;
    }

    /** The archive the tool's own run was given (the last java run), or null. */
    private static String archiveGiven(List<StubJava.Run> javaRuns) {
        return javaRuns.get(javaRuns.size() - 1).archive();
    }

    private static boolean dumped(List<StubJava.Run> javaRuns) {
        return javaRuns.stream().anyMatch(StubJava.Run::dump);
    }

    private Path folder(Path path, LocalUser owner, String mode) throws Exception {
        Files.createDirectories(path);
        if (owner != null) {
            owner.owns(path);
        }
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(mode));
        return path;
    }

    /** An archive the planter made, newer than the jar and the JDK, as a run would take it. */
    private Path plant(Path at) throws Exception {
        Files.write(at, new byte[4096]);
        planter.owns(at);
        Files.setLastModifiedTime(at, FileTime.from(Instant.now().plusSeconds(60)));
        return at;
    }

    /** The files in {@code folder} the victim owns (what its runs wrote there). */
    private List<Path> victimsFiles(Path folder) throws Exception {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> {
                try {
                    return Integer.valueOf(victim.uid()).equals(Files.getAttribute(file, "unix:uid", LinkOption.NOFOLLOW_LINKS));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
        }
    }

    /** Symlinks to the victim's file at every name the launcher's temporary file once took ({@code <pid>.tmp}), for the next pids. */
    private void plantLinksToTheSecret(Path cache, String archive) throws Exception {
        String key = archive.substring(0, archive.indexOf('-', "userlookup-".length()));
        // The pid a process started now gets: the launcher's comes soon after.
        long last = new ProcessBuilder("true").start().pid();
        for (long pid = last + 1; pid <= last + 2000; pid++) {
            planter.owns(Files.createSymbolicLink(cache.resolve(key + "." + pid + ".tmp"), secret));
        }
    }

    private void assertSecretUntouched() throws Exception {
        assertEquals("the victim's own file\n", Files.readString(secret), "the victim's file was written through a planted link");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"dash", "bash", "zsh"})
    void aCacheFolderOthersCanWriteIsNeitherUsedNorWrittenAndAFolderOfYourOwnIs(String shell) throws Exception {
        Path cacheHome = folder(dir.resolve("cache"), victim, "rwx------");
        Path cache = folder(cacheHome.resolve("userlookup"), victim, "rwxrwxrwx");
        String archive = archiveName();
        Path planted = plant(cache.resolve(archive));

        List<StubJava.Run> runs = runAsVictim(shell, cacheHome);
        assertNull(archiveGiven(runs), "the planted archive was given to java: " + runs);
        assertEquals(List.of(), victimsFiles(cache));

        // No archive there: the launcher would dump one. Links to the victim's file wait at each
        // name its temporary file could take.
        Files.delete(planted);
        plantLinksToTheSecret(cache, archive);
        runs = runAsVictim(shell, cacheHome);
        assertSecretUntouched();
        assertEquals(false, dumped(runs), runs::toString);
        assertEquals(List.of(), victimsFiles(cache));

        // The same folder once it is the victim's alone: the first run makes the archive, the next uses it.
        try (Stream<Path> files = Files.list(cache)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
        Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwx------"));
        assertTrue(dumped(runAsVictim(shell, cacheHome)), "a folder of the victim's own gets an archive");
        assertEquals(List.of(cache.resolve(archive)), victimsFiles(cache));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cache.resolve(archive))));
        assertEquals(cache.resolve(archive).toString(), archiveGiven(runAsVictim(shell, cacheHome)));
    }

    @Test
    void anArchiveInAFolderOfAnotherUserIsNotUsed() throws Exception {
        Path cacheHome = folder(dir.resolve("their cache"), planter, "rwxr-xr-x");
        Path cache = folder(cacheHome.resolve("userlookup"), planter, "rwxr-xr-x");
        plant(cache.resolve(archiveName()));

        List<StubJava.Run> runs = runAsVictim("sh", cacheHome);
        assertNull(archiveGiven(runs), "the planted archive was given to java: " + runs);
        assertEquals(false, dumped(runs), runs::toString);
    }

    @Test
    void theFoldersAboveTheCacheDecideToo() throws Exception {
        Path above = folder(dir.resolve("above"), null, "rwxr-xr-x");
        Path cacheHome = folder(above.resolve("cache"), victim, "rwx------");
        Path archive = cacheHome.resolve("userlookup").resolve(archiveName());
        assertTrue(dumped(runAsVictim("sh", cacheHome)), "made where every folder is safe");
        assertEquals(archive.toString(), archiveGiven(runAsVictim("sh", cacheHome)), "and used");
        FileTime made = Files.getLastModifiedTime(archive);

        // Who owns the folder above, its group, its mode: whether the archive under it is used.
        record Case(String who, int uid, int gid, String mode, boolean used) {
        }
        for (Case each : List.of(new Case("root's, open to all", 0, 0, "rwxrwxrwx", false),
                new Case("root's, its group writes", 0, 0, "rwxrwxr-x", false),
                new Case("the planter's", planter.uid(), planter.gid(), "rwxr-xr-x", false),
                new Case("the victim's, the planter's group writes", victim.uid(), planter.gid(), "rwxrwxr-x", false),
                new Case("the victim's, its private group writes", victim.uid(), victim.gid(), "rwxrwxr-x", true),
                new Case("root's, only root writes", 0, 0, "rwxr-xr-x", true))) {
            LocalUser.chown(above, each.uid(), each.gid());
            Files.setPosixFilePermissions(above, PosixFilePermissions.fromString(each.mode()));
            List<StubJava.Run> runs = runAsVictim("sh", cacheHome);
            assertEquals(each.used() ? archive.toString() : null, archiveGiven(runs), each::toString);
            assertEquals(false, dumped(runs), each::toString);
            assertEquals(made, Files.getLastModifiedTime(archive), each::toString);
        }
        // A sticky folder open to all (as /tmp): no one else can rename or remove what is in it.
        LocalUser.chown(above, 0, 0);
        Files.setAttribute(above, "unix:mode", 01777);
        assertEquals(archive.toString(), archiveGiven(runAsVictim("sh", cacheHome)), "under a sticky folder");
    }

    @Test
    void neverThroughASymlink() throws Exception {
        Path cacheHome = folder(dir.resolve("cache"), victim, "rwx------");
        Path cache = cacheHome.resolve("userlookup");
        String archive = archiveName();
        assertTrue(dumped(runAsVictim("sh", cacheHome)));
        assertNotNull(archiveGiven(runAsVictim("sh", cacheHome)));

        // The cache home through a link, then the cache folder a link, then the archive's name.
        Path linkedHome = Files.createSymbolicLink(dir.resolve("linked cache"), cacheHome);
        assertNull(archiveGiven(runAsVictim("sh", linkedHome)), "XDG_CACHE_HOME a symlink");
        Path other = folder(dir.resolve("other cache"), victim, "rwx------");
        victim.owns(Files.createSymbolicLink(other.resolve("userlookup"), cache));
        assertNull(archiveGiven(runAsVictim("sh", other)), "the cache folder a symlink");
        Path elsewhere = Files.move(cache.resolve(archive), home.resolve(archive));
        victim.owns(Files.createSymbolicLink(cache.resolve(archive), elsewhere));
        List<StubJava.Run> runs = runAsVictim("sh", cacheHome);
        assertNull(archiveGiven(runs), "the archive a symlink");
        assertEquals(false, dumped(runs), "nor replaced: " + runs);
        assertTrue(Files.isSymbolicLink(cache.resolve(archive)));

        // A link where the marker of a failed dump goes, in a folder of the victim's own: never written through.
        Files.delete(cache.resolve(archive));
        victim.owns(Files.createSymbolicLink(cache.resolve(archive + ".failed"), secret));
        runAsVictim("sh", cacheHome, "FAIL_DUMP", "1");
        assertSecretUntouched();
    }
}
