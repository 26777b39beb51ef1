package dev.userlookup.find.index;

import dev.userlookup.model.redaction.ApiKey;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * Where the index of a base URL lies: {@code <cache>/userlookup/index/<digest of base URL and
 * team_id>.idx}, and for each key {@code index/keys/<digest of base URL and key>} naming its team
 * (known only from the users, while a run must find its file before any request; a rotated key of
 * the same team finds the same index). The key's digest is the only thing on disk derived from the
 * key. Folders made here are 700; folders found here must be the user's own and writable by no one
 * else, as ssh judges its own, or the index is neither read nor written.
 */
record IndexLocation(Path cacheHome, String baseUrl, String keyDigest) {

    static final FileAttribute<Set<PosixFilePermission>> FOLDER_MODE = PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rwx------"));
    static final FileAttribute<Set<PosixFilePermission>> FILE_MODE = PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rw-------"));
    /** Far longer than any save takes: a temporary file this old is no run's any more. */
    static final Duration ABANDONED = Duration.ofMinutes(10);
    private static final byte[] KEYS_TEAM = "userlookup index key 1\n".getBytes(StandardCharsets.US_ASCII);

    static IndexLocation of(Path cacheHome, String baseUrl, ApiKey key) {
        return new IndexLocation(cacheHome, baseUrl, digest("userlookup index key v1", baseUrl, key.value()));
    }

    private Path folder() {
        return cacheHome.resolve("userlookup").resolve("index");
    }

    private Path keys() {
        return folder().resolve("keys");
    }

    Path keyTeamFile() {
        return keys().resolve(keyDigest);
    }

    /** The team the key's users came with, as a save wrote it; null for anything else in its place. */
    String keysTeam() {
        try {
            BasicFileAttributes file = Files.readAttributes(keyTeamFile(), BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            byte[] bytes = file.isRegularFile() && file.size() <= KEYS_TEAM.length + IndexFile.MAX_TEAM_BYTES
                    ? Files.readAllBytes(keyTeamFile()) : KEYS_TEAM; // not a pipe, whose read would wait
            int at = KEYS_TEAM.length;
            boolean pointer = bytes.length > at && Arrays.equals(bytes, 0, at, KEYS_TEAM, 0, at);
            return pointer ? new String(bytes, at, bytes.length - at, StandardCharsets.UTF_8) : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    void keysTeam(String team) throws IOException {
        write(keyTeamFile(), out -> {
            out.write(KEYS_TEAM);
            out.write(team.getBytes(StandardCharsets.UTF_8));
            return true;
        });
    }

    Path teamFile(String team) {
        return folder().resolve(digest("userlookup index team v1", baseUrl, team) + ".idx");
    }

    /** Whether the index's folders, those that exist, are the user's own folders and writable by no one else. */
    boolean safe() {
        return safe(folder()) && safe(keys());
    }

    /**
     * Makes the folders missing on the way to {@link #keyTeamFile}, each 700 from its creation
     * ({@code <cache>/userlookup} as well when it is missing; the launcher's own is left as it is).
     */
    void create() throws IOException {
        for (Path path : List.of(cacheHome, cacheHome.resolve("userlookup"), folder(), keys())) {
            if (!Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Files.createDirectory(path, FOLDER_MODE);
                } catch (FileAlreadyExistsException e) {
                    // another run made it in the meantime, or something else is there: the check below says
                }
            }
        }
        if (!safe() || !Files.isDirectory(keys(), LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("the index folder " + folder() + " is not the user's own");
        }
    }

    private static boolean safe(Path path) {
        try {
            PosixFileAttributes attributes = Files.readAttributes(path, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            Set<PosixFilePermission> mode = attributes.permissions();
            return attributes.isDirectory() && ownedByYou(path, attributes.owner())
                    && !mode.contains(PosixFilePermission.GROUP_WRITE) && !mode.contains(PosixFilePermission.OTHERS_WRITE);
        } catch (NoSuchFileException e) {
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false; // no POSIX modes here to keep the index private with
        }
    }

    private static boolean ownedByYou(Path path, UserPrincipal owner) {
        String name = System.getProperty("user.name");
        try {
            return name == null || owner.equals(path.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(name));
        } catch (IOException e) {
            return true; // a user the system cannot name (a container's arbitrary uid) cannot be compared
        }
    }

    /** Each part after its length, so no two lists of parts digest alike. */
    private static String digest(String... parts) {
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            for (String part : parts) {
                byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
                sha256.update(ByteBuffer.allocate(4).putInt(0, bytes.length));
                sha256.update(bytes);
            }
            return HexFormat.of().formatHex(sha256.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    @FunctionalInterface
    interface Content {
        /** False: the file would not change, so it is left as it is. */
        boolean writeTo(OutputStream out) throws IOException;
    }

    /**
     * A file written whole or not at all: into a temporary file of its own beside it, 600 from its
     * creation, then renamed over it, so a reader sees the old file or the new one and of two runs
     * saving at once the last stays. False when the content said nothing changes. A temporary file
     * a killed run left is removed by a later write once no run can still be writing it.
     */
    static boolean write(Path target, Content content) throws IOException {
        sweep(target);
        Path temporary = Files.createTempFile(target.getParent(), target.getFileName() + ".", ".tmp", FILE_MODE);
        try {
            boolean changes;
            try (OutputStream out = new BufferedOutputStream(
                    Files.newOutputStream(temporary, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), 1 << 16)) {
                changes = content.writeTo(out);
            }
            if (changes) {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
            return changes;
        } finally {
            Files.deleteIfExists(temporary); // unless renamed: the file is whole or not there
        }
    }

    private static void sweep(Path target) {
        Instant abandoned = Instant.now().minus(ABANDONED);
        try (DirectoryStream<Path> left = Files.newDirectoryStream(target.getParent(), target.getFileName() + ".*.tmp")) {
            for (Path temporary : left) {
                if (Files.getLastModifiedTime(temporary, LinkOption.NOFOLLOW_LINKS).toInstant().isBefore(abandoned)) {
                    Files.deleteIfExists(temporary);
                }
            }
        } catch (IOException | RuntimeException e) {
            // nothing to sweep, or not now: the write itself says whether the folder can be written
        }
    }
}
