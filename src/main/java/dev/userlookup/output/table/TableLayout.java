package dev.userlookup.output.table;

import dev.userlookup.console.DisplayWidth;
import dev.userlookup.console.LineFit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Column widths that fit a terminal, and rows laid out in them. Each column starts at its widest
 * cell; while the row is too wide, the widest column of the most expendable rank gives up a
 * column, never below its minimum, and then an id column narrows to its typical cell: a rare
 * longer id (an outlier) is not allowed to push every other column off the screen. Cells are
 * cut with an ellipsis, except in columns that are never cut (ids people copy): a longer cell
 * there takes more lines for its own row only ({@link RowLines}).
 */
final class TableLayout {

    static final String GAP = "  ";

    /** How a column treats a cell wider than itself. */
    enum Kind {
        /** Cut with an ellipsis; the column may narrow down to its minimum. */
        CUT,
        /** As {@link #CUT}, but cut in the middle, so a path keeps its last part ({@link LineFit#middle}). */
        CUT_IN_THE_MIDDLE,
        /** Never cut; the column is as wide as its widest cell. */
        WHOLE,
        /**
         * Never cut; the column may narrow to its typical cell (or, with a minimum, down to
         * that), and a longer cell takes more lines of its row.
         */
        ID;

        boolean cuts() {
            return this == CUT || this == CUT_IN_THE_MIDDLE;
        }
    }

    /** A column: its header, the narrowest it may get, its rank (lower ranks shrink first), and its kind. */
    record Column(String header, int min, int rank, Kind kind) {

        /** The minimum of an {@link Kind#ID} column that narrows only as far as its typical cell. */
        static final int TYPICAL = -1;

        Column(String header, int min, int rank) {
            this(header, min, rank, Kind.CUT);
        }

        /** Paths: cut in the middle, keeping the last part. */
        static Column cutInTheMiddle(String header, int min, int rank) {
            return new Column(header, min, rank, Kind.CUT_IN_THE_MIDDLE);
        }

        /** A column whose cells are never cut: it keeps the width of its widest cell. */
        static Column whole(String header) {
            return new Column(header, Integer.MAX_VALUE, Integer.MAX_VALUE, Kind.WHOLE);
        }

        /** Ids: never cut, sized for the typical id; a longer one takes more lines of its row. */
        static Column id(String header) {
            return new Column(header, TYPICAL, Integer.MAX_VALUE, Kind.ID);
        }

        /** Ids too long to share a line at all: every row may take more lines for them. */
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

    /** @param width terminal columns, or 0 for no limit */
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
            widths[c] = Math.max(header, rows.isEmpty() ? 0 : cellWidths[c][rows.size() - 1]);
            floors[c] = floor(columns.get(c), header, cellWidths[c], widths[c]);
        }
        int[] natural = widths.clone();
        if (width > 0) {
            int excess = total(widths) - width;
            while (excess > 0) {
                int victim = widestOfLowestRank(columns, widths, floors);
                if (victim < 0) {
                    break;
                }
                widths[victim]--;
                excess--;
            }
            while (excess > 0) {
                int victim = widestId(columns, widths, floors);
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

    /**
     * The widest cell that is not an outlier: outliers are the widest tenth of the cells (rounded
     * down: none among fewer than ten) and any more than twice as wide as the (lower) median cell.
     * Where there is only one cell, or all are alike, that is the widest cell.
     */
    private static int typical(int header, int[] sortedCells) {
        int n = sortedCells.length;
        if (n == 0) {
            return header;
        }
        int bound = 2 * sortedCells[(n - 1) / 2];
        int typical = header;
        for (int r = 0; r < n - n / 10; r++) {
            if (sortedCells[r] <= bound) {
                typical = Math.max(typical, sortedCells[r]);
            }
        }
        return typical;
    }

    /** The widest cell narrower than {@code width}, or 0. */
    private static int widestBelow(int[] sortedCells, int width) {
        for (int r = sortedCells.length - 1; r >= 0; r--) {
            if (sortedCells[r] < width) {
                return sortedCells[r];
            }
        }
        return 0;
    }

    /** Room left over after an id column narrowed goes back to the cut columns, the most needed first. */
    private static void giveBack(int room, List<Column> columns, int[] widths, int[] natural) {
        List<Integer> cut = new ArrayList<>();
        for (int c = 0; c < widths.length; c++) {
            if (columns.get(c).kind().cuts()) {
                cut.add(c);
            }
        }
        cut.sort((a, b) -> Integer.compare(columns.get(b).rank(), columns.get(a).rank()));
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

    private static int widestOfLowestRank(List<Column> columns, int[] widths, int[] floors) {
        int chosen = -1;
        for (int c = 0; c < widths.length; c++) {
            Column column = columns.get(c);
            if (!column.kind().cuts() || widths[c] <= floors[c]) {
                continue;
            }
            if (chosen < 0 || column.rank() < columns.get(chosen).rank()
                    || (column.rank() == columns.get(chosen).rank() && widths[c] > widths[chosen])) {
                chosen = c;
            }
        }
        return chosen;
    }

    private static int widestId(List<Column> columns, int[] widths, int[] floors) {
        int chosen = -1;
        for (int c = 0; c < widths.length; c++) {
            if (columns.get(c).kind() == Kind.ID && widths[c] > floors[c] && (chosen < 0 || widths[c] > widths[chosen])) {
                chosen = c;
            }
        }
        return chosen;
    }

    /** Whether a row of typical cells fits the width (always, without a width). */
    boolean fits() {
        return width <= 0 || totalWidth() <= width;
    }

    String header() {
        String[] headers = new String[columns.size()];
        for (int c = 0; c < headers.length; c++) {
            headers[c] = columns.get(c).header();
        }
        return String.join("\n", lines(headers));
    }

    /** One row as screen lines, none wider than the width: see {@link RowLines}. */
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

    /** Columns a full row of typical cells takes. */
    int totalWidth() {
        return total(widths);
    }
}
