package dev.userlookup.find.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.model.UserId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What find's index holds from one run to the next: user_id to client_user_id, per base URL and team. */
class UserIndexTest {

    @TempDir
    Path cache;

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4321})
    void whatOneRunRecordsTheNextFinds(int users) {
        Map<UserId, String> team = Team.users(users, users);
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, team);

        UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        team.forEach((id, clientId) -> assertEquals(clientId, index.clientUserId(id), id.toString()));
        Team.users(50, -1).keySet().forEach(other -> assertNull(index.clientUserId(other), other.toString()));
        assertTrue(Files.isRegularFile(Team.teamFile(cache)));
    }

    @Test
    void aWholeWalkOfATeamWithNoUsersLeftSavesAnEmptyIndexForTheKeysTeam() throws Exception {
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, Map.of(new UserId(1, 1), "gone"));

        UserIndex walk = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        assertTrue(walk.save(true), "the team is the one the key's index named");

        assertNull(UserIndex.open(cache, Team.BASE_URL, Team.KEY).clientUserId(new UserId(1, 1)));
        assertEquals(1, Files.readAllLines(Team.teamFile(cache)).size(), "the header line alone");
    }

    @Test
    void anIdFromALogInCapitalsFindsTheServicesLowerCaseOne() {
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM,
                Map.of(Team.id("138adbbd-c5e6-36c4-aff7-48390b9f91da"), "client-7"));

        UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);

        assertEquals("client-7", index.clientUserId(Team.id("138ADBBD-C5E6-36C4-AFF7-48390B9F91DA")));
    }

    @Test
    void idsWithTheTopBitSetSortAfterTheOthersAsTheServicesTextDoes() {
        // Signed order would put ffff... first and a binary search would miss half the ids.
        Map<UserId, String> users = Map.of(
                Team.id("00000000-0000-0000-0000-000000000001"), "low",
                Team.id("7fffffff-ffff-ffff-ffff-ffffffffffff"), "middle",
                Team.id("80000000-0000-0000-8000-000000000000"), "high",
                Team.id("ffffffff-ffff-ffff-ffff-ffffffffffff"), "top");
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, users);

        UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);

        users.forEach((id, clientId) -> assertEquals(clientId, index.clientUserId(id)));
    }

    @Test
    void clientIdsOfAnyScriptUpTo1024BytesAreKeptAndLongerOrBrokenOnesAreNot() {
        String accents = "café-ünïcödé-客户-🙂";
        String exactlyMax = "é".repeat(512); // 1,024 bytes
        String overMax = "x" + exactlyMax;
        String loneSurrogate = "bad-\uD800-id";
        Map<UserId, String> kept = Map.of(
                Team.id("00000000-0000-0000-0000-00000000000a"), accents,
                Team.id("00000000-0000-0000-0000-00000000000b"), exactlyMax,
                Team.id("00000000-0000-0000-0000-00000000000c"), "x".repeat(1024));
        UserIndex first = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        kept.forEach((id, clientId) -> first.record(id, clientId, Team.TEAM));
        first.record(Team.id("00000000-0000-0000-0000-00000000000d"), overMax, Team.TEAM);
        first.record(Team.id("00000000-0000-0000-0000-00000000000e"), "x".repeat(1025), Team.TEAM);
        first.record(Team.id("00000000-0000-0000-0000-00000000000f"), loneSurrogate, Team.TEAM);
        first.record(Team.id("00000000-0000-0000-0000-000000000010"), null, Team.TEAM);
        first.record(Team.id("00000000-0000-0000-0000-000000000011"), "", Team.TEAM);
        assertTrue(first.save(true));

        UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);

        kept.forEach((id, clientId) -> assertEquals(clientId, index.clientUserId(id)));
        for (String notKept : new String[] {"d", "e", "f", "10", "11"}) {
            assertNull(index.clientUserId(Team.id("00000000-0000-0000-0000-0000000000" + (notKept.length() == 1 ? "0" : "") + notKept)));
        }
    }

    @Test
    void aLaterRunMergesWhatItRecordedIntoWhatTheIndexHeldItsValuesWinningAndForgottenEntriesGoing() {
        Map<UserId, String> team = Team.users(100, 7);
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, team);
        UserId[] ids = team.keySet().toArray(UserId[]::new);
        UserId newcomer = new UserId(42, 42);

        UserIndex run = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        run.record(ids[0], "renamed-0", Team.TEAM);
        run.record(newcomer, "newcomer", Team.TEAM);
        run.forget(ids[1]);
        assertNull(run.clientUserId(ids[1]), "a forgotten entry is no longer found, even before the save");
        assertTrue(run.save(false));

        UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        assertEquals("renamed-0", index.clientUserId(ids[0]));
        assertEquals("newcomer", index.clientUserId(newcomer));
        assertNull(index.clientUserId(ids[1]));
        for (int i = 2; i < ids.length; i++) {
            assertEquals(team.get(ids[i]), index.clientUserId(ids[i]));
        }
    }

    @Test
    void aRunThatFoundNoFileMergesIntoTheOneAnotherRunSavedMeanwhile() throws Exception {
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, Team.users(3, 5));
        java.nio.file.Files.delete(Team.teamFile(cache));
        UserIndex slow = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        UserIndex quick = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        quick.record(new UserId(1, 1), "saved-meanwhile", Team.TEAM);
        assertTrue(quick.save(false));

        slow.record(new UserId(2, 2), "saved-last", Team.TEAM);
        assertTrue(slow.save(false));
        UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        assertEquals("saved-meanwhile", index.clientUserId(new UserId(1, 1)), "a walk that saw part of the team keeps what it did not see");
        assertEquals("saved-last", index.clientUserId(new UserId(2, 2)));
    }

    @Test
    void theLastWordOnAnIdWinsWithinARun() {
        UserId forgottenThenSeen = new UserId(1, 1);
        UserId seenThenForgotten = new UserId(2, 2);
        UserId seenTwice = new UserId(3, 3);
        UserIndex run = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        run.forget(forgottenThenSeen);
        run.record(forgottenThenSeen, "seen-after", Team.TEAM);
        run.record(seenThenForgotten, "seen-before", Team.TEAM);
        run.forget(seenThenForgotten);
        run.record(seenTwice, "first", Team.TEAM);
        run.record(seenTwice, "second", Team.TEAM);
        assertTrue(run.save(true));

        UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        assertEquals("seen-after", index.clientUserId(forgottenThenSeen));
        assertNull(index.clientUserId(seenThenForgotten));
        assertEquals("second", index.clientUserId(seenTwice));
    }

    @Test
    void aWalkThatSawTheWholeTeamReplacesTheIndexDroppingUsersGone() {
        Map<UserId, String> before = Team.users(50, 1);
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, before);
        Map<UserId, String> after = Team.users(30, 2);

        UserIndex walk = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        after.forEach((id, clientId) -> walk.record(id, clientId, Team.TEAM));
        assertTrue(walk.save(true));

        UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        before.keySet().forEach(gone -> assertNull(index.clientUserId(gone)));
        after.forEach((id, clientId) -> assertEquals(clientId, index.clientUserId(id)));
    }

    @Test
    void aConfirmedHitThatChangesNothingWritesNothing() throws Exception {
        Map<UserId, String> team = Team.users(10, 3);
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, team);
        Path file = Team.teamFile(cache);
        Object inode = Files.readAttributes(file, "unix:ino").get("ino");
        UserId hit = team.keySet().iterator().next();

        UserIndex run = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        assertEquals(team.get(hit), run.clientUserId(hit));
        run.record(hit, team.get(hit), Team.TEAM);

        assertFalse(run.save(false));
        assertEquals(inode, Files.readAttributes(file, "unix:ino").get("ino"), "the file was replaced");
    }

    @Test
    void aConfirmedHitCostsALookupAtSaveNotAReadOfTheWholeFile() throws Exception {
        Map<UserId, String> team = Team.users(3, 4);
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, team);
        UserId[] sorted = team.keySet().stream().sorted().toArray(UserId[]::new);
        Path file = Team.teamFile(cache);
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 2] ^= 1; // the last user's client id: only a read of that line sees it
        Files.write(file, bytes);

        UserIndex run = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        assertEquals(team.get(sorted[0]), run.clientUserId(sorted[0]));
        run.record(sorted[0], team.get(sorted[0]), Team.TEAM);

        assertFalse(run.save(false));
        assertTrue(java.util.Arrays.equals(bytes, Files.readAllBytes(file)));
    }

    @Test
    void aRunThatRecordedMoreThanItsBoundSavesNothing() throws Exception {
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, Map.of(new UserId(9, 9), "kept"));
        byte[] before = Files.readAllBytes(Team.teamFile(cache));
        UserIndex bounded = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        bounded.maxBytes = 3 * 54;
        for (int i = 1; i <= 3; i++) {
            bounded.record(new UserId(0, i), "customer-" + i, Team.TEAM);
        }
        bounded.record(new UserId(0, 4), "customer-4", Team.TEAM);
        bounded.forget(new UserId(0, 1));

        assertFalse(bounded.save(true));
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(Team.teamFile(cache))));

        UserIndex within = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        within.maxBytes = 3 * 54;
        for (int i = 1; i <= 3; i++) {
            within.record(new UserId(0, i), "customer-" + i, Team.TEAM);
        }
        assertTrue(within.save(true));
    }

    @Test
    void aKeyWhoseUsersNowComeWithAnotherTeamFollowsThem() {
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, Map.of(new UserId(1, 1), "first team"));

        UserIndex run = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        run.record(new UserId(2, 2), "second team", "team-two");
        assertTrue(run.save(false));

        UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        assertEquals("second team", index.clientUserId(new UserId(2, 2)));
        assertNull(index.clientUserId(new UserId(1, 1)), "the first team's index is not the second's");
    }

    @Test
    void aWalkThatStoppedEarlyHavingSeenOnlyWhatTheIndexHeldWritesNothingAndOneChangeIsWritten() throws Exception {
        Map<UserId, String> team = Team.users(3000, 6);
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, team);
        Path file = Team.teamFile(cache);
        Object inode = Files.readAttributes(file, "unix:ino").get("ino");

        UserIndex same = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        team.forEach((id, clientId) -> same.record(id, clientId, Team.TEAM));
        assertFalse(same.save(false));
        assertEquals(inode, Files.readAttributes(file, "unix:ino").get("ino"), "the file was replaced");

        UserIndex changed = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        team.forEach((id, clientId) -> changed.record(id, clientId, Team.TEAM));
        UserId last = team.keySet().stream().max(UserId::compareTo).orElseThrow();
        changed.forget(last);
        assertTrue(changed.save(false));
        assertNull(UserIndex.open(cache, Team.BASE_URL, Team.KEY).clientUserId(last));
    }

    @Test
    void noneFindsNothingRecordsNothingAndTouchesNoFile() throws Exception {
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, Map.of(new UserId(5, 5), "five"));
        var before = Team.tree(cache);
        long modified = Files.getLastModifiedTime(Team.teamFile(cache)).toMillis();

        UserIndex none = UserIndex.none();
        assertNull(none.clientUserId(new UserId(5, 5)));
        none.record(new UserId(6, 6), "six", Team.TEAM);
        none.forget(new UserId(5, 5));

        assertFalse(none.save(true));
        assertFalse(none.save(false));
        assertEquals(before, Team.tree(cache));
        assertEquals(modified, Files.getLastModifiedTime(Team.teamFile(cache)).toMillis());
        assertEquals("five", UserIndex.open(cache, Team.BASE_URL, Team.KEY).clientUserId(new UserId(5, 5)));
    }

    @Test
    void aSecondTeamUnderTheSameBaseUrlHasAnIndexOfItsOwn() {
        ApiKey otherTeamsKey = ApiKey.of("sk-live-other-team-key", "test");
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, Map.of(new UserId(1, 1), "ours"));
        Team.save(cache, Team.BASE_URL, otherTeamsKey, "other-team", Map.of(new UserId(2, 2), "theirs"));

        UserIndex ours = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        UserIndex theirs = UserIndex.open(cache, Team.BASE_URL, otherTeamsKey);

        assertEquals("ours", ours.clientUserId(new UserId(1, 1)));
        assertNull(ours.clientUserId(new UserId(2, 2)));
        assertEquals("theirs", theirs.clientUserId(new UserId(2, 2)));
        assertNull(theirs.clientUserId(new UserId(1, 1)));
        assertNotEquals(Team.location(cache).teamFile(Team.TEAM), Team.location(cache).teamFile("other-team"));
    }

    @Test
    void aRotatedKeyOfTheSameTeamFindsTheTeamsIndexOnceItsFirstSaveHasNamedTheTeam() {
        ApiKey rotated = ApiKey.of("sk-live-rotated-key-2", "test");
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, Map.of(new UserId(1, 1), "kept"));

        UserIndex first = UserIndex.open(cache, Team.BASE_URL, rotated);
        assertNull(first.clientUserId(new UserId(1, 1)), "the new key's team is not known before a request");
        first.record(new UserId(2, 2), "new", Team.TEAM); // what a walk with the new key saw
        assertTrue(first.save(false));

        UserIndex later = UserIndex.open(cache, Team.BASE_URL, rotated);
        assertEquals("kept", later.clientUserId(new UserId(1, 1)), "the old key's entries are merged, not lost");
        assertEquals("new", later.clientUserId(new UserId(2, 2)));
        assertEquals("new", UserIndex.open(cache, Team.BASE_URL, Team.KEY).clientUserId(new UserId(2, 2)), "one index for both keys");
        assertEquals(1, Team.tree(cache).stream().filter(path -> path.toString().endsWith(".idx")).count());
    }

    @Test
    void anotherBaseUrlHasAnIndexOfItsOwnEvenForTheSameKeyAndTeam() {
        String sandbox = "https://sandbox.example.test";
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, Map.of(new UserId(1, 1), "production"));
        Team.save(cache, sandbox, Team.KEY, Team.TEAM, Map.of(new UserId(1, 1), "sandbox"));

        assertEquals("production", UserIndex.open(cache, Team.BASE_URL, Team.KEY).clientUserId(new UserId(1, 1)));
        assertEquals("sandbox", UserIndex.open(cache, sandbox, Team.KEY).clientUserId(new UserId(1, 1)));
    }

    @Test
    void usersThatDisagreeOnTheirTeamOrNameNoneAreNotSaved() {
        UserIndex disagreeing = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        disagreeing.record(new UserId(1, 1), "one", Team.TEAM);
        disagreeing.record(new UserId(2, 2), "two", "another-team");
        assertFalse(disagreeing.save(true));

        UserIndex teamless = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        teamless.record(new UserId(1, 1), "one", null);
        assertFalse(teamless.save(true));

        assertFalse(Files.exists(cache.resolve("userlookup")), "nothing was written: " + Team.tree(cache));
    }

    @Test
    void aForgetWithoutAnyUserRecordedStillReachesTheKeysTeamsIndex() {
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, Map.of(new UserId(1, 1), "stale", new UserId(2, 2), "fine"));

        UserIndex run = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        run.forget(new UserId(1, 1));
        assertTrue(run.save(false));

        UserIndex index = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        assertNull(index.clientUserId(new UserId(1, 1)));
        assertEquals("fine", index.clientUserId(new UserId(2, 2)));
    }

    @Test
    void theKeysTextIsNowhereUnderTheCacheFolder() throws Exception {
        Team.save(cache, Team.BASE_URL, Team.KEY, Team.TEAM, Team.users(200, 9));
        UserIndex run = UserIndex.open(cache, Team.BASE_URL, Team.KEY);
        run.record(new UserId(1, 1), "one", Team.TEAM);
        run.save(false);

        var tree = Team.tree(cache);
        assertTrue(tree.size() >= 5, "the folders, the index and the key's pointer: " + tree);
        for (Path path : tree) {
            assertFalse(path.toString().contains(Team.KEY_TEXT), path.toString());
            if (Files.isRegularFile(path)) {
                String content = new String(Files.readAllBytes(path), java.nio.charset.StandardCharsets.ISO_8859_1);
                assertFalse(content.contains(Team.KEY_TEXT), path + " holds the key");
                assertTrue(content.contains(Team.TEAM), path + " names the team");
            }
        }
    }
}
