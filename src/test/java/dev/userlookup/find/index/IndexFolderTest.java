package dev.userlookup.find.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.TestUser;
import dev.userlookup.model.UserId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the index lies and who may see it: folders 700, files 600 from their creation, and folders others could change refused. */
class IndexFolderTest {

    @TempDir
    Path home;

    private Path cache() {
        return home.resolve(".cache");
    }

    @Test
    void foldersMadeForTheIndexAre700AndItsFiles600() throws Exception {
        Team.save(cache(), Team.BASE_URL, Team.KEY, Team.TEAM, Team.users(10, 1));

        IndexLocation location = Team.location(cache());
        for (Path folder : List.of(cache(), cache().resolve("userlookup"), Team.folder(cache()), location.keyTeamFile().getParent())) {
            assertEquals("rwx------", mode(folder), folder.toString());
        }
        assertEquals("rw-------", mode(Team.teamFile(cache())));
        assertEquals("rw-------", mode(location.keyTeamFile()));
    }

    @Test
    void theLaunchersOwnFolderKeepsItsMode() throws Exception {
        Path userlookup = Files.createDirectories(cache().resolve("userlookup"));
        Files.setPosixFilePermissions(userlookup, PosixFilePermissions.fromString("rwxr-xr-x"));

        Team.save(cache(), Team.BASE_URL, Team.KEY, Team.TEAM, Team.users(10, 1));

        assertEquals("rwxr-xr-x", mode(userlookup));
        assertEquals("rwx------", mode(Team.folder(cache())));
    }

    @Test
    void theTemporaryFileIs600FromItsCreationAndGoneAfterwards() throws Exception {
        Path folder = Files.createDirectories(home.resolve("folder"));
        Path target = folder.resolve("file");
        List<String> seen = new ArrayList<>();

        IndexLocation.write(target, out -> {
            try (var files = Files.list(folder)) {
                for (Path file : files.toList()) {
                    seen.add(file.getFileName() + " " + mode(file));
                }
            }
            out.write(42);
            return true;
        });

        assertEquals(1, seen.size(), seen.toString());
        assertTrue(seen.get(0).startsWith("file.") && seen.get(0).endsWith(".tmp rw-------"), seen.toString());
        assertEquals(List.of(target), list(folder));
        assertEquals("rw-------", mode(target));
        assertArrayEquals(new byte[] {42}, Files.readAllBytes(target));
    }

    @Test
    void aWriteThatFailsLeavesTheOldFileAndNoTemporaryOne() throws Exception {
        Path folder = Files.createDirectories(home.resolve("folder"));
        Path target = Files.write(folder.resolve("file"), new byte[] {1});

        assertThrows(IOException.class, () -> IndexLocation.write(target, out -> {
            out.write(2);
            throw new IOException("disk full");
        }));

        assertEquals(List.of(target), list(folder));
        assertArrayEquals(new byte[] {1}, Files.readAllBytes(target));
    }

    @Test
    void aTemporaryFileAKilledRunLeftIsRemovedByTheNextWriteAndOneBeingWrittenIsNot() throws Exception {
        Path folder = Files.createDirectories(home.resolve("folder"));
        Path target = folder.resolve("file");
        Path abandoned = Files.write(folder.resolve("file.123.tmp"), new byte[10]);
        Files.setLastModifiedTime(abandoned, java.nio.file.attribute.FileTime.from(
                java.time.Instant.now().minus(IndexLocation.ABANDONED).minusSeconds(60)));
        Path beingWritten = Files.write(folder.resolve("file.456.tmp"), new byte[10]);
        Path another = Files.write(folder.resolve("other.789.tmp"), new byte[10]);
        Files.setLastModifiedTime(another, Files.getLastModifiedTime(abandoned));

        IndexLocation.write(target, out -> {
            out.write(1);
            return true;
        });

        assertEquals(List.of(target, beingWritten, another), list(folder).stream().sorted().toList());
    }

