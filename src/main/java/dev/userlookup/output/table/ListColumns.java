package dev.userlookup.output.table;

import dev.userlookup.model.UserField;
import dev.userlookup.model.UserRecord;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * The columns of a list table. People copy the ids into tickets, so from {@link #IDS_WHOLE_FROM}
 * columns up they are never cut; the other columns give way whole, the least needed first. Below
 * that the user id is cut first: its prefix still tells users apart. Columns chosen with
 * {@code --fields}: the ids are never cut; the other columns give way, the last chosen first.
 */
final class ListColumns {

    static final int IDS_WHOLE_FROM = 60;

    /** The narrowest a chosen column that is not an id gets. */
    private static final int LEAST = 6;

    private static final int USER_ID_CELL = 0;
    private static final int CLIENT_USER_ID_CELL = 1;

    private enum Extra {
        MINUTES(TableLayout.Column.whole(header(UserField.CREATED_ON) + " (UTC)")),
        DATE(TableLayout.Column.whole(header(UserField.CREATED_ON))),
        SOURCES(new TableLayout.Column(header(UserField.CONNECTED_SOURCES), 12, 1)),
        TIME_ZONE(TableLayout.Column.whole(header(UserField.FALLBACK_TIME_ZONE)));

        final TableLayout.Column column;

        Extra(TableLayout.Column column) {
            this.column = column;
        }

        int cell() {
            return 2 + ordinal();
        }
    }

    /** {@code fields} null: the default columns. */
    static String[] cells(List<UserField> fields, UserRecord record, UnaryOperator<String> redact) {
        return fields == null ? defaultCells(record, redact) : chosenCells(fields, record, redact);
    }

    static ShownColumns fit(List<UserField> fields, List<String[]> sample, int width) {
        return fields == null ? fitDefault(sample, width) : fitChosen(fields, sample, width);
    }

    private static String[] defaultCells(UserRecord record, UnaryOperator<String> redact) {
        OffsetDateTime createdOn = record.createdOn();
        List<String> sources = record.sourceSlugs();
        String[] cells = new String[2 + Extra.values().length];
        cells[USER_ID_CELL] = UserCells.cell(record.userId(), redact);
        cells[CLIENT_USER_ID_CELL] = UserCells.cell(record.clientUserId(), redact);
        cells[Extra.MINUTES.cell()] = UserCells.cell(UserCells.minutesUtc(createdOn), redact);
        cells[Extra.DATE.cell()] = UserCells.cell(UserCells.dateUtc(createdOn), redact);
        cells[Extra.SOURCES.cell()] = UserCells.cell(sources.isEmpty() ? null : String.join(", ", sources), redact);
        cells[Extra.TIME_ZONE.cell()] = UserCells.cell(record.text(UserField.FALLBACK_TIME_ZONE), redact);
        return cells;
    }

    private static final List<List<Extra>> SHAPES = List.of(
            List.of(Extra.MINUTES, Extra.SOURCES, Extra.TIME_ZONE),
            List.of(Extra.DATE, Extra.SOURCES, Extra.TIME_ZONE),
            List.of(Extra.MINUTES, Extra.SOURCES),
            List.of(Extra.DATE, Extra.SOURCES),
            List.of(Extra.MINUTES),
            List.of(Extra.DATE),
            List.of());

    private static final int[] IDS = {USER_ID_CELL, CLIENT_USER_ID_CELL};
    private static final String USER_ID = header(UserField.USER_ID);
    private static final String CLIENT_USER_ID = header(UserField.CLIENT_USER_ID);

    private static String header(UserField field) {
        return field.label().toUpperCase(Locale.ROOT);
    }

    private enum Ids {
        TYPICAL(TableLayout.Column.id(USER_ID), TableLayout.Column.id(CLIENT_USER_ID)),
        CLIENT_ID_ON_ITS_OWN_LINES(TableLayout.Column.id(USER_ID), TableLayout.Column.idOnItsOwnLines(CLIENT_USER_ID)),
        /** Not even the user id fits: it too takes lines of its own. */
        BOTH_ON_THEIR_OWN_LINES(TableLayout.Column.idOnItsOwnLines(USER_ID), TableLayout.Column.idOnItsOwnLines(CLIENT_USER_ID)),
        /** Narrower than the ids themselves: cut to share one line. */
        CUT(new TableLayout.Column(USER_ID, 9, 3), new TableLayout.Column(CLIENT_USER_ID, 14, 4));

        final List<TableLayout.Column> columns;

        Ids(TableLayout.Column... columns) {
            this.columns = List.of(columns);
        }
    }

    private ListColumns() {
    }

    private static ShownColumns fitDefault(List<String[]> sample, int width) {
        List<Ids> tries = width >= IDS_WHOLE_FROM || width == 0
                ? List.of(Ids.TYPICAL, Ids.CLIENT_ID_ON_ITS_OWN_LINES) : List.of(Ids.TYPICAL);
        for (Ids ids : tries) {
            for (List<Extra> shape : SHAPES) {
                int[] shown = shown(shape);
                TableLayout layout = TableLayout.fit(columns(ids, shape), ShownColumns.pick(sample, shown), width);
                if (layout.fits()) {
                    return new ShownColumns(shown, layout);
                }
            }
        }
        Ids last = width >= IDS_WHOLE_FROM ? Ids.BOTH_ON_THEIR_OWN_LINES : Ids.CUT;
        return new ShownColumns(IDS, TableLayout.fit(last.columns, ShownColumns.pick(sample, IDS), width));
    }

    private static List<TableLayout.Column> columns(Ids ids, List<Extra> shape) {
        List<TableLayout.Column> columns = new ArrayList<>(ids.columns);
        for (Extra extra : shape) {
            columns.add(extra.column);
        }
        return columns;
    }

    private static int[] shown(List<Extra> shape) {
        int[] shown = new int[2 + shape.size()];
        shown[0] = USER_ID_CELL;
        shown[1] = CLIENT_USER_ID_CELL;
        for (int i = 0; i < shape.size(); i++) {
            shown[2 + i] = shape.get(i).cell();
        }
        return shown;
    }

    /** Ids go on lines of their own only when dropping every other column has not let them share one. */
    private static ShownColumns fitChosen(List<UserField> fields, List<String[]> sample, int width) {
        TableLayout last = null;
        List<Integer> kept = null;
        for (boolean ownLines : new boolean[] {false, true}) {
            kept = new ArrayList<>();
            for (int i = 0; i < fields.size(); i++) {
                kept.add(i);
            }
            while (true) {
                last = TableLayout.fit(chosenColumns(fields, kept, ownLines), ShownColumns.pick(sample, indexes(kept)), width);
                if (last.fits()) {
                    return new ShownColumns(indexes(kept), last);
                }
                int drop = lastNotId(fields, kept);
                if (drop < 0) {
                    break;
                }
                kept.remove(drop);
            }
        }
        return new ShownColumns(indexes(kept), last);
    }

    private static int lastNotId(List<UserField> fields, List<Integer> kept) {
        for (int i = kept.size() - 1; i >= 0; i--) {
            if (fields.get(kept.get(i)).shows() != UserField.Shows.ID) {
                return i;
            }
        }
        return -1;
    }

    private static int[] indexes(List<Integer> kept) {
        return kept.stream().mapToInt(Integer::intValue).toArray();
    }

    private static List<TableLayout.Column> chosenColumns(List<UserField> fields, List<Integer> kept, boolean idsOnOwnLines) {
        List<TableLayout.Column> columns = new ArrayList<>(kept.size());
        for (int i : kept) {
            UserField field = fields.get(i);
            String header = chosenHeader(field);
            if (field.shows() == UserField.Shows.ID) {
                columns.add(idsOnOwnLines ? TableLayout.Column.idOnItsOwnLines(header) : TableLayout.Column.id(header));
            } else {
                // Never narrower than its header: a column whose name is cut is not worth its room.
                columns.add(new TableLayout.Column(header, Math.max(LEAST, header.length()), fields.size() - i));
            }
        }
        return columns;
    }

    private static String chosenHeader(UserField field) {
        return switch (field.shows()) {
            case TIME -> header(field) + " (UTC)";
            case DATE_RANGE -> field.csvColumn().replace('_', ' ').toUpperCase(Locale.ROOT);
            default -> header(field);
        };
    }

    private static String[] chosenCells(List<UserField> fields, UserRecord record, UnaryOperator<String> redact) {
        String[] cells = new String[fields.size()];
        for (int i = 0; i < cells.length; i++) {
            UserField field = fields.get(i);
            String text = switch (field.shows()) {
                case TIME -> UserCells.minutesUtc(record.time(field.key(), record.text(field)));
                case SLUGS -> record.sourceSlugs().isEmpty() ? null : String.join(", ", record.sourceSlugs());
                default -> record.text(field);
            };
            cells[i] = UserCells.cell(text, redact);
        }
        return cells;
    }
}
