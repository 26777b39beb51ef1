package dev.userlookup.find.index;

import java.util.Arrays;

/**
 * The JDK's sort is stable, so among equal ids the latest recorded stays last. A hand-written sort
 * would be faster, but a save follows a walk that takes far longer: the JDK's it is.
 */
final class EntryOrder {

    private EntryOrder() {
    }

    /** Sorted by (highs, lows) as unsigned 128 bits, only the last of equal ids kept. */
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
