package dev.userlookup.commands.options;

/** The bound on {@code --parallel}, shared by batch resolve and the walk ({@link OptionValues.ParallelCount} holds to it). */
public final class Parallel {

    /** Requests (resolve) or pages (list --all) in flight at once, at most. */
    public static final int MAX = 16;

    private Parallel() {
    }
}
