package dev.userlookup.commands;

import dev.userlookup.console.Console;
import dev.userlookup.console.ProgressLine;
import dev.userlookup.walk.WalkProgress;

/** A walk's progress as the console's line on stderr ({@code 12,000 of 50,000 users, 4,100/s}), when stderr is a terminal. */
final class WalkProgressLine {

    private WalkProgressLine() {
    }

    /**
     * @param unit what is counted: {@code users}, {@code users searched}
     * @param shown whether the command wants a line at all (list: not over rows on a terminal)
     */
    static WalkProgress of(Console console, String unit, boolean shown) {
        if (!shown || !console.terminal().stderrIsTerminal()) {
            return WalkProgress.NONE;
        }
        ProgressLine line = console.stderr().progressLine(unit);
        return new WalkProgress() {
            @Override public void update(long users, Long total) { line.update(users, total); }
            @Override public void clear() { line.clear(); }
        };
    }
}
