package dev.userlookup.walk;

import dev.userlookup.console.Counts;
import dev.userlookup.service.ServiceException;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Planned again from what came back: a page larger than asked moves the plan past the users it
 * brought. Used by the thread that writes only: {@link dev.userlookup.walk.OrderedParallel} pulls
 * offsets in the thread that hands its results on.
 */
final class OffsetPlan implements Iterator<Long> {

    private final Long total;
    private final ArrayDeque<Long> outstanding = new ArrayDeque<>();
    private long next;
    private long stride;
    private boolean pastLargest;

    OffsetPlan(long from, long stride, Long total) {
        this.total = total;
        replanFrom(from, stride);
    }

    @Override
    public boolean hasNext() {
        return !pastLargest && (total == null || next < total);
    }

    @Override
    public Long next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        long offset = next;
        outstanding.add(offset);
        if (passesLargest(offset, stride)) {
            // No offset after this page's end exists; if the walk needs one, its answer says so.
            pastLargest = true;
        } else {
            next = offset + stride;
        }
        return offset;
    }

    void answered(long offset) {
        Long oldest = outstanding.poll();
        if (oldest == null || oldest != offset) {
            throw new IllegalStateException("answer for offset " + offset + " out of order (expected " + oldest + ")");
        }
    }

    void replan(long covered, long stride) {
        boolean oneOutReachesIt = false;
        for (long offset : outstanding) {
            oneOutReachesIt |= offset <= covered;
        }
        // Nothing out starts at or before `covered` (those out lie beyond a gap and will be
        // dropped), or the plan lags behind a larger page: go on from where the walk has read to.
        if (!oneOutReachesIt || (!pastLargest && next < covered)) {
            replanFrom(covered, stride);
        } else {
            this.stride = stride;
        }
    }

    /**
     * The walk's offset arithmetic, in one place: an offset never wraps round to a negative one. A
     * page that would end beyond 2^63-1, the largest offset there is, ends the walk with an error.
     */
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

    private void replanFrom(long from, long stride) {
        this.next = from;
        this.stride = stride;
        this.pastLargest = false;
    }
}