    @Test
    void anIndexFolderOthersCanWriteIsNeitherReadNorWritten() throws Exception {
        for (String where : List.of("index", "keys")) {
            for (String mode : List.of("rwxrwx---", "rwx---rwx", "rwxrwxrwx")) {
                Path cache = home.resolve(where + mode);
                Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, Map.of(new UserId(1, 1), "one"));
                Path folder = where.equals("index") ? Team.folder(cache) : Team.location(cache).keyTeamFile().getParent();
                Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString(mode));

                assertRefused(cache, where + " " + mode);
            }
        }
    }

    @Test
    void anIndexFolderOfAnotherUserIsNeitherReadNorWritten() throws Exception {
        Team.save(cache(), Team.BASE_URL, Team.KEY, Team.TEAM, Map.of(new UserId(1, 1), "one"));
        Path folder = Team.folder(cache());
        UserPrincipal nobody;
        try {
            nobody = folder.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
            Files.setOwner(folder, nobody);
        } catch (IOException e) {
            org.junit.jupiter.api.Assumptions.abort("only root can give a folder to another user here: " + e);
            return;
        }
        assertEquals(nobody, Files.getOwner(folder));

        assertRefused(cache(), "owned by nobody");
    }

    @Test
    void anIndexFolderThatIsALinkIsNeitherReadNorWritten() throws Exception {
        Path elsewhere = home.resolve("elsewhere");
        Team.save(elsewhere, Team.BASE_URL, Team.KEY, Team.TEAM, Map.of(new UserId(1, 1), "one"));
        Files.createDirectories(cache().resolve("userlookup"));
        Files.createSymbolicLink(Team.folder(cache()), Team.folder(elsewhere));

        assertRefused(cache(), "a link");
    }

    @Test
    void aCacheFolderThatCannotBeMadeMeansNoSaveAndNoException() throws Exception {
        Files.write(cache(), new byte[0]); // a file where the folder should be
        UserIndex index = UserIndex.open(cache(), Team.BASE_URL, Team.KEY);
        assertNull(index.clientUserId(new UserId(1, 1)));
        index.record(new UserId(1, 1), "one", Team.TEAM);

        assertFalse(index.save(true));
    }

    @Test
    void aReadOnlyCacheMeansNoSaveAndNoException() throws Exception {
        // Root writes into any folder: the run is a user's who is not root.
        Team.save(cache(), Team.BASE_URL, Team.KEY, Team.TEAM, Map.of(new UserId(1, 1), "one"));
        Path folder = Team.folder(cache());
        try {
            String seen = TestUser.java(ReadOnlyCache.class, cache(), cache().toString());

            assertEquals("read one, saved false\n", seen, "a folder only its owner can read is still read, and not written");
        } finally {
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
        }
    }

    /** As the test user, who owns the cache: the index's folder made read-only, then read, and saved. */
    static final class ReadOnlyCache {
        public static void main(String[] args) {
            Path cache = Path.of(args[0]);
            try {
                Files.setPosixFilePermissions(Team.folder(cache), PosixFilePermissions.fromString("r-x------"));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
            String read = index.clientUserId(new UserId(1, 1));
            index.record(new UserId(2, 2), "two", Team.TEAM);
            System.out.println("read " + read + ", saved " + index.save(false));
        }
    }

    @Test
    void twoRunsSavingAtOnceLeaveOneWholeIndex() throws Exception {
        Map<UserId, String> first = Team.users(3000, 1);
        Map<UserId, String> second = Team.users(2000, 2);
        for (int round = 0; round < 10; round++) {
            UserIndex a = UserIndex.open(cache(), Team.BASE_URL, Team.KEY);
            UserIndex b = UserIndex.open(cache(), Team.BASE_URL, Team.KEY);
            first.forEach((id, clientId) -> a.record(id, clientId, Team.TEAM));
            second.forEach((id, clientId) -> b.record(id, clientId, Team.TEAM));
            var start = new java.util.concurrent.CyclicBarrier(2);
            var saving = java.util.concurrent.Executors.newFixedThreadPool(2);
            try {
                var savedA = saving.submit(() -> {
                    start.await();
                    return a.save(true);
                });
                var savedB = saving.submit(() -> {
                    start.await();
                    return b.save(true);
                });
                assertTrue(savedA.get() && savedB.get());
            } finally {
                saving.shutdownNow();
            }
            UserIndex index = UserIndex.open(cache(), Team.BASE_URL, Team.KEY);
            Map<UserId, String> winner = index.clientUserId(first.keySet().iterator().next()) != null ? first : second;
            Map<UserId, String> loser = winner == first ? second : first;
            winner.forEach((id, clientId) -> assertEquals(clientId, index.clientUserId(id)));
            loser.keySet().forEach(id -> assertNull(index.clientUserId(id)));
            assertEquals(2, list(Team.folder(cache())).size(), "the index and keys/, no temporary file");
        }
    }

    /** The index's entry is not read and a save changes nothing. */
    private static void assertRefused(Path cache, String what) throws IOException {
        Path file = Team.location(cache).teamFile(Team.TEAM);
        byte[] before = Files.exists(file) ? Files.readAllBytes(file) : null;
        UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        assertNull(index.clientUserId(new UserId(1, 1)), what + ": read");
        index.record(new UserId(2, 2), "two", Team.TEAM);
        assertFalse(index.save(false), what + ": written");
        if (before != null) {
            assertArrayEquals(before, Files.readAllBytes(file), what);
        }
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path, java.nio.file.LinkOption.NOFOLLOW_LINKS));
    }

    private static List<Path> list(Path folder) throws IOException {
        try (var files = Files.list(folder)) {
            return files.toList();
        }
    }
}
