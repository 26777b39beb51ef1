package dev.userlookup;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A user who is not root, for what root never meets (root writes into a read-only folder): as
 * root, {@value #NAME}, made with useradd the first time (CI runs as root); otherwise the user
 * running the tests. The check runs in a JVM of its own, as that user, on the project's own
 * classes (the jars in root's Maven repository are not for other users to read).
 */
public final class TestUser {

    public static final String NAME = "userlookup-test";

    private TestUser() {
    }

    public static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    /**
     * Runs {@code main} in a JVM of this JDK as the test user, {@code tree} and all under it given
     * to that user first (and the folders above it opened to pass through); its standard output.
     * A run that exits other than 0 fails, with its standard error.
     */
    public static String java(Class<?> main, Path tree, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        if (root()) {
            ensureExists();
            run(List.of("chown", "-R", NAME + ":" + NAME, tree.toString()));
            for (Path folder = tree.toAbsolutePath().getParent(); folder != null; folder = folder.getParent()) {
                Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(folder);
                if (permissions.add(PosixFilePermission.OTHERS_EXECUTE)) {
                    Files.setPosixFilePermissions(folder, permissions);
                }
            }
            command.addAll(List.of("runuser", "-u", NAME, "--"));
        }
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:-UsePerfData",
                "-cp", codeSource(main) + File.pathSeparator + codeSource(Main.class), main.getName()));
        command.addAll(List.of(args));
        return run(command);
    }

    /** useradd once, as root: a system user with a group of its own, no home and no login. */
    private static synchronized void ensureExists() throws IOException, InterruptedException {
        Process id = new ProcessBuilder("id", "-u", NAME).redirectErrorStream(true).start();
        id.getInputStream().readAllBytes();
        if (id.waitFor() != 0) {
            run(List.of("useradd", "--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", NAME));
        }
    }

    private static String codeSource(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Path err = Files.createTempFile("test-user", ".err");
        try {
            Process process = new ProcessBuilder(command).redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError(String.join(" ", command) + " still runs after 60 s");
            }
            if (process.exitValue() != 0) {
                throw new AssertionError(String.join(" ", command) + " exited " + process.exitValue() + ":\n"
                        + Files.readString(err, StandardCharsets.UTF_8) + out);
            }
            return out;
        } finally {
            Files.delete(err);
        }
    }
}
