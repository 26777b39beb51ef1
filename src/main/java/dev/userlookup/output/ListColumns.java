package dev.userlookup.output;

import java.util.ArrayList;
import java.util.List;

/**
 * The list table's columns for a terminal width. People copy the ids into tickets, so from
 * {@link #IDS_WHOLE_FROM} columns up the user id and client user id are never cut; the other
 * columns give way whole, the least needed first: time zone, sources, the time of day (the
 * creation date stays), then the date. Ids too long to share a line go on two (stacked). Only
 * where even that cannot show them whole, below that width, are the ids cut, the user id first
 * (its prefix still tells users apart).
 */
final class ListColumns {

    static final int IDS_WHOLE_FROM = 60;

    /** The cells of one user, every column the table can show. */
    record Cells(String userId, String clientUserId, String createdMinutes, String createdDate, String sources, String timeZone) {
    }

    /** One way to show the rows: which columns, and how each user's cells fill them. */
    private enum Shape {
        FULL, NO_TIME_ZONE, IDS_AND_TIME, IDS_AND_DATE, IDS_ONLY,
        /** The user id on one line, the client user id indented on the next. */
        STACKED;

        List<TableLayout.Column> columns(boolean idsWhole) {
            List<TableLayout.Column> columns = new ArrayList<>();
            if (this == STACKED) {
                columns.add(TableLayout.Column.whole("USER ID"));
                return columns;
            }
            columns.add(idsWhole ? TableLayout.Column.whole("USER ID") : new TableLayout.Column("USER ID", 9, 3));
            columns.add(idsWhole ? TableLayout.Column.whole("CLIENT USER ID") : new TableLayout.Column("CLIENT USER ID", 14, 4));
            if (this == IDS_AND_DATE) {
                columns.add(TableLayout.Column.whole("CREATED"));
            } else if (this != IDS_ONLY) {
                columns.add(TableLayout.Column.whole("CREATED (UTC)"));
            }
            if (this == FULL || this == NO_TIME_ZONE) {
                columns.add(new TableLayout.Column("SOURCES", 12, 1));
            }
            if (this == FULL) {
                columns.add(TableLayout.Column.whole("TIME ZONE"));
            }
            return columns;
        }

        String[] row(Cells cells) {
            switch (this) {
                case FULL:
                    return new String[] {cells.userId(), cells.clientUserId(), cells.createdMinutes(), cells.sources(), cells.timeZone()};
                case NO_TIME_ZONE:
                    return new String[] {cells.userId(), cells.clientUserId(), cells.createdMinutes(), cells.sources()};
                case IDS_AND_TIME:
                    return new String[] {cells.userId(), cells.clientUserId(), cells.createdMinutes()};
                case IDS_AND_DATE:
                    return new String[] {cells.userId(), cells.clientUserId(), cells.createdDate()};
                case IDS_ONLY:
                    return new String[] {cells.userId(), cells.clientUserId()};
                default:
                    return new String[] {cells.userId()};
            }
        }
    }

    private final Shape shape;
    private final TableLayout layout;

    private ListColumns(Shape shape, TableLayout layout) {
        this.shape = shape;
        this.layout = layout;
    }

    /**
     * The richest shape whose rows of {@code sample} fit {@code width}; every column when the
     * width is 0 (not a terminal).
     */
    static ListColumns fit(List<Cells> sample, int width) {
        for (Shape shape : Shape.values()) {
            TableLayout layout = TableLayout.fit(shape.columns(true), rows(shape, sample), width);
            if (width == 0 || layout.totalWidth() <= width || (shape == Shape.STACKED && width >= IDS_WHOLE_FROM)) {
                return new ListColumns(shape, layout);
            }
        }
        // Narrower than the ids themselves: cut them to share one line.
        return new ListColumns(Shape.IDS_ONLY, TableLayout.fit(Shape.IDS_ONLY.columns(false), rows(Shape.IDS_ONLY, sample), width));
    }

    private static List<String[]> rows(Shape shape, List<Cells> sample) {
        List<String[]> rows = new ArrayList<>(sample.size());
        for (Cells cells : sample) {
            rows.add(shape.row(cells));
        }
        return rows;
    }

    private static final String STACK_INDENT = "  ";

    String header() {
        return layout.header() + (shape == Shape.STACKED ? "\n" + STACK_INDENT + "CLIENT USER ID" : "");
    }

    /** The user's row: one line, or two when stacked. */
    String line(Cells cells) {
        String line = layout.line(shape.row(cells));
        return shape == Shape.STACKED ? line + "\n" + STACK_INDENT + cells.clientUserId() : line;
    }
}
