package dev.userlookup.walk;

/** Told how a walk goes; shown on a terminal, silent elsewhere. */
public interface WalkProgress {

    WalkProgress NONE = new WalkProgress() {
        @Override public void update(long users, Long total) { }
        @Override public void clear() { }
    };

    /** Users printed so far, of the total the service gave (null if it gave none). */
    void update(long users, Long total);

    /** Takes the progress line away, before output is written and at the end. */
    void clear();
}
