package dev.userlookup.find.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.model.UserId;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An index file that is cut, flipped, foreign, of another version or not a file at all is never
 * an exception and never read as another base URL's or team's: at worst a lookup finds nothing, or
 * the one damaged line gives a client id the resolve then refuses; and the next save writes a good
 * file holding what that run recorded.
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
    void theGoodFileReadsWholeSoTheChecksBelowMeanSomething() throws Exception {
        assertReadsWhole();
        assertWellFormed();
        assertEquals(4, new String(good, StandardCharsets.UTF_8).lines().count(), "a header line and a line a user");
    }

    @Test
    void aFileCutAnywhereButAfterALineReadsAsEmptyAndNeverGivesAWrongClientId() throws Exception {
        for (int length = 0; length < good.length; length++) {
            Files.write(file, Arrays.copyOf(good, length));
            if (length == 0 || good[length - 1] != '\n') {
                assertReadsEmpty("cut at " + length);
            } else {
                assertEachRightOrNothing("cut at " + length, null);
            }
            assertRebuiltAtSave("cut at " + length);
        }
    }

    @Test
    void aByteFlippedAnywhereChangesAtMostTheClientIdOfItsOwnLine() throws Exception {
        int header = new String(good, StandardCharsets.UTF_8).indexOf('\n') + 1;
        for (int mask : new int[] {0x01, 0x20, 0x80, 0xff}) {
            for (int at = 0; at < good.length; at++) {
                byte[] flipped = good.clone();
                flipped[at] ^= (byte) mask;
                Files.write(file, flipped);
                String what = "byte " + at + " ^ " + mask;
                if (at < header) {
                    assertReadsEmpty(what);
                } else {
                    assertEachRightOrNothing(what, clientIdAt(at));
                }
                assertRebuiltAtSave(what);
            }
        }
    }

    @Test
    void randomBytesReadAsEmptyOrFindNothingAndAreReplacedAtSave() throws Exception {
        int header = new String(good, StandardCharsets.UTF_8).indexOf('\n') + 1;
        Random random = new Random(99);
        for (int i = 0; i < 200; i++) {
            byte[] noise = new byte[random.nextInt(4 * good.length)];
            random.nextBytes(noise);
            if (i % 2 == 0 && noise.length > header) {
                System.arraycopy(good, 0, noise, 0, header); // the header right, so the lines' reading is what is tried
                noise[noise.length - 1] = '\n';
            }
            Files.write(file, noise);
            assertReadsEmpty("noise " + i);
            assertRebuiltAtSave("noise " + i);
        }
    }

    @Test
    @Timeout(20)
    void aLineLongerThanAnyWrittenFindsNothingAndEndsWhatASaveKeeps() throws Exception {
        byte[] header = Arrays.copyOf(good, new String(good, StandardCharsets.UTF_8).indexOf('\n') + 1);
        byte[] huge = new byte[8 << 20];
        Arrays.fill(huge, (byte) 'f');
        huge[huge.length - 1] = '\n';
        Files.write(file, concat(header, huge, Arrays.copyOfRange(good, header.length, good.length)));

        assertReadsEmpty("a line of 8 MB");
        assertRebuiltAtSave("a line of 8 MB");
    }

    @Test
    void linesOutOfOrderOrTwiceFindTheRightClientIdOrNothingAndASaveSortsThemOut() throws Exception {
        List<String> lines = new String(good, StandardCharsets.UTF_8).lines().toList();
        for (List<Integer> order : List.of(List.of(2, 1, 3), List.of(1, 3, 2), List.of(1, 2, 2, 3), List.of(3, 2, 1))) {
            StringBuilder text = new StringBuilder(lines.get(0)).append('\n');
            order.forEach(n -> text.append(lines.get(n)).append('\n'));
            Files.writeString(file, text);
            assertEachRightOrNothing(order.toString(), null);
            assertRebuiltAtSave(order.toString());
        }
    }

    @Test
    void aClientIdWithTabsNewlinesAndPercentsIsKeptWholeAndABadEscapeFindsNothing() throws Exception {
        UserId id = new UserId(7, 7);
        String awkward = "a\tb\nc\\d%41+ é\r";
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, Map.of(id, awkward));
        assertEquals(awkward, UserIndex.open(cache, Team.BASE_URL, Team.KEY).clientUserId(id));
        List<String> lines = Files.readAllLines(file);
        assertEquals(2, lines.size(), lines.toString());

        for (String bad : new String[] {"x%zz", "x%4", "x%", "x\ty", "x\u00e9"}) {
            Files.writeString(file, lines.get(0) + "\n" + new UUID(7, 7) + "\t" + bad + "\n");
            assertNull(UserIndex.open(cache, Team.BASE_URL, Team.KEY).clientUserId(id), bad);
        }
    }

    @Test
    void aFileOfAnotherVersionOrThePreviousBinaryFormatReadsAsEmptyAndIsReplacedAtSave() throws Exception {
        Files.write(file, new String(good, StandardCharsets.UTF_8).replaceFirst(" 2\t", " 3\t").getBytes(StandardCharsets.UTF_8));
        assertReadsEmpty("version 3");
        assertRebuiltAtSave("version 3");

        Files.write(file, concat(new byte[] {(byte) 0x89, 'U', 'L', 'I', 'D', 'X', '\r', '\n', 0, 0, 0, 1}, good));
        assertReadsEmpty("version 1");
        assertRebuiltAtSave("version 1");
    }

    @Test
    void anotherBaseUrlsIndexCopiedUnderThisNameIsIgnoredAndReplaced() throws Exception {
        Path elsewhere = cache.resolve("elsewhere");
        Team.save(elsewhere, "https://service.exAmple.test", Team.KEY, Team.TEAM, team);
        Files.copy(IndexLocation.of(elsewhere, "https://service.exAmple.test", Team.KEY).teamFile(Team.TEAM), file,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertReadsEmpty("another base URL's");
        assertRebuiltAtSave("another base URL's");
    }

    @Test
    void anotherTeamsIndexCopiedUnderThisNameIsIgnoredAndReplaced() throws Exception {
        Team.save(cache, Team.BASE_URL, sk("other"), "other-team", team);
        Files.copy(Team.location(cache).teamFile("other-team"), file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertReadsEmpty("another team's");
        assertRebuiltAtSave("another team's");
    }

    @Test
    void anEmptyFileReadsAsEmptyAndIsReplacedAtSave() throws Exception {
        Files.write(file, new byte[0]);
        assertReadsEmpty("empty");
        assertRebuiltAtSave("empty");
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
        assertRebuiltAtSave("a link");
        assertTrue(Arrays.equals(good, Files.readAllBytes(outside)), "the file the link named is untouched");
    }

    @Test
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aPipeInTheFilesPlaceIsNotOpenedSoNoRunWaitsOnIt() throws Exception {
        Files.delete(file);
        org.junit.jupiter.api.Assumptions.assumeTrue(new ProcessBuilder("mkfifo", file.toString()).start().waitFor() == 0, "mkfifo");
        assertReadsEmpty("a pipe");
        assertRebuiltAtSave("a pipe");
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

    /** Each user's lookup gives its client id or nothing; only {@code damaged}'s may give another. */
    private void assertEachRightOrNothing(String what, UserId damaged) {
        UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        team.forEach((id, clientId) -> {
            String found = index.clientUserId(id);
            assertTrue(found == null || found.equals(clientId) || id.equals(damaged), what + ": " + id + " gives " + found);
        });
    }

    /** The user whose client id holds byte {@code at} of the good file; null for a byte of no client id. */
    private UserId clientIdAt(int at) {
        int start = at;
        while (start > 0 && good[start - 1] != '\n') {
            start--;
        }
        return at > start + 36 && good[at] != '\n' ? UserId.parse(new String(good, start, 36, StandardCharsets.US_ASCII)) : null;
    }

    /** A run records one user and saves: the file is then a good one that finds it. */
    private void assertRebuiltAtSave(String what) throws Exception {
        UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        index.record(NEWCOMER, "newcomer", Team.TEAM);
        assertTrue(index.save(false), what + ": not saved");
        assertWellFormed();
        assertEquals("newcomer", UserIndex.open(cache, Team.BASE_URL, Team.KEY).clientUserId(NEWCOMER), what);
        Files.write(file, good); // back to the good file for the next case
    }

    /** The header line, then lines of a lower-case user_id, a tab and a client id, sorted by user_id, each once. */
    private void assertWellFormed() throws Exception {
        List<String> lines = List.of(Files.readString(file).split("\n")); // a client id may hold a CR
        assertEquals("userlookup index 2\t" + URLEncoder.encode(Team.BASE_URL, StandardCharsets.UTF_8) + "\t" + Team.TEAM, lines.get(0));
        List<String> ids = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.split("\t", -1);
            assertEquals(2, fields.length, line);
            UserId id = UserId.parse(fields[0]);
            assertEquals(new UUID(id.high(), id.low()).toString(), fields[0]);
            assertFalse(fields[1].isEmpty(), line);
            ids.add(fields[0]);
        }
        assertEquals(ids.stream().sorted().distinct().toList(), ids);
    }

    private static byte[] concat(byte[]... parts) {
        byte[] all = new byte[Arrays.stream(parts).mapToInt(part -> part.length).sum()];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, all, at, part.length);
            at += part.length;
        }
        return all;
    }
}
