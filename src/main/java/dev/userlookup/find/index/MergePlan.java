package dev.userlookup.find.index;

/**
 * Reading the old file through checks every entry it keeps (order, bounds, CRC): an old file that
 * fails is left out whole, as corrupt, and the plan is the recorded users alone.
 */
final class MergePlan {

    private final int[] sources;
    private final int count;
    private final long areaSize;
    private final boolean changed;

    private MergePlan(int[] sources, int count, long areaSize, boolean changed) {
        this.sources = sources;
        this.count = count;
        this.areaSize = areaSize;
        this.changed = changed;
    }

    static MergePlan of(IndexFile old, RecordedUsers recorded, int[] latest) {
        MergePlan merged = old == null || old.corrupt() ? null : merge(old, recorded, latest);
        if (merged != null) {
            return merged;
        }
        int[] sources = new int[latest.length];
        int count = 0;
        long area = 0;
        for (int position : latest) {
            if (!recorded.removes(position)) {
                sources[count++] = ~position;
                area += recorded.end(position) - recorded.start(position);
            }
        }
        return new MergePlan(sources, count, area, count > 0 || old != null);
    }

    /**
     * Whether the few users recorded change nothing the file holds (a hit confirmed, say), found by
     * a lookup each rather than by reading the whole file: then nothing needs writing.
     */
    static boolean changesNothing(IndexFile old, RecordedUsers recorded, int[] latest) {
        byte[] scratch = new byte[IndexFormat.MAX_CLIENT_ID_BYTES];
        for (int position : latest) {
            int entry = old.find(recorded.high(position), recorded.low(position));
            boolean same = recorded.removes(position) ? entry < 0
                    : entry >= 0 && old.valid(entry) && old.holdsClientId(entry, recorded.bytes(), recorded.start(position),
                            length(recorded, position), scratch);
            if (!same) {
                return false;
            }
        }
        return !old.corrupt();
    }

    int count() {
        return count;
    }

    long areaSize() {
        return areaSize;
    }

    boolean changed() {
        return changed;
    }

    boolean fromOld(int n) {
        return sources[n] >= 0;
    }

    int source(int n) {
        int source = sources[n];
        return source >= 0 ? source : ~source;
    }

    /** Null when the old file turns out corrupt. */
    private static MergePlan merge(IndexFile old, RecordedUsers recorded, int[] latest) {
        int oldCount = old.count();
        int[] sources = new int[oldCount + latest.length];
        byte[] scratch = new byte[IndexFormat.MAX_CLIENT_ID_BYTES];
        int count = 0;
        long area = 0;
        boolean changed = false;
        int entry = 0;
        int next = 0;
        while (entry < oldCount || next < latest.length) {
            int order = entry == oldCount ? 1 : next == latest.length ? -1 : compare(old, entry, recorded, latest[next]);
            if (order <= 0 && !(inOrder(old, entry) && old.valid(entry))) {
                return null;
            }
            int position = order >= 0 ? latest[next++] : -1;
            boolean keepOld = order < 0 || (order == 0 && !recorded.removes(position)
                    && old.holdsClientId(entry, recorded.bytes(), recorded.start(position), length(recorded, position), scratch));
            if (keepOld) {
                sources[count++] = entry;
                area += old.end(entry) - old.start(entry);
            } else if (!recorded.removes(position)) {
                sources[count++] = ~position;
                area += length(recorded, position);
                changed = true;
            } else {
                changed |= order == 0; // a removal of an id the file holds
            }
            if (order <= 0) {
                entry++;
            }
        }
        return new MergePlan(sources, count, area, changed);
    }

    private static int length(RecordedUsers recorded, int position) {
        return recorded.end(position) - recorded.start(position);
    }

    private static int compare(IndexFile old, int entry, RecordedUsers recorded, int position) {
        int byHigh = Long.compareUnsigned(old.high(entry), recorded.high(position));
        return byHigh != 0 ? byHigh : Long.compareUnsigned(old.low(entry), recorded.low(position));
    }

    private static boolean inOrder(IndexFile old, int entry) {
        if (entry == 0) {
            return true;
        }
        int byHigh = Long.compareUnsigned(old.high(entry - 1), old.high(entry));
        return byHigh < 0 || (byHigh == 0 && Long.compareUnsigned(old.low(entry - 1), old.low(entry)) < 0);
    }
}
