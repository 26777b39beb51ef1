package dev.userlookup.output;

import dev.userlookup.terminal.DisplayWidth;
import java.util.List;

/**
 * Column widths that fit a terminal: each column starts at its widest cell, and while the row is
 * too wide the widest column of the most expendable rank gives up a column, never below its
 * minimum. Cells are cut with an ellipsis, except in a column that is never cut (ids people
 * copy): a longer cell there pushes the rest of its row instead.
 */
final class TableLayout {

    static final String GAP = "  ";

    /**
     * A column: its header, the narrowest it may get, its rank (lower ranks shrink first), and
     * whether its cells may be cut at all.
     */
    record Column(String header, int min, int rank, boolean cut) {

        Column(String header, int min, int rank) {
            this(header, min, rank, true);
        }

        /** A column whose cells are never cut: it keeps the width of its widest cell. */
        static Column whole(String header) {
            return new Column(header, Integer.MAX_VALUE, Integer.MAX_VALUE, false);
        }
    }

    private final List<Column> columns;
    private final int[] widths;

    private TableLayout(List<Column> columns, int[] widths) {
        this.columns = columns;
        this.widths = widths;
    }

    /** @param width terminal columns, or 0 for no limit */
    static TableLayout fit(List<Column> columns, List<String[]> rows, int width) {
        int[] widths = new int[columns.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = DisplayWidth.of(columns.get(c).header());
        }
        for (String[] row : rows) {
            for (int c = 0; c < widths.length; c++) {
                widths[c] = Math.max(widths[c], DisplayWidth.of(row[c]));
            }
        }
        if (width > 0) {
            int excess = total(widths) - width;
            while (excess > 0) {
                int victim = widestOfLowestRank(columns, widths);
                if (victim < 0) {
                    break; // everything is at its minimum: let the terminal wrap
                }
                widths[victim]--;
                excess--;
            }
        }
        return new TableLayout(columns, widths);
    }

    private static int total(int[] widths) {
        int sum = GAP.length() * (widths.length - 1);
        for (int w : widths) {
            sum += w;
        }
        return sum;
    }

    private static int widestOfLowestRank(List<Column> columns, int[] widths) {
        int chosen = -1;
        for (int c = 0; c < widths.length; c++) {
            Column column = columns.get(c);
            if (widths[c] <= column.min()) {
                continue;
            }
            if (chosen < 0 || column.rank() < columns.get(chosen).rank()
                    || (column.rank() == columns.get(chosen).rank() && widths[c] > widths[chosen])) {
                chosen = c;
            }
        }
        return chosen;
    }

    String header() {
        String[] headers = new String[columns.size()];
        for (int c = 0; c < headers.length; c++) {
            headers[c] = columns.get(c).header();
        }
        return line(headers);
    }

    /** One row, cut and padded; the last column is not padded (no trailing blanks). */
    String line(String[] cells) {
        StringBuilder out = new StringBuilder();
        for (int c = 0; c < cells.length; c++) {
            String cell = columns.get(c).cut() ? DisplayWidth.truncate(cells[c], widths[c]) : cells[c];
            if (c > 0) {
                out.append(GAP);
            }
            out.append(c == cells.length - 1 ? cell : DisplayWidth.pad(cell, widths[c]));
        }
        return out.toString();
    }

    /** Columns a full row takes. */
    int totalWidth() {
        return total(widths);
    }
}
