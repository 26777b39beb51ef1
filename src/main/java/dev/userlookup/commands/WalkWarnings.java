package dev.userlookup.commands;

import dev.userlookup.console.Counts;
import dev.userlookup.walk.WalkResult;
import java.util.function.Consumer;

/** What a walk that did not see the team whole says on stderr: list --all, and find before a "not found". */
final class WalkWarnings {

    private WalkWarnings() {
    }

    /**
     * A walk that ended short of the total, or met a changing team, says so (the exit status is
     * what it would be all the same).
     *
     * @param advice what to do about a short walk, for this command
     */
    static void say(WalkResult result, String advice, Consumer<String> say) {
        if (!result.teamChanged() && result.endedShortOfTheTotal()) {
            say.accept("warning: the walk ended at " + Counts.format(result.reached()) + " of the "
                    + Counts.format(result.firstTotal()) + " users the service counts (a short page); " + advice);
        }
        if (result.teamChanged()) {
            say.accept("warning: the team changed during the walk ("
                    + (result.firstTotal() != null && result.lastTotal() != null && !result.firstTotal().equals(result.lastTotal())
                        ? "total " + Counts.format(result.firstTotal()) + " at the start, " + Counts.format(result.lastTotal()) + " at the end; "
                        : "")
                    + Counts.format(result.duplicates()) + " duplicate users dropped, " + Counts.format(result.printed())
                    + " printed); run again for a consistent list");
        }
    }
}
