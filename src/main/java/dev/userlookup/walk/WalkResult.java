package dev.userlookup.walk;

import dev.userlookup.console.Counts;
import java.util.ArrayList;
import java.util.List;

/** {@code stopped}: the sink wanted no more ({@link UserSink#wantsMore}) before the end of the list. */
public record WalkResult(long printed, long pages, Long firstTotal, Long lastTotal, long duplicates, long reached,
        boolean stopped) {

    public boolean teamChanged() {
        return duplicates > 0 || (firstTotal != null && lastTotal != null && !firstTotal.equals(lastTotal));
    }

    public boolean endedShortOfTheTotal() {
        return !stopped && firstTotal != null && reached < firstTotal;
    }

    public boolean sawTheWholeTeam() {
        return !stopped && !teamChanged() && firstTotal != null && reached >= firstTotal;
    }

    /** Warnings only: the exit status is what it would be all the same. */
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
