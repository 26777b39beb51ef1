package dev.userlookup.commands;

/** The bound on {@code --parallel}, shared by batch resolve and the walk ({@link OptionValues.ParallelCount} holds to it). */
final class Parallel {

    /** Requests (resolve) or pages (list --all) in flight at once, at most. */
    static final int MAX = 16;

    private Parallel() {
    }
}
