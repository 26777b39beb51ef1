package dev.userlookup.settings;

import dev.userlookup.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Who may change or read the files that decide what runs and which key is sent, as ssh judges
 * its own: the config file (its {@code api_key_command} runs as you) and its folder, and key
 * files. One that another user owns (root aside) or that others can write is refused, exit 2
 * naming it. A group's write counts unless the group is the owner's own private group, as
 * Debian's ssh allows it: under the usual umask 002 of user private groups every file is
 * {@code rw-rw-r--}, and only its owner is in that group. A key file others can read draws a
 * warning; the config holds no secret and draws none. Only regular files and folders are
 * judged: a pipe or a terminal given as {@code --api-key-file} lives only as long as the run.
 */
final class FilePermissions {

    private static final Path GROUP_FILE = Path.of("/etc/group");

    private FilePermissions() {
    }

    /** Exit 2 when the config file or its folder could be changed by someone else. */
    static void refuseUnsafeConfig(Path config) {
        String why = ", as it could run commands as you (api_key_command)";
        refuseIfOthersCanChange(config, "config " + config, why);
        Path folder = config.toAbsolutePath().getParent();
        if (folder != null) {
            refuseIfOthersCanChange(folder, "the folder " + folder + " of config " + config, why);
        }
    }

    /** As ssh does: a secret that group or others can read is worth a word, not a refusal. */
    static void warnIfOthersCanRead(Path file, Consumer<String> warn) {
        try {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
            if (permissions.contains(PosixFilePermission.GROUP_READ) || permissions.contains(PosixFilePermission.OTHERS_READ)) {
                warn.accept("warning: " + file + " is readable by others; chmod 600 " + file);
            }
        } catch (UnsupportedOperationException | IOException e) {
            // no POSIX permissions here (or no longer readable): nothing to say
        }
    }

    /** Exit 2 when the file could be changed by someone else (a key file's key would be sent as yours). */
    static void refuseIfOthersCanChange(Path file, String what, String why) {
        PosixFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, PosixFileAttributes.class);
        } catch (UnsupportedOperationException | IOException e) {
            return; // no POSIX permissions here, or nothing there: the read that follows says so
        }
        if (!attributes.isRegularFile() && !attributes.isDirectory()) {
            return;
        }
        UserPrincipal owner = attributes.owner();
        if (!ownedByYouOrRoot(file, owner)) {
            throw new UsageException(what + " belongs to another user (" + owner.getName() + "): refused" + why
                    + "; use a " + (attributes.isDirectory() ? "folder" : "file") + " of your own");
        }
        Set<PosixFilePermission> permissions = attributes.permissions();
        boolean groupWrites = permissions.contains(PosixFilePermission.GROUP_WRITE) && !privateGroup(attributes.group(), owner);
        if (permissions.contains(PosixFilePermission.OTHERS_WRITE) || groupWrites) {
            throw new UsageException(what + " is writable by others (mode " + octal(permissions)
                    + (groupWrites ? ", group " + attributes.group().getName() : "") + "): refused" + why
                    + "; chmod go-w " + file);
        }
    }

    private static boolean ownedByYouOrRoot(Path file, UserPrincipal owner) {
        try {
            if (Integer.valueOf(0).equals(Files.getAttribute(file, "unix:uid"))) {
                return true;
            }
        } catch (UnsupportedOperationException | IllegalArgumentException | IOException e) {
            // no uid to read: the name decides
        }
        // A user the system cannot name (a container's arbitrary uid) cannot be compared: let it be.
        String name = System.getProperty("user.name");
        try {
            return name == null || file.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(name).equals(owner);
        } catch (IOException | UnsupportedOperationException e) {
            return true;
        }
    }

    /**
     * The owner's own group: named as the owner, and with no other member listed in
     * {@code /etc/group} (a group kept elsewhere, by a directory service, counts by its name).
     */
    private static boolean privateGroup(GroupPrincipal group, UserPrincipal owner) {
        if (!group.getName().equals(owner.getName())) {
            return false;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(GROUP_FILE);
        } catch (IOException e) {
            return true;
        }
        for (String line : lines) {
            String[] fields = line.split(":", -1);
            if (fields.length >= 4 && fields[0].equals(group.getName())) {
                for (String member : fields[3].split(",")) {
                    if (!member.isBlank() && !member.strip().equals(owner.getName())) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    private static String octal(Set<PosixFilePermission> permissions) {
        int mode = 0;
        for (PosixFilePermission permission : permissions) {
            mode |= 0400 >> permission.ordinal();
        }
        return String.format("%04o", mode);
    }
}
