package dev.userlookup.output.table;

import dev.userlookup.console.DisplayWidth;
import dev.userlookup.console.LineFit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * An id column narrows to its typical cell, so a rare longer id is not allowed to push every other
 * column off the screen; ids are never cut (people copy them): a longer one takes more lines for
 * its own row only ({@link RowLines}).
 */
final class TableLayout {

    static final String GAP = "  ";

    /** How a column treats a cell wider than itself. */
    enum Kind {
        CUT,
        CUT_IN_THE_MIDDLE,
        WHOLE,
        /** Never cut; a longer cell than the column's takes more lines of its row. */
        ID;

        boolean cuts() {
            return this == CUT || this == CUT_IN_THE_MIDDLE;
        }
    }

    /** Lower ranks shrink first. */
    record Column(String header, int min, int rank, Kind kind) {

        /** The minimum of an {@link Kind#ID} column that narrows only as far as its typical cell. */
        static final int TYPICAL = -1;

        Column(String header, int min, int rank) {
            this(header, min, rank, Kind.CUT);
        }

        static Column cutInTheMiddle(String header, int min, int rank) {
            return new Column(header, min, rank, Kind.CUT_IN_THE_MIDDLE);
        }

        static Column whole(String header) {
            return new Column(header, Integer.MAX_VALUE, Integer.MAX_VALUE, Kind.WHOLE);
        }

        static Column id(String header) {
            return new Column(header, TYPICAL, Integer.MAX_VALUE, Kind.ID);
        }

        static Column idOnItsOwnLines(String header) {
            return new Column(header, DisplayWidth.of(header), Integer.MAX_VALUE, Kind.ID);
        }
    }

    private final List<Column> columns;
    private final int[] widths;
    private final int width;

    private TableLayout(List<Column> columns, int[] widths, int width) {
        this.columns = columns;
        this.widths = widths;
        this.width = width;
    }

    /** {@code rows} not empty. */
    static TableLayout fit(List<Column> columns, List<String[]> rows, int width) {
        int[][] cellWidths = new int[columns.size()][rows.size()];
        int[] widths = new int[columns.size()];
        int[] floors = new int[columns.size()];
        for (int c = 0; c < widths.length; c++) {
            for (int r = 0; r < rows.size(); r++) {
                cellWidths[c][r] = DisplayWidth.of(rows.get(r)[c]);
            }
            Arrays.sort(cellWidths[c]);
            int header = DisplayWidth.of(columns.get(c).header());
            widths[c] = Math.max(header, cellWidths[c][rows.size() - 1]);
            floors[c] = floor(columns.get(c), header, cellWidths[c], widths[c]);
        }
        int[] natural = widths.clone();
        if (width > 0) {
            int excess = total(widths) - width;
            while (excess > 0) {
                int victim = victim(columns, widths, floors, false);
                if (victim < 0) {
                    break;
                }
                widths[victim]--;
                excess--;
            }
            while (excess > 0) {
                int victim = victim(columns, widths, floors, true);
                if (victim < 0) {
                    break; // nothing gives way any further: the caller tries fewer columns
                }
                int narrower = Math.max(floors[victim], widestBelow(cellWidths[victim], widths[victim]));
                excess -= widths[victim] - narrower;
                widths[victim] = narrower;
            }
            giveBack(-excess, columns, widths, natural);
        }
        return new TableLayout(columns, widths, width);
    }

    private static int floor(Column column, int header, int[] sortedCells, int widest) {
        switch (column.kind()) {
            case CUT:
            case CUT_IN_THE_MIDDLE:
                return Math.min(column.min(), widest);
            case WHOLE:
                return widest;
            default:
                return column.min() == Column.TYPICAL ? typical(header, sortedCells) : Math.min(column.min(), widest);
        }
    }

    /** Outliers: the widest tenth of the cells, and any more than twice as wide as the median. */
    private static int typical(int header, int[] sortedCells) {
        int n = sortedCells.length;
        int bound = 2 * sortedCells[(n - 1) / 2];
        int typical = header;
        for (int r = 0; r < n - n / 10; r++) {
            if (sortedCells[r] <= bound) {
                typical = Math.max(typical, sortedCells[r]);
            }
        }
        return typical;
    }

    private static int widestBelow(int[] sortedCells, int width) {
        for (int r = sortedCells.length - 1; r >= 0; r--) {
            if (sortedCells[r] < width) {
                return sortedCells[r];
            }
        }
        return 0;
    }

    private static void giveBack(int room, List<Column> columns, int[] widths, int[] natural) {
        List<Integer> cut = IntStream.range(0, widths.length).filter(c -> columns.get(c).kind().cuts()).boxed()
                .sorted((a, b) -> Integer.compare(columns.get(b).rank(), columns.get(a).rank())).toList();
        for (int c : cut) {
            int more = Math.max(0, Math.min(room, natural[c] - widths[c]));
            widths[c] += more;
            room -= more;
        }
    }

    private static int total(int[] widths) {
        int sum = GAP.length() * (widths.length - 1);
        for (int w : widths) {
            sum += w;
        }
        return sum;
    }

    /** The widest of the lowest rank among those above their floor: cutting columns, or else ids. */
    private static int victim(List<Column> columns, int[] widths, int[] floors, boolean ids) {
        int chosen = -1;
        for (int c = 0; c < widths.length; c++) {
            Column column = columns.get(c);
            if ((ids ? column.kind() != Kind.ID : !column.kind().cuts()) || widths[c] <= floors[c]) {
                continue;
            }
            if (chosen < 0 || column.rank() < columns.get(chosen).rank()
                    || (column.rank() == columns.get(chosen).rank() && widths[c] > widths[chosen])) {
                chosen = c;
            }
        }
        return chosen;
    }

    boolean fits() {
        return width <= 0 || total(widths) <= width;
    }

    String header() {
        String[] headers = new String[columns.size()];
        for (int c = 0; c < headers.length; c++) {
            headers[c] = columns.get(c).header();
        }
        return String.join("\n", lines(headers));
    }

    List<String> lines(String[] cells) {
        RowLines row = new RowLines(width);
        int x = 0;
        for (int c = 0; c < cells.length; c++) {
            if (columns.get(c).kind() == Kind.CUT) {
                row.add(DisplayWidth.truncate(cells[c], widths[c]), x, widths[c]);
            } else if (columns.get(c).kind() == Kind.CUT_IN_THE_MIDDLE) {
                row.add(LineFit.middle(cells[c], widths[c]), x, widths[c]);
            } else {
                row.add(cells[c], x, widths[c]);
            }
            x += widths[c] + GAP.length();
        }
        return row.lines();
    }

    /**
     * An id too wide for its line goes on lines shared with nothing, so one screen line copies it
     * whole; only the row that needs it takes more lines. Without a width (not a terminal): one line
     * a row, for grep.
     */
    private static final class RowLines {

        /** The end of a line that takes no other cell. */
        private static final int TAKEN = Integer.MAX_VALUE - GAP.length();

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
                place(0, lines.isEmpty() ? x : Math.max(x, ends.get(0) + GAP.length()), cell);
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
                if (ends.get(i) == 0 || ends.get(i) + GAP.length() <= x) {
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
}
