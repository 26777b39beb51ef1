package dev.userlookup.output.table;

import dev.userlookup.console.DisplayWidth;
import dev.userlookup.console.LineFit;
import java.util.ArrayList;
import java.util.List;

/**
 * One table row as screen lines, none wider than the terminal. A cell that fits its column goes
 * at its column. A whole cell wider than its column (an id) runs on over the columns after it
 * when the line has room, and those cells go on the next line, each under its own column, in
 * order; when the line has no room, the cell goes on lines of its own ({@link LineFit#whole}),
 * shared with nothing so that one screen line copies it whole, and the rest of the row keeps its
 * line. Only the row that needs it takes more lines. Without a width (not a terminal) a longer
 * cell pushes the rest of its row instead: one line a row, for grep. No line ends in blanks.
 */
final class RowLines {

    private static final int GAP = TableLayout.GAP.length();
    /** The end of a line that takes no other cell. */
    private static final int TAKEN = Integer.MAX_VALUE - GAP;

    private final int width;
    private final List<StringBuilder> lines = new ArrayList<>();
    /** Columns used on each line. */
    private final List<Integer> ends = new ArrayList<>();
    /** The line the row has reached: cells after one that had to move down follow it. */
    private int current;

    /** @param width terminal columns, or 0 for no limit */
    RowLines(int width) {
        this.width = width;
    }

    /** The next cell, already cut if its column cuts, for the column at {@code x}, {@code columnWidth} wide. */
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

    /** The first line from the current one on with room for a cell at {@code x} (a gap after what it holds), or a new one. */
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
