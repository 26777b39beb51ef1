package dev.userlookup.find.index;

import java.util.Arrays;

/**
 * The order in which recorded users go into the file: by id as unsigned 128 bits, each id once,
 * the last recorded of an id winning. The JDK's sort of positions over the recorded arrays: it is
 * stable, so among equal ids the latest stays last. A hand-written sort of ints would be faster,
 * but a save of a million users follows a walk of two thousand pages: the JDK's it is.
 */
final class EntryOrder {

    private EntryOrder() {
    }

    /** The positions {@code 0..size-1} sorted by (highs, lows), only the last of equal ids kept. */
    static int[] latestSorted(long[] highs, long[] lows, int size) {
        Integer[] positions = new Integer[size];
        for (int i = 0; i < size; i++) {
            positions[i] = i;
        }
        Arrays.sort(positions, (a, b) -> compare(a, b, highs, lows));
        int[] order = new int[size];
        int kept = 0;
        for (int i = 0; i < size; i++) {
            if (i + 1 == size || compare(positions[i], positions[i + 1], highs, lows) != 0) {
                order[kept++] = positions[i];
            }
        }
        return kept == size ? order : Arrays.copyOf(order, kept);
    }

    static int compare(int a, int b, long[] highs, long[] lows) {
        int byHigh = Long.compareUnsigned(highs[a], highs[b]);
        return byHigh != 0 ? byHigh : Long.compareUnsigned(lows[a], lows[b]);
    }
}
