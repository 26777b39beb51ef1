package dev.userlookup.walk;

import dev.userlookup.service.ServiceException;
import dev.userlookup.console.Counts;

/**
 * Offset arithmetic of a walk, in one place: an offset never wraps round to a negative one. A
 * page that would end beyond 2^63-1, the largest offset there is, ends the walk with an error.
 */
final class Offsets {

    private Offsets() {
    }

    static long after(long offset, long count) {
        if (passesLargest(offset, count)) {
            throw new ServiceException.Unavailable("list --all", "the walk would pass offset " + Counts.format(Long.MAX_VALUE)
                    + " (2^63-1), the largest there is", null, "the page at offset " + offset + " holds " + Counts.format(count)
                    + " users; stopped rather than ask for an offset that does not exist", null);
        }
        return offset + count;
    }

    static boolean passesLargest(long offset, long count) {
        return count > Long.MAX_VALUE - offset;
    }
}
