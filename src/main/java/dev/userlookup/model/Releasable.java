package dev.userlookup.model;

/** What a page or a resolved user holds while it lives (its share of the run's memory budget). */
@FunctionalInterface
public interface Releasable {

    /** Lets go of it; harmless twice. */
    void release();
}
