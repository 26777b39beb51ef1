package dev.userlookup.walk;

import dev.userlookup.console.ProgressLine;

/** Told how a walk goes; shown on a terminal, silent elsewhere. */
public interface WalkProgress {

    WalkProgress NONE = new WalkProgress() {
        @Override public void update(long users, Long total) { }
        @Override public void clear() { }
    };

    /** The walk's progress as the console's line on stderr ({@code 12,000 of 50,000 users, 4,100/s}). */
    static WalkProgress on(ProgressLine line) {
        return new WalkProgress() {
            @Override public void update(long users, Long total) { line.update(users, total); }
            @Override public void clear() { line.clear(); }
        };
    }

    /** Users printed so far, of the total the service gave (null if it gave none). */
    void update(long users, Long total);

    /** Takes the progress line away, before output is written and at the end. */
    void clear();
}
