package dev.userlookup.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The package-time training's own rules: versions, which JDKs, and failing loudly. */
class StartupArchiveTest {

    @TempDir
    Path dir;

    @Test
    void theTrainingRunsWithTheLaunchersOwnJvmOptions() throws Exception {
        // An AOT cache fits only a run with the same options: a hand copy that drifted from the
        // launcher would leave the cache unused without a word.
        String launcher = Files.readString(Path.of("src/main/launcher/userlookup"));
        String exec = launcher.substring(launcher.indexOf("exec \"$java\""), launcher.indexOf("-jar \"$lib/userlookup.jar\""));
        for (String option : StartupArchive.LAUNCHER_OPTIONS) {
            boolean inExec = List.of(exec.split("[\\s\\\\]+")).contains(option);
            boolean asTheCollector = option.endsWith("GC") && launcher.contains("\ngc=\"" + option + "\"\n") && exec.contains(" $gc ");
            assertTrue(inExec || asTheCollector, option + " is not among the launcher's options: " + exec);
        }
        for (String word : exec.split("[\\s\\\\]+")) {
            if (word.startsWith("-X") && !word.equals("-Xlog:disable")) {
                assertTrue(StartupArchive.LAUNCHER_OPTIONS.contains(word), "the launcher's " + word + " is not in training");
            }
        }
    }

    @Test
    void theFeatureReleaseIsTheLeadingNumberOfAnyVersionString() {
        assertEquals(17, StartupArchive.featureRelease("17+35"));
        assertEquals(17, StartupArchive.featureRelease("17-ea"));
        assertEquals(17, StartupArchive.featureRelease("17"));
        assertEquals(17, StartupArchive.featureRelease("17.0.15+6-Debian-1deb12u1"));
        assertEquals(21, StartupArchive.featureRelease("21.0.1+12-LTS"));
        assertEquals(25, StartupArchive.featureRelease("25"));
        assertEquals(1, StartupArchive.featureRelease("1.8.0_292-b10"));
        assertEquals(0, StartupArchive.featureRelease(""));
        assertEquals(0, StartupArchive.featureRelease(null));
        assertEquals(0, StartupArchive.featureRelease("ea"));
    }

    @Test
    void theVersionComesFromTheReleaseFileAsTheLauncherReadsIt() throws Exception {
        Files.writeString(dir.resolve("release"), "JAVA_VERSION=\"17.0.2\"\nJAVA_RUNTIME_VERSION=\"17+35\"\nOS_NAME=\"Linux\"\n");
        assertEquals("17+35", StartupArchive.releaseVersion(dir));
        Files.writeString(dir.resolve("release"), "JAVA_VERSION=\"17.0.2\"\n");
        assertNull(StartupArchive.releaseVersion(dir));
        Files.delete(dir.resolve("release"));
        assertNull(StartupArchive.releaseVersion(dir));
    }

    @Test
    void noOtherJdkIsLookedAtUnlessAskedFor() throws Exception {
        assertEquals(List.of(), StartupArchive.aotJdks(""));
    }

    @Test
    void aJdkAskedForThatIsNotJdk25OrLaterFailsTheBuild() throws Exception {
        Path home = Files.createDirectories(dir.resolve("jdk/bin"));
        Files.createSymbolicLink(home.resolve("java"), Path.of(System.getProperty("java.home"), "bin", "java"));
        Files.writeString(dir.resolve("jdk/release"), "JAVA_RUNTIME_VERSION=\"21.0.1+12-LTS\"\n");

        Exception e = assertThrows(StartupArchive.TrainingFailed.class, () -> StartupArchive.aotJdks(dir.resolve("jdk").toString()));
        assertTrue(e.getMessage().contains("is not a JDK 25 or later (its release file says 21.0.1+12-LTS)"), e.getMessage());
        assertTrue(e.getMessage().contains("-Dstartup.skip=true"), e.getMessage());
        assertThrows(StartupArchive.TrainingFailed.class, () -> StartupArchive.aotJdks(dir.resolve("no-such-jdk").toString()));
    }

    @Test
    void aTrainingRunThatFailsFailsTheBuildSayingWhich() throws Exception {
        Path jar = Files.writeString(dir.resolve("userlookup.jar"), "not a jar");
        Files.writeString(dir.resolve("userlookup-25.0.1.aot"), "stale");
        Files.writeString(dir.resolve("userlookup.classlist"), "stale");

        Exception e = assertThrows(StartupArchive.TrainingFailed.class, () -> StartupArchive.main(new String[] {jar.toString(), ""}));
        assertTrue(e.getMessage().startsWith("training run 'userlookup resolve customer-000042' exited 1, not 0: "), e.getMessage());
        assertTrue(e.getMessage().contains("Invalid or corrupt jarfile"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("userlookup.jsa")), "no archive left behind");
        assertFalse(Files.exists(dir.resolve("userlookup.jsa.jdk")), "no stamp left behind");
        assertFalse(Files.exists(dir.resolve("userlookup.classlist")), "no class list left behind");
        assertFalse(Files.exists(dir.resolve("userlookup-25.0.1.aot")), "no stale AOT cache left behind");
    }
}
