package dev.userlookup.walk;

import dev.userlookup.model.UserId;
import java.util.HashSet;
import java.util.Set;

/**
 * The user_ids a walk has printed, so that each user comes out once. A UUID is kept as its 16
 * bytes in an open-addressing table, a fraction of what a set of the ids' strings holds, with no
 * object a user; an id that is not a UUID falls back to a plain set. All ids are kept, not a
 * window: with pages fetched in parallel, drift can move a user by any number of places.
 */
final class SeenIds {

    private long[] table = new long[2 * 1024];
    private int size;
    private boolean hasZero;
    private final Set<String> others = new HashSet<>();

    /** @return true if the id was new */
    boolean add(String userId) {
        if (!UserId.looksLikeOne(userId)) {
            return others.add(userId);
        }
        // Read as two longs: no object a user on the walk's hot path.
        long high = UserId.high(userId);
        long low = UserId.low(userId);
        if (high == 0 && low == 0) {
            boolean added = !hasZero;
            hasZero = true;
            return added;
        }
        if ((size + 1) * 2 > table.length / 2) {
            grow();
        }
        if (insert(table, high, low)) {
            size++;
            return true;
        }
        return false;
    }

    int size() {
        return size + (hasZero ? 1 : 0) + others.size();
    }

    /** Linear probing over pairs of longs; (0, 0) marks an empty slot. */
    private static boolean insert(long[] table, long high, long low) {
        int slots = table.length / 2;
        int slot = (int) (mix(high ^ low * 0x9E3779B97F4A7C15L) & (slots - 1));
        while (true) {
            long h = table[2 * slot];
            long l = table[2 * slot + 1];
            if (h == 0 && l == 0) {
                table[2 * slot] = high;
                table[2 * slot + 1] = low;
                return true;
            }
            if (h == high && l == low) {
                return false;
            }
            slot = (slot + 1) & (slots - 1);
        }
    }

    private void grow() {
        long[] bigger = new long[table.length * 2];
        for (int i = 0; i < table.length; i += 2) {
            if (table[i] != 0 || table[i + 1] != 0) {
                insert(bigger, table[i], table[i + 1]);
            }
        }
        table = bigger;
    }

    private static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        x ^= x >>> 33;
        return x;
    }
}
