package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A user of this machine made for a test (useradd, with a private group of the same name) and
 * removed after it (userdel): what another user can do to the launcher's files, or what the
 * launcher does as a user who is not root, is tried for real. Only root makes users, as the
 * tests run here and in CI.
 */
record LocalUser(String name, int uid, int gid) implements AutoCloseable {

    static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    static LocalUser create(String prefix) {
        assumeTrue(root(), "making a second user (useradd) needs root, as the tests run in CI");
        assumeTrue(Files.isExecutable(Path.of("/usr/sbin/useradd")) && Files.isExecutable(Path.of("/usr/bin/setpriv")),
                "useradd (passwd) and setpriv (util-linux) are not installed here");
        for (int attempt = 0; attempt < 5; attempt++) {
            String name = prefix + ThreadLocalRandom.current().nextInt(10_000, 100_000);
            Subprocess.Result made = Subprocess.run(Map.of(), Duration.ofSeconds(30),
                    "/usr/sbin/useradd", "--no-create-home", "--user-group", "--shell", "/usr/sbin/nologin", name);
            if (made.exit() == 9) {
                continue; // the name is taken
            }
            assertEquals(0, made.exit(), made::toString);
            return new LocalUser(name, number("-u", name), number("-g", name));
        }
        throw new AssertionError("no free user name for " + prefix);
    }

    private static int number(String which, String name) {
        Subprocess.Result id = Subprocess.run(Map.of(), Duration.ofSeconds(30), "id", which, name);
        assertEquals(0, id.exit(), id::toString);
        return Integer.parseInt(id.out().strip());
    }

    /** The command run as this user, with its groups, in the environment given (nothing of root's login). */
    List<String> running(List<String> command) {
        List<String> as = new ArrayList<>(List.of("/usr/bin/setpriv", "--reuid=" + uid, "--regid=" + gid, "--init-groups", "--"));
        as.addAll(command);
        return as;
    }

    /** Gives {@code path} (not following a symlink) to this user and its group. */
    void owns(Path path) throws Exception {
        chown(path, uid, gid);
    }

    static void chown(Path path, int uid, int gid) throws Exception {
        Files.setAttribute(path, "unix:uid", uid, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        Files.setAttribute(path, "unix:gid", gid, java.nio.file.LinkOption.NOFOLLOW_LINKS);
    }

    @Override
    public void close() {
        Subprocess.run(Map.of(), Duration.ofSeconds(30), "/usr/sbin/userdel", name);
    }
}
