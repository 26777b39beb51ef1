package dev.userlookup.find.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.model.UserId;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An index file that is cut, flipped, foreign, of another version or not a file at all is never
 * trusted and never an exception: it reads as empty (a lookup at worst finds nothing) and the next
 * save replaces it with a good one holding what that run recorded.
 */
class IndexCorruptionTest {

    private static final UserId NEWCOMER = new UserId(0x1234, 0x5678);

    @TempDir
    Path cache;

    private Map<UserId, String> team;
    private Path file;
    private byte[] good;

    @BeforeEach
    void aSmallGoodIndex() throws Exception {
        team = Team.users(3, 11);
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, team);
        file = Team.teamFile(cache);
        good = Files.readAllBytes(file);
    }

    @Test
    void theGoodFileReadsWholeSoTheChecksBelowMeanSomething() {
        assertReadsWhole();
    }

    @Test
    void aFileCutAtAnyLengthReadsAsEmptyAndIsReplacedAtSave() throws Exception {
        for (int length = 0; length < good.length; length++) {
            Files.write(file, Arrays.copyOf(good, length));
            assertReadsEmpty("cut at " + length);
            assertReplacedAtSave("cut at " + length);
        }
    }

    @Test
    void aByteFlippedAnywhereIsNeverTakenForAnotherClientIdAndTheFileIsReplacedAtSave() throws Exception {
        int header = IndexFormat.headerSize(IndexFormat.utf8(Team.BASE_URL), IndexFormat.utf8(Team.TEAM));
        for (int mask : new int[] {0x01, 0x80, 0xff}) {
            for (int at = 0; at < good.length; at++) {
                byte[] flipped = good.clone();
                flipped[at] ^= (byte) mask;
                Files.write(file, flipped);
                String what = "byte " + at + " ^ " + mask;
                if (at < header) {
                    assertReadsEmpty(what);
                } else {
                    // An entry is checked when read: a lookup finds the right client id or nothing.
                    UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
                    team.forEach((id, clientId) -> {
                        String found = index.clientUserId(id);
                        assertTrue(found == null || found.equals(clientId), what + ": " + found);
                    });
                }
                assertReplacedAtSave(what);
            }
        }
    }

    @Test
    void randomBytesReadAsEmptyAndAreReplacedAtSave() throws Exception {
        Random random = new Random(99);
        for (int i = 0; i < 200; i++) {
            byte[] noise = new byte[random.nextInt(2 * good.length)];
            random.nextBytes(noise);
            if (i % 2 == 0 && noise.length >= 12) {
                // past the magic and version, so the checks after them are the ones tried
                System.arraycopy(good, 0, noise, 0, 12);
            }
            Files.write(file, noise);
            assertReadsEmpty("noise " + i);
            assertReplacedAtSave("noise " + i);
        }
    }

    @Test
    void aHeaderThatTellsAHugeOrNegativeCountOrAreaWithAGoodChecksumReadsAsEmpty() throws Exception {
        for (int[] countAndArea : new int[][] {{Integer.MAX_VALUE, 48}, {-1, 48}, {3, Integer.MAX_VALUE}, {3, -48}, {4, 24}, {2, 72}}) {
            ByteBuffer bytes = ByteBuffer.wrap(good.clone());
            bytes.putInt(12, countAndArea[0]).putInt(16, countAndArea[1]);
            Files.write(file, withHeaderCrc(bytes.array()));
            String what = "count " + countAndArea[0] + ", area " + countAndArea[1];
            assertReadsEmpty(what);
            assertReplacedAtSave(what);
        }
    }

    @Test
    void entriesPointingOutsideTheAreaOrBackwardsFindNothingAndAreDroppedAtSave() throws Exception {
        int entries = IndexFormat.headerSize(IndexFormat.utf8(Team.BASE_URL), IndexFormat.utf8(Team.TEAM));
        for (int firstEnd : new int[] {-1, 0, Integer.MIN_VALUE, Integer.MAX_VALUE, 1 << 20, 48, 47}) {
            ByteBuffer bytes = ByteBuffer.wrap(good.clone());
            bytes.putInt(entries + 16, firstEnd);
            Files.write(file, bytes.array());
            UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
            team.forEach((id, clientId) -> {
                String found = index.clientUserId(id);
                assertTrue(found == null || found.equals(clientId), "first end " + firstEnd + ": " + found);
            });
            assertReplacedAtSave("first end " + firstEnd);
        }
    }

    @Test
    void bytesAfterTheAreaMakeTheFileCorrupt() throws Exception {
        byte[] longer = Arrays.copyOf(good, good.length + 24);
        Files.write(file, longer);
        assertReadsEmpty("24 bytes more");
        assertReplacedAtSave("24 bytes more");
    }

    @Test
    void entriesOutOfOrderOrTwiceThoughEachChecksOutMakeTheFileCorruptAtSave() throws Exception {
        UserId[] ids = team.keySet().stream().sorted().toArray(UserId[]::new);
        for (UserId[] order : new UserId[][] {{ids[1], ids[0], ids[2]}, {ids[0], ids[2], ids[1]}, {ids[0], ids[1], ids[1]}}) {
            Files.write(file, fileOf(order));
            UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
            team.forEach((id, clientId) -> {
                String found = index.clientUserId(id);
                assertTrue(found == null || found.equals(clientId), found);
            });
            assertReplacedAtSave(Arrays.toString(order));
        }
    }

    @Test
    void aFileOfAnotherVersionReadsAsEmptyAndIsReplacedAtSave() throws Exception {
        Files.write(file, withHeaderCrc(ByteBuffer.wrap(good.clone()).putInt(8, IndexFormat.VERSION + 1).array()));
        assertReadsEmpty("version 2");
        assertReplacedAtSave("version 2");
    }

    @Test
    void anotherBaseUrlsIndexCopiedUnderThisNameIsIgnoredAndReplaced() throws Exception {
        Path elsewhere = cache.resolve("elsewhere");
        Team.save(elsewhere, "https://service.exAmple.test", Team.KEY, Team.TEAM, team);
        Files.copy(IndexLocation.of(elsewhere, "https://service.exAmple.test", Team.KEY).teamFile(Team.TEAM), file,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertReadsEmpty("another base URL's");
        assertReplacedAtSave("another base URL's");
    }

    @Test
    void anotherTeamsIndexCopiedUnderThisNameIsIgnoredAndReplaced() throws Exception {
        Team.save(cache, Team.BASE_URL, sk("other"), "other-team", team);
        Files.copy(Team.location(cache).teamFile("other-team"), file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertReadsEmpty("another team's");
        assertReplacedAtSave("another team's");
    }

    @Test
    void anEmptyFileReadsAsEmptyAndIsReplacedAtSave() throws Exception {
        Files.write(file, new byte[0]);
        assertReadsEmpty("empty");
        assertReplacedAtSave("empty");
    }

    @Test
    void aFolderOrALinkInTheFilesPlaceReadsAsEmptyAndNeverAsAnotherFile() throws Exception {
        Files.delete(file);
        Files.createDirectory(file);
        assertReadsEmpty("a folder");
        UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        index.record(NEWCOMER, "newcomer", Team.TEAM);
        assertFalse(index.save(false), "a folder cannot be renamed over");
        assertTrue(Files.isDirectory(file));

        Files.delete(file);
        Path outside = cache.resolve("outside.idx");
        Files.write(outside, good);
        Files.createSymbolicLink(file, outside);
        assertReadsEmpty("a link");
        assertReplacedAtSave("a link");
        assertTrue(Arrays.equals(good, Files.readAllBytes(outside)), "the file the link named is untouched");
    }

    @Test
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aPipeInTheFilesPlaceIsNotOpenedSoNoRunWaitsOnIt() throws Exception {
        Files.delete(file);
        org.junit.jupiter.api.Assumptions.assumeTrue(new ProcessBuilder("mkfifo", file.toString()).start().waitFor() == 0, "mkfifo");
        assertReadsEmpty("a pipe");
        assertReplacedAtSave("a pipe");
    }

    @Test
    void aKeysPointerThatIsNotOneNamesNoTeamAndIsRewrittenAtSave() throws Exception {
        Path pointer = Team.location(cache).keyTeamFile();
        for (byte[] bad : new byte[][] {new byte[0], "userlookup index key 1\n".getBytes(), "garbage".getBytes(),
                ("userlookup index key 1\n" + "t".repeat(1025)).getBytes(), {'u', (byte) 0xff}}) {
            Files.write(pointer, bad);
            assertReadsEmpty("pointer " + new String(bad));
            UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
            index.record(NEWCOMER, "newcomer", Team.TEAM);
            assertTrue(index.save(false));
            assertReadsWhole();
        }
    }

    private static dev.userlookup.model.redaction.ApiKey sk(String name) {
        return dev.userlookup.model.redaction.ApiKey.of("sk-" + name + "-key", "test");
    }

    private void assertReadsWhole() {
        UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        team.forEach((id, clientId) -> assertEquals(clientId, index.clientUserId(id)));
    }

    private void assertReadsEmpty(String what) {
        UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        team.keySet().forEach(id -> assertNull(index.clientUserId(id), what));
    }

    /** A run records one user and saves: the file is then a good one, holding that user and nothing of the bad one. */
    private void assertReplacedAtSave(String what) throws Exception {
        UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        index.record(NEWCOMER, "newcomer", Team.TEAM);
        assertTrue(index.save(false), what + ": not saved");
        IndexFile saved = IndexFile.open(file, IndexFormat.utf8(Team.BASE_URL), IndexFormat.utf8(Team.TEAM));
        assertNotNull(saved, what + ": not a good file");
        assertEquals(1, saved.count(), what);
        assertEquals("newcomer", UserIndex.open(cache, Team.BASE_URL, Team.KEY).clientUserId(NEWCOMER), what);
        Files.write(file, good); // back to the good file for the next case
    }

    /** A file of these users in this order, every entry's CRC and the header's right, as a hostile writer would make it. */
    private byte[] fileOf(UserId[] ids) {
        byte[] baseUrl = IndexFormat.utf8(Team.BASE_URL);
        byte[] teamId = IndexFormat.utf8(Team.TEAM);
        int header = IndexFormat.headerSize(baseUrl, teamId);
        ByteBuffer bytes = ByteBuffer.allocate(header + ids.length * (IndexFormat.ENTRY_SIZE + 16));
        bytes.put(IndexFormat.MAGIC).putInt(IndexFormat.VERSION).putInt(ids.length).putInt(ids.length * 16)
                .putInt(baseUrl.length).put(baseUrl).putInt(teamId.length).put(teamId).putInt(0);
        IndexFormat.EntryCheck check = new IndexFormat.EntryCheck();
        for (int i = 0; i < ids.length; i++) {
            byte[] clientId = IndexFormat.utf8(team.get(ids[i]));
            assertEquals(16, clientId.length);
            bytes.putLong(ids[i].high()).putLong(ids[i].low()).putInt(16 * (i + 1))
                    .putInt(check.of(ids[i].high(), ids[i].low(), clientId, 0, 16));
            bytes.put(header + ids.length * IndexFormat.ENTRY_SIZE + 16 * i, clientId);
        }
        return withHeaderCrc(bytes.array());
    }

    /** The bytes with the header's CRC made right again, as a hostile writer would. */
    private static byte[] withHeaderCrc(byte[] bytes) {
        int crcAt = IndexFormat.headerSize(IndexFormat.utf8(Team.BASE_URL), IndexFormat.utf8(Team.TEAM)) - 4;
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, crcAt);
        ByteBuffer.wrap(bytes).putInt(crcAt, (int) crc.getValue());
        return bytes;
    }
}
