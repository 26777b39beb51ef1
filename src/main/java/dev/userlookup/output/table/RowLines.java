package dev.userlookup.output.table;

import dev.userlookup.console.DisplayWidth;
import dev.userlookup.console.LineFit;
import java.util.ArrayList;
import java.util.List;

/**
 * An id too wide for its line goes on lines shared with nothing, so one screen line copies it
 * whole; only the row that needs it takes more lines. Without a width (not a terminal): one line
 * a row, for grep.
 */
final class RowLines {

    private static final int GAP = TableLayout.GAP.length();
    /** The end of a line that takes no other cell. */
    private static final int TAKEN = Integer.MAX_VALUE - GAP;

    private final int width;
    private final List<StringBuilder> lines = new ArrayList<>();
    private final List<Integer> ends = new ArrayList<>();
    /** The line the row has reached: cells after one that had to move down follow it. */
    private int current;

    RowLines(int width) {
        this.width = width;
    }

    /** Already cut if its column cuts. */
    void add(String cell, int x, int columnWidth) {
        int cellWidth = DisplayWidth.of(cell);
        if (width <= 0) {
            place(0, lines.isEmpty() ? x : Math.max(x, ends.get(0) + GAP), cell);
        } else if (cellWidth <= columnWidth || x + cellWidth <= width) {
            current = freeAt(x);
            place(current, x, cell);
        } else {
            for (String line : LineFit.whole(cell, x, width)) {
                lines.add(new StringBuilder(line));
                ends.add(TAKEN);
            }
        }
    }

    List<String> lines() {
        List<String> out = new ArrayList<>(lines.size());
        for (StringBuilder line : lines) {
            out.add(line.toString());
        }
        return out;
    }

    private int freeAt(int x) {
        for (int i = current; i < ends.size(); i++) {
            if (ends.get(i) == 0 || ends.get(i) + GAP <= x) {
                return i;
            }
        }
        return ends.size();
    }

    private void place(int line, int x, String cell) {
        while (lines.size() <= line) {
            lines.add(new StringBuilder());
            ends.add(0);
        }
        int end = ends.get(line);
        lines.get(line).append(" ".repeat(Math.max(0, x - end))).append(cell);
        ends.set(line, Math.max(x, end) + DisplayWidth.of(cell));
    }
}
