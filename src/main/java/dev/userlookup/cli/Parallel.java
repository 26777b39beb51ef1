package dev.userlookup.cli;

import dev.userlookup.UsageException;

/** The bound on {@code --parallel}, shared by batch resolve and the walk. */
final class Parallel {

    /** Requests (resolve) or pages (list --all) in flight at once, at most. */
    static final int MAX = 16;

    private Parallel() {
    }

    static void check(String command, int parallel) {
        if (parallel < 1 || parallel > MAX) {
            throw new UsageException(command + ": --parallel must be between 1 and " + MAX + " (was " + parallel + ")");
        }
    }
}
