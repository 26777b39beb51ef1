package dev.userlookup.walk;

import dev.userlookup.console.Counts;
import java.util.ArrayList;
import java.util.List;

/**
 * How a walk went.
 *
 * @param printed users written, each once
 * @param pages pages read
 * @param firstTotal the total the first page gave (null: none)
 * @param lastTotal the total the last page read gave
 * @param duplicates users dropped because they had been printed already
 * @param reached the offset the walk read up to: every position before it came back
 * @param stopped the sink wanted no more ({@link UserSink#wantsMore}) before the end of the list
 */
public record WalkResult(long printed, long pages, Long firstTotal, Long lastTotal, long duplicates, long reached,
        boolean stopped) {

    /** Whether the team changed while it was walked: the total moved, or users came twice. */
    public boolean teamChanged() {
        return duplicates > 0 || (firstTotal != null && lastTotal != null && !firstTotal.equals(lastTotal));
    }

    /** Whether the walk ended before the offset the first total promised (a short or empty page). */
    public boolean endedShortOfTheTotal() {
        return !stopped && firstTotal != null && reached < firstTotal;
    }

    /**
     * Whether a walk from offset 0 met every user of the team: it was not stopped, read up to the
     * total, and the team held still.
     */
    public boolean sawTheWholeTeam() {
        return !stopped && !teamChanged() && firstTotal != null && reached >= firstTotal;
    }

    /**
     * What a walk that did not see the team whole says (the exit status is what it would be all
     * the same): it ended short of the total, or met a changing team.
     *
     * @param advice what to do about a short walk, for the command that walked
     */
    public List<String> warnings(String advice) {
        List<String> warnings = new ArrayList<>(2);
        if (!teamChanged() && endedShortOfTheTotal()) {
            warnings.add("warning: the walk ended at " + Counts.format(reached) + " of the " + Counts.format(firstTotal)
                    + " users the service counts (a short page); " + advice);
        }
        if (teamChanged()) {
            warnings.add("warning: the team changed during the walk ("
                    + (firstTotal != null && lastTotal != null && !firstTotal.equals(lastTotal)
                        ? "total " + Counts.format(firstTotal) + " at the start, " + Counts.format(lastTotal) + " at the end; "
                        : "")
                    + Counts.format(duplicates) + " duplicate users dropped, " + Counts.format(printed)
                    + " printed); run again for a consistent list");
        }
        return warnings;
    }
}
