package dev.userlookup.walk;

import dev.userlookup.console.ProgressLine;

/** Told how a walk goes; shown on a terminal, silent elsewhere. */
public interface WalkProgress {

    WalkProgress NONE = new WalkProgress() {
        @Override public void update(long users, Long total) { }
        @Override public void clear() { }
    };

    static WalkProgress on(ProgressLine line) {
        return new WalkProgress() {
            @Override public void update(long users, Long total) { line.update(users, total); }
            @Override public void clear() { line.clear(); }
        };
    }

    void update(long users, Long total);

    /** Before output is written, so rows never mix with the line. */
    void clear();
}
