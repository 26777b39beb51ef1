package dev.userlookup.walk;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The set of user_ids a walk has printed: each id new once, then seen. */
class SeenIdsTest {

    /** The writer's set of the user_ids printed: true for an id not printed before. */
    private static final class Seen {
        private final Set<Object> ids = new HashSet<>();

        boolean add(String id) {
            return ids.add(PageWriter.seenAs(id));
        }
    }

    /** A UUID as the JDK reads one: hex digits in either case, in the 8-4-4-4-12 groups. */
    private static final Pattern UUID_TEXT = Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    @Test
    void twoHundredThousandRandomUuidsAreAllNewThenAllSeen() {
        Random random = new Random(20240301L);
        List<String> ids = new ArrayList<>(200_000);
        for (int i = 0; i < 200_000; i++) {
            ids.add(new UUID(random.nextLong(), random.nextLong()).toString());
        }
        Seen seen = new Seen();

        for (String id : ids) {
            assertTrue(seen.add(id), () -> "new id reported as seen: " + id);
        }
        for (String id : ids) {
            assertFalse(seen.add(id), () -> "seen id reported as new: " + id);
        }
    }

    @Test
    void uuidsDifferingOnlyInOneBitAreDistinct() {
        // Neighbours in the table's hashing must not be confused with each other.
        Seen seen = new Seen();
        UUID base = UUID.fromString("3f2b8c1e-9d4a-4e7b-8a6c-1b2d3e4f5a6b");
        assertTrue(seen.add(base.toString()));
        for (int bit = 0; bit < 64; bit++) {
            assertTrue(seen.add(new UUID(base.getMostSignificantBits() ^ (1L << bit), base.getLeastSignificantBits()).toString()));
            assertTrue(seen.add(new UUID(base.getMostSignificantBits(), base.getLeastSignificantBits() ^ (1L << bit)).toString()));
        }
        assertFalse(seen.add(base.toString()));
    }

    @Test
    void upperAndLowerCaseOfOneUuidAreOneId() {
        Seen seen = new Seen();
        String lower = "9b2e6c1a-7f3d-4a5b-8c9d-0e1f2a3b4c5d";

        assertTrue(seen.add(lower));
        assertFalse(seen.add(lower.toUpperCase(Locale.ROOT)));
        assertFalse(seen.add("9B2e6C1a-7F3d-4A5b-8C9d-0E1f2A3b4C5d"));
    }

    @Test
    void idsThatAreNotUuidsWork() {
        Seen seen = new Seen();
        List<String> odd = List.of("alice", "", "user 42", "00000000000040008000000000000001",
                "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz", "0000000-00000-4000-8000-000000000001",
                "00000000-0000-4000-8000-00000000000g", "ünïcødé-ïd", "{00000000-0000-4000-8000-000000000001}");

        for (String id : odd) {
            assertTrue(seen.add(id), "new: " + id);
        }
        for (String id : odd) {
            assertFalse(seen.add(id), "seen: " + id);
        }
        // A non-UUID id is kept as written: case matters there.
        assertTrue(seen.add("ALICE"));
        // None of them is confused with the UUID it resembles.
        assertTrue(seen.add("00000000-0000-4000-8000-000000000001"));
    }

    @Test
    void theNilUuidWorks() {
        Seen seen = new Seen();
        String nil = "00000000-0000-0000-0000-000000000000";

        assertTrue(seen.add(nil));
        assertFalse(seen.add(nil));
        // Its neighbours are distinct users.
        assertTrue(seen.add("00000000-0000-0000-0000-000000000001"));
        assertTrue(seen.add("10000000-0000-0000-0000-000000000000"));
        assertFalse(seen.add(nil));
    }

    @Test
    void idsWithNonAsciiDigitsAreNotTheAsciiUuidTheyResemble() {
        // user_id is compared as the service wrote it (apart from the case of a real UUID's hex
        // digits). "٠٠٠٠٠٠٠١-…" (Arabic-Indic digits) and "Ａaaaaaaa-…" (a fullwidth A) are not UUIDs
        // and are different ids from the ASCII UUIDs they look like; treating them as the same
        // would silently drop a user.
        Seen seen = new Seen();
        String ascii = "00000001-0000-4000-8000-000000000001";
        String arabicIndic = "\u0660\u0660\u0660\u0660\u0660\u0660\u0660\u0661-0000-4000-8000-000000000001";
        String asciiA = "aaaaaaaa-0000-4000-8000-000000000001";
        String fullwidthA = "\uFF21aaaaaaa-0000-4000-8000-000000000001";

        assertTrue(seen.add(ascii));
        assertTrue(seen.add(asciiA));
        assertTrue(seen.add(arabicIndic), "an id in Arabic-Indic digits was taken for " + ascii);
        assertTrue(seen.add(fullwidthA), "an id with a fullwidth letter was taken for " + asciiA);
    }

    /**
     * Differential: over generated ids (random UUIDs in any case, near-UUIDs, the nil UUID and
     * its neighbours, other text; many repeated), the writer's set answers as a HashSet of the ids with a
     * UUID's hex digits in one case, the JDK's reading of "the same user".
     */
    @Test
    void agreesWithAHashSetOverGeneratedIds() {
        for (long seed = 1; seed <= 20; seed++) {
            Random random = new Random(seed);
            Seen seen = new Seen();
            java.util.Set<String> reference = new java.util.HashSet<>();
            List<String> given = new ArrayList<>();
            for (int i = 0; i < 20_000; i++) {
                String id = !given.isEmpty() && random.nextInt(3) == 0 ? given.get(random.nextInt(given.size())) : generatedId(random);
                if (random.nextInt(4) == 0) {
                    id = random.nextBoolean() ? id.toUpperCase(Locale.ROOT) : id.toLowerCase(Locale.ROOT);
                }
                given.add(id);
                String key = UUID_TEXT.matcher(id).matches() ? UUID.fromString(id).toString() : id;
                boolean isNew = reference.add(key);
                // The message is made only on a failure, not for each of the 400,000 ids.
                if (seen.add(id) != isNew) {
                    fail("seed " + seed + ", id " + i + ": " + id + (isNew ? " is new, reported as seen" : " was seen, reported as new"));
                }
            }
        }
    }

    private static String generatedId(Random random) {
        switch (random.nextInt(6)) {
            case 0:
            case 1:
                return new UUID(random.nextLong(), random.nextLong()).toString();
            case 2:
                // Few bits set: the nil UUID and its neighbours, where an empty slot is (0, 0).
                return new UUID(random.nextInt(4) == 0 ? 0 : 1L << random.nextInt(64), random.nextInt(4) == 0 ? 0 : 1L << random.nextInt(64)).toString();
            case 3: {
                // A UUID with one character changed: to a non-hex letter, a non-ASCII digit, a dash, or cut.
                char[] chars = new UUID(random.nextLong(), random.nextLong()).toString().toCharArray();
                int at = random.nextInt(chars.length);
                chars[at] = "g-\u0661\uff21Z ".charAt(random.nextInt(6));
                String text = new String(chars);
                return random.nextInt(5) == 0 ? text.substring(0, random.nextInt(text.length())) : text;
            }
            case 4:
                return Long.toHexString(random.nextLong()) + Long.toHexString(random.nextLong());
            default:
                return "user-" + random.nextInt(5_000);
        }
    }
}
