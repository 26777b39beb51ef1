package dev.userlookup.walk;

/**
 * How a walk went.
 *
 * @param printed users written, each once
 * @param pages pages read
 * @param firstTotal the total the first page gave (null: none)
 * @param lastTotal the total the last page read gave
 * @param duplicates users dropped because they had been printed already
 * @param reached the offset the walk read up to: every position before it came back
 */
public record WalkResult(long printed, long pages, Long firstTotal, Long lastTotal, long duplicates, long reached) {

    /** Whether the team changed while it was walked: the total moved, or users came twice. */
    public boolean teamChanged() {
        return duplicates > 0 || (firstTotal != null && lastTotal != null && !firstTotal.equals(lastTotal));
    }

    /** Whether the walk ended before the offset the first total promised (a short or empty page). */
    public boolean endedShortOfTheTotal() {
        return firstTotal != null && reached < firstTotal;
    }
}
