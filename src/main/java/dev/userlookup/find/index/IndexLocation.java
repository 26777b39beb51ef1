package dev.userlookup.find.index;

import dev.userlookup.model.redaction.ApiKey;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * Where the index of a base URL lies: {@code <cache>/userlookup/index/<digest of base URL and
 * team_id>.idx} ({@link IndexFile}), and for each key a pointer {@code index/keys/<digest of base URL and key>} to
 * its team (the team is known only from the users, while a run must find its file before any
 * request; a rotated key of the same team finds the same index). The digests are SHA-256 with a
 * label of their own: the key's digest is the only thing on disk derived from the key. Folders
 * made here are 700; folders found here must be the user's own and writable by no one else, as
 * ssh judges its own, or the index is neither read nor written.
 */
final class IndexLocation {

    static final Set<PosixFilePermission> FOLDER_MODE = PosixFilePermissions.fromString("rwx------");
    static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");
    private static final byte[] KEYS_TEAM = "userlookup index key 1\n".getBytes(StandardCharsets.US_ASCII);

    private final Path cacheHome;
    private final Path folder;
    private final Path keys;
    private final String baseUrl;
    private final String keyDigest;

    private IndexLocation(Path cacheHome, String baseUrl, String keyDigest) {
        this.cacheHome = cacheHome;
        this.folder = cacheHome.resolve("userlookup").resolve("index");
        this.keys = folder.resolve("keys");
        this.baseUrl = baseUrl;
        this.keyDigest = keyDigest;
    }

    static IndexLocation of(Path cacheHome, String baseUrl, ApiKey key) {
        return new IndexLocation(cacheHome, baseUrl, digest("userlookup index key v1", baseUrl, key.value()));
    }

    String baseUrl() {
        return baseUrl;
    }

    Path folder() {
        return folder;
    }

    Path keyTeamFile() {
        return keys.resolve(keyDigest);
    }

    /** The team the key's users came with, as a save wrote it; null for anything else in its place. */
    String keysTeam() {
        try {
            Path file = keyTeamFile();
            if (!Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isRegularFile()
                    || Files.size(file) > KEYS_TEAM.length + IndexFile.MAX_TEAM_BYTES) {
                return null;
            }
            byte[] bytes = Files.readAllBytes(file);
            if (bytes.length <= KEYS_TEAM.length || !Arrays.equals(bytes, 0, KEYS_TEAM.length, KEYS_TEAM, 0, KEYS_TEAM.length)) {
                return null;
            }
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes, KEYS_TEAM.length, bytes.length - KEYS_TEAM.length)).toString();
        } catch (IOException | RuntimeException e) {
            return null; // none, unreadable, or not UTF-8 (CharacterCodingException is an IOException)
        }
    }

    void keysTeam(String team) throws IOException {
        byte[] bytes = team.getBytes(StandardCharsets.UTF_8);
        AtomicReplace.write(keyTeamFile(), out -> {
            out.write(KEYS_TEAM);
            out.write(bytes);
            return true;
        });
    }

    Path teamFile(String team) {
        return folder.resolve(digest("userlookup index team v1", baseUrl, team) + ".idx");
    }

    /** Whether the index's folders, those that exist, are the user's own folders and writable by no one else. */
    boolean safe() {
        return safe(folder) && safe(keys);
    }

    /**
     * Makes the folders missing on the way to {@link #keyTeamFile}, each 700 from its creation
     * ({@code <cache>/userlookup} as well when it is missing; the launcher's own is left as it is).
     */
    void create() throws IOException {
        for (Path path : List.of(cacheHome, cacheHome.resolve("userlookup"), folder, keys)) {
            if (!Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Files.createDirectory(path, folderMode());
                } catch (FileAlreadyExistsException e) {
                    // another run made it in the meantime, or something else is there: the check below says
                }
            }
        }
        if (!safe() || !Files.isDirectory(keys, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("the index folder " + folder + " is not the user's own");
        }
    }

    static FileAttribute<Set<PosixFilePermission>> folderMode() {
        return PosixFilePermissions.asFileAttribute(FOLDER_MODE);
    }

    static FileAttribute<Set<PosixFilePermission>> fileMode() {
        return PosixFilePermissions.asFileAttribute(FILE_MODE);
    }

    private static boolean safe(Path path) {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return true;
        }
        try {
            PosixFileAttributes attributes = Files.readAttributes(path, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            Set<PosixFilePermission> mode = attributes.permissions();
            return attributes.isDirectory() && ownedByYou(path, attributes.owner())
                    && !mode.contains(PosixFilePermission.GROUP_WRITE) && !mode.contains(PosixFilePermission.OTHERS_WRITE);
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
    private static String digest(String label, String... parts) {
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            add(sha256, label);
            for (String part : parts) {
                add(sha256, part);
            }
            return HexFormat.of().formatHex(sha256.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static void add(MessageDigest sha256, String part) {
        byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
        sha256.update(ByteBuffer.allocate(4).putInt(0, bytes.length));
        sha256.update(bytes);
    }
}
