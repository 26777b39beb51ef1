package dev.userlookup.find.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.model.UserId;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** What a run recorded, in the file's order: by unsigned id, each id once, the last word on it winning. */
class RecordedUsersTest {

    @Test
    void theOrderIsAnUnsignedSortWithTheLastWordOnEachIdKeptAsATreeMapWouldHaveIt() {
        Random random = new Random(5);
        RecordedUsers recorded = new RecordedUsers();
        TreeMap<UserId, String> expected = new TreeMap<>(); // UserId's order is the unsigned one
        List<UserId> ids = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            // Few distinct highs, and ids seen again: ties on the first long and duplicates both occur.
            UserId id = i > 0 && random.nextInt(4) == 0 ? ids.get(random.nextInt(ids.size()))
                    : new UserId(random.nextInt(8) - 4L << 60, random.nextLong());
            ids.add(id);
            if (random.nextInt(10) == 0) {
                recorded.forget(id);
                expected.put(id, null);
            } else {
                recorded.record(id, "client-" + i, "team");
                expected.put(id, "client-" + i);
            }
        }

        int[] order = recorded.latestSorted();

        assertEquals(expected.size(), order.length);
        int n = 0;
        for (Map.Entry<UserId, String> entry : expected.entrySet()) {
            int position = order[n++];
            assertEquals(entry.getKey(), new UserId(recorded.high(position), recorded.low(position)));
            assertEquals(entry.getValue() == null, recorded.removes(position));
            if (entry.getValue() != null) {
                assertEquals(entry.getValue(), clientId(recorded, position));
            }
        }
    }

    @Test
    void clientIdsAreKeptAsUtf8OneAfterTheOtherAndUnindexableOnesRemoveTheirId() {
        RecordedUsers recorded = new RecordedUsers();
        recorded.record(new UserId(0, 1), "ascii", "team");
        recorded.record(new UserId(0, 2), "ünï-客-🙂", "team");
        recorded.record(new UserId(0, 3), null, "team");
        recorded.record(new UserId(0, 4), "x".repeat(1025), "team");
        recorded.record(new UserId(0, 5), "\uDC00", "team");
        recorded.record(new UserId(0, 6), "é".repeat(513), "team"); // 1,026 bytes from 513 chars
        recorded.record(new UserId(0, 7), "after", "team");

        assertEquals("ascii", clientId(recorded, 0));
        assertEquals("ünï-客-🙂", clientId(recorded, 1));
        for (int removed = 2; removed <= 5; removed++) {
            assertTrue(recorded.removes(removed), "position " + removed);
            assertEquals(recorded.start(removed), recorded.end(removed));
        }
        assertEquals("after", clientId(recorded, 6));
        assertEquals(5 + "ünï-客-🙂".getBytes(StandardCharsets.UTF_8).length + 5, recorded.end(6));
    }

    @Test
    void theArraysGrowPastTheirFirstSizes() {
        RecordedUsers recorded = new RecordedUsers();
        String longId = "y".repeat(1000);
        for (int i = 0; i < 5000; i++) {
            recorded.record(new UserId(i, i), longId + i, "team");
        }
        assertEquals(5000, recorded.size());
        assertEquals(longId + 4999, clientId(recorded, 4999));
        assertEquals(longId + 0, clientId(recorded, 0));
        assertFalse(recorded.full());
    }

    @Test
    void theTeamIsTheOneEveryUserNamedOrNone() {
        RecordedUsers agreeing = new RecordedUsers();
        agreeing.record(new UserId(0, 1), "a", null);
        agreeing.record(new UserId(0, 2), "b", "team");
        agreeing.record(new UserId(0, 3), "c", new String("team"));
        assertEquals("team", agreeing.team());

        RecordedUsers disagreeing = new RecordedUsers();
        disagreeing.record(new UserId(0, 1), "a", "team");
        disagreeing.record(new UserId(0, 2), "b", "other");
        disagreeing.record(new UserId(0, 3), "c", "team");
        assertNull(disagreeing.team());
        assertTrue(disagreeing.teamsDisagree());

        assertNull(new RecordedUsers().team());
    }

    private static String clientId(RecordedUsers recorded, int position) {
        int start = recorded.start(position);
        return new String(recorded.bytes(), start, recorded.end(position) - start, StandardCharsets.UTF_8);
    }

    @Test
    void theRecordingStopsAtItsBoundAndIsThenFull() {
        RecordedUsers recorded = new RecordedUsers(3);
        for (int i = 0; i < 3; i++) {
            recorded.record(new UserId(0, i + 1), "customer-" + i, "team");
        }
        assertFalse(recorded.full());

        recorded.record(new UserId(0, 4), "customer-4", "team");
        recorded.forget(new UserId(0, 1));

        assertTrue(recorded.full());
        assertEquals(3, recorded.size());
    }
}
