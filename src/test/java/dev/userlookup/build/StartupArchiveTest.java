package dev.userlookup.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
    void classListsOfSeveralRunsMergeIntoOneThatNumbersEachClassOnce() throws Exception {
        // JDK 25's shape: every class numbered in its own run; one from another loader names its
        // super class and interfaces by those numbers.
        MergedClassList merged = new MergedClassList();
        merged.add(List.of("# NOTE: Do not modify this file.", "java/lang/Object id: 0", "app/First id: 1", "app/Shared id: 2",
                "@lambda-form-invoker [LF_RESOLVE] java.lang.invoke.DirectMethodHandle$Holder invokeStatic L_L",
                "@lambda-proxy app/First run ()Ljava/lang/Runnable;"));
        merged.add(List.of("java/lang/Object id: 0", "app/Second id: 1", "app/Third id: 2", "app/Shared id: 3",
                "@lambda-proxy app/First run ()Ljava/lang/Runnable;", "@lambda-proxy app/Second run ()Ljava/lang/Runnable;",
                "plugin/Loaded id: 4 super: 3 interfaces: 2 1 source: /tmp/a folder/plugin.jar"));
        merged.add(List.of("java/lang/Object id: 0", "app/Shared id: 1", "app/Third id: 2", "app/Second id: 3",
                "plugin/Loaded id: 4 super: 1 interfaces: 2 3 source: /tmp/a folder/plugin.jar", "app/Fourth id: 5"));

        assertEquals(List.of("java/lang/Object id: 0", "app/First id: 1", "app/Shared id: 2",
                "@lambda-form-invoker [LF_RESOLVE] java.lang.invoke.DirectMethodHandle$Holder invokeStatic L_L",
                "@lambda-proxy app/First run ()Ljava/lang/Runnable;",
                "app/Second id: 3", "app/Third id: 4", "@lambda-proxy app/Second run ()Ljava/lang/Runnable;",
                "plugin/Loaded id: 5 super: 2 interfaces: 4 3 source: /tmp/a folder/plugin.jar",
                "app/Fourth id: 6"),
                merged.lines());
    }

    @Test
    void onlyTheDirectivesJdk17ReadsAreKept() throws Exception {
        // The launcher dumps an archive from the list on whichever JDK runs the tool; JDK 17 stops at an @cp line.
        MergedClassList merged = new MergedClassList();
        merged.add(List.of("java/lang/Object id: 0", "app/First id: 1", "@cp app/First 1 2 7", "@some-later-directive app/First",
                "@lambda-proxy app/First run ()Ljava/lang/Runnable;"));

        assertEquals(List.of("java/lang/Object id: 0", "app/First id: 1", "@lambda-proxy app/First run ()Ljava/lang/Runnable;"),
                merged.lines());
    }

    @Test
    void aClassListThatNamesAClassBeforeItsLineFailsTheBuild() {
        MergedClassList merged = new MergedClassList();

        Exception e = assertThrows(StartupArchive.TrainingFailed.class,
                () -> merged.add(List.of("java/lang/Object id: 0", "plugin/Loaded id: 1 super: 7 source: /tmp/plugin.jar")));
        assertTrue(e.getMessage().startsWith("the class list names class number 7 before its line: plugin/Loaded id: 1 super: 7"),
                e.getMessage());
    }

    @Test
    void classListsWithoutNumbersMergeLineByLine() throws Exception {
        // JDK 17's shape for the classes of the JDK's own loaders.
        MergedClassList merged = new MergedClassList();
        String lambda = "@lambda-proxy app/First run ()Ljava/lang/Runnable;";
        merged.add(List.of("java/lang/Object", "app/First", lambda));
        merged.add(List.of("java/lang/Object", "app/Second", lambda, ""));

        assertEquals(List.of("java/lang/Object", "app/First", lambda, "app/Second"), merged.lines());
    }

    @Test
    void theMergedListsOfTwoRealRunsDumpAnArchiveOnThisJdk() throws Exception {
        // Two runs that load different classes: from where they part, each numbers other classes alike.
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        MergedClassList merged = new MergedClassList();
        merged.add(dumpedClassList(java, "-version"));
        merged.add(dumpedClassList(java, "-XshowSettings:properties", "-version"));
        Path list = Files.write(dir.resolve("merged.classlist"), merged.lines());
        Path archive = dir.resolve("merged.jsa");

        Process dump = new ProcessBuilder(java, "-Xshare:dump", "-XX:SharedClassListFile=" + list,
                "-XX:SharedArchiveFile=" + archive).redirectErrorStream(true).start();
        String output = new String(dump.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertEquals(0, dump.waitFor(), output);
        assertTrue(Files.size(archive) > 0, output);
    }

    private List<String> dumpedClassList(String java, String... options) throws Exception {
        Path list = Files.createTempFile(dir, "run", ".classlist");
        List<String> command = new ArrayList<>(List.of(java, "-XX:DumpLoadedClassList=" + list));
        command.addAll(List.of(options));
        Process run = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        assertEquals(0, run.waitFor());
        return Files.readAllLines(list);
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
