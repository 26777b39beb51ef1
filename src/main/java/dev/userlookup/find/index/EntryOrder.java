package dev.userlookup.find.index;

import java.util.Arrays;

/**
 * The order in which recorded users go into the file: by id as unsigned 128 bits, each id once,
 * the last recorded of an id winning. A merge sort of positions over the recorded arrays (stable,
 * so among equal ids the latest stays last), about 20 comparisons a user at a million and two int
 * arrays of working space: no object per user.
 */
final class EntryOrder {

    private static final int RUN = 32;

    private EntryOrder() {
    }

    /** The positions {@code 0..size-1} sorted by (highs, lows), only the last of equal ids kept. */
    static int[] latestSorted(long[] highs, long[] lows, int size) {
        int[] order = new int[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        for (int from = 0; from < size; from += RUN) {
            insertionSort(order, from, Math.min(from + RUN, size), highs, lows);
        }
        int[] spare = new int[size];
        for (int width = RUN; width < size; width *= 2) {
            for (int from = 0; from < size - width; from += 2 * width) {
                merge(order, spare, from, from + width, Math.min(from + 2 * width, size), highs, lows);
            }
        }
        int kept = 0;
        for (int i = 0; i < size; i++) {
            if (i + 1 == size || compare(order[i], order[i + 1], highs, lows) != 0) {
                order[kept++] = order[i];
            }
        }
        return kept == size ? order : Arrays.copyOf(order, kept);
    }

    static int compare(int a, int b, long[] highs, long[] lows) {
        int byHigh = Long.compareUnsigned(highs[a], highs[b]);
        return byHigh != 0 ? byHigh : Long.compareUnsigned(lows[a], lows[b]);
    }

    private static void insertionSort(int[] order, int from, int to, long[] highs, long[] lows) {
        for (int i = from + 1; i < to; i++) {
            int moving = order[i];
            int j = i - 1;
            while (j >= from && compare(order[j], moving, highs, lows) > 0) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = moving;
        }
    }

    /** Merges the sorted runs [from, middle) and [middle, to); the left one first among equals. */
    private static void merge(int[] order, int[] spare, int from, int middle, int to, long[] highs, long[] lows) {
        if (compare(order[middle - 1], order[middle], highs, lows) <= 0) {
            return; // already in order
        }
        System.arraycopy(order, from, spare, from, to - from);
        int left = from;
        int right = middle;
        for (int out = from; out < to; out++) {
            if (right >= to || (left < middle && compare(spare[left], spare[right], highs, lows) <= 0)) {
                order[out] = spare[left++];
            } else {
                order[out] = spare[right++];
            }
        }
    }
}
