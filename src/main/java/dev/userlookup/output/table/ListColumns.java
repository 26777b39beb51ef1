package dev.userlookup.output.table;

import dev.userlookup.model.UserField;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The list table's columns for a terminal width. People copy the ids into tickets, so from
 * {@link #IDS_WHOLE_FROM} columns up the user id and client user id are never cut. The id
 * columns are sized for the typical id: a rare longer one takes a second line for its own row
 * (see {@link TableLayout#lines}) instead of pushing columns off every row. The other columns
 * give way whole, the least needed first: the time zone, then the sources, then the date; the
 * creation time shortens to its date whenever that lets one more of them stay. Where even the
 * typical ids cannot share a line, the client user id takes lines of its own in every row and
 * the rest of the row keeps what fits. Only below that width are the ids cut, the user id first
 * (its prefix still tells users apart).
 */
final class ListColumns implements RowLayout<ListColumns.Cells> {

    static final int IDS_WHOLE_FROM = 60;

    /** The cells of one user, every column the table can show. */
    record Cells(String userId, String clientUserId, String createdMinutes, String createdDate, String sources, String timeZone) {
    }

    /** A column after the ids, and its cell. */
    private enum Extra {
        MINUTES(TableLayout.Column.whole(header(UserField.CREATED_ON) + " (UTC)"), Cells::createdMinutes),
        DATE(TableLayout.Column.whole(header(UserField.CREATED_ON)), Cells::createdDate),
        SOURCES(new TableLayout.Column(header(UserField.CONNECTED_SOURCES), 12, 1), Cells::sources),
        TIME_ZONE(TableLayout.Column.whole(header(UserField.FALLBACK_TIME_ZONE)), Cells::timeZone);

        final TableLayout.Column column;
        final Function<Cells, String> cell;

        Extra(TableLayout.Column column, Function<Cells, String> cell) {
            this.column = column;
            this.cell = cell;
        }
    }

    /** What may follow the ids, the richest first. */
    private static final List<List<Extra>> SHAPES = List.of(
            List.of(Extra.MINUTES, Extra.SOURCES, Extra.TIME_ZONE),
            List.of(Extra.DATE, Extra.SOURCES, Extra.TIME_ZONE),
            List.of(Extra.MINUTES, Extra.SOURCES),
            List.of(Extra.DATE, Extra.SOURCES),
            List.of(Extra.MINUTES),
            List.of(Extra.DATE),
            List.of());

    private static final String USER_ID = header(UserField.USER_ID);
    private static final String CLIENT_USER_ID = header(UserField.CLIENT_USER_ID);

    /** A field's column: its label in capitals. */
    static String header(UserField field) {
        return field.label().toUpperCase(Locale.ROOT);
    }

    /** How the id columns may give way. */
    private enum Ids {
        /** Sized for the typical id. */
        TYPICAL,
        /** The client user id on lines of its own in any row. */
        CLIENT_ID_ON_ITS_OWN_LINES,
        /** Cut to share one line (below {@link #IDS_WHOLE_FROM}). */
        CUT;

        List<TableLayout.Column> columns() {
            switch (this) {
                case TYPICAL:
                    return List.of(TableLayout.Column.id(USER_ID), TableLayout.Column.id(CLIENT_USER_ID));
                case CLIENT_ID_ON_ITS_OWN_LINES:
                    return List.of(TableLayout.Column.id(USER_ID), TableLayout.Column.idOnItsOwnLines(CLIENT_USER_ID));
                default:
                    return List.of(new TableLayout.Column(USER_ID, 9, 3), new TableLayout.Column(CLIENT_USER_ID, 14, 4));
            }
        }
    }

    private final List<Extra> shape;
    private final TableLayout layout;

    private ListColumns(List<Extra> shape, TableLayout layout) {
        this.shape = shape;
        this.layout = layout;
    }

    /**
     * The richest shape whose typical rows of {@code sample} fit {@code width}; every column when
     * the width is 0 (not a terminal).
     */
    static ListColumns fit(List<Cells> sample, int width) {
        List<Ids> tries = width >= IDS_WHOLE_FROM || width == 0
                ? List.of(Ids.TYPICAL, Ids.CLIENT_ID_ON_ITS_OWN_LINES) : List.of(Ids.TYPICAL);
        for (Ids ids : tries) {
            for (List<Extra> shape : SHAPES) {
                TableLayout layout = TableLayout.fit(columns(ids, shape), rows(shape, sample), width);
                if (layout.fits()) {
                    return new ListColumns(shape, layout);
                }
            }
        }
        if (width >= IDS_WHOLE_FROM) {
            // Not even the user id fits: it too takes lines of its own.
            List<TableLayout.Column> loose = List.of(TableLayout.Column.idOnItsOwnLines(USER_ID),
                    TableLayout.Column.idOnItsOwnLines(CLIENT_USER_ID));
            return new ListColumns(List.of(), TableLayout.fit(loose, rows(List.of(), sample), width));
        }
        // Narrower than the ids themselves: cut them to share one line.
        return new ListColumns(List.of(), TableLayout.fit(Ids.CUT.columns(), rows(List.of(), sample), width));
    }

    private static List<TableLayout.Column> columns(Ids ids, List<Extra> shape) {
        List<TableLayout.Column> columns = new ArrayList<>(ids.columns());
        for (Extra extra : shape) {
            columns.add(extra.column);
        }
        return columns;
    }

    private static String[] row(List<Extra> shape, Cells cells) {
        String[] row = new String[2 + shape.size()];
        row[0] = cells.userId();
        row[1] = cells.clientUserId();
        for (int i = 0; i < shape.size(); i++) {
            row[2 + i] = shape.get(i).cell.apply(cells);
        }
        return row;
    }

    private static List<String[]> rows(List<Extra> shape, List<Cells> sample) {
        List<String[]> rows = new ArrayList<>(sample.size());
        for (Cells cells : sample) {
            rows.add(row(shape, cells));
        }
        return rows;
    }

    @Override
    public String header() {
        return layout.header();
    }

    @Override
    public String line(Cells cells) {
        return String.join("\n", layout.lines(row(shape, cells)));
    }
}
