package dev.userlookup.output.table;

import dev.userlookup.model.UserField;
import dev.userlookup.model.UserRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * The ids are never cut (people copy them); the other columns give way, the last chosen first,
 * so that nothing printed on a terminal wraps.
 */
final class ChosenColumns {

    private static final int LEAST = 6;

    private ChosenColumns() {
    }

    /** Ids go on lines of their own only when dropping every other column has not let them share one. */
    static ShownColumns fit(List<UserField> fields, List<String[]> sample, int width) {
        TableLayout last = null;
        List<Integer> kept = null;
        for (boolean ownLines : new boolean[] {false, true}) {
            kept = new ArrayList<>();
            for (int i = 0; i < fields.size(); i++) {
                kept.add(i);
            }
            while (true) {
                last = TableLayout.fit(columns(fields, kept, ownLines), ShownColumns.pick(sample, indexes(kept)), width);
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

    private static List<TableLayout.Column> columns(List<UserField> fields, List<Integer> kept, boolean idsOnOwnLines) {
        List<TableLayout.Column> columns = new ArrayList<>(kept.size());
        for (int i : kept) {
            UserField field = fields.get(i);
            String header = header(field);
            if (field.shows() == UserField.Shows.ID) {
                columns.add(idsOnOwnLines ? TableLayout.Column.idOnItsOwnLines(header) : TableLayout.Column.id(header));
            } else {
                // Never narrower than its header: a column whose name is cut is not worth its room.
                columns.add(new TableLayout.Column(header, Math.max(LEAST, header.length()), fields.size() - i));
            }
        }
        return columns;
    }

    static String header(UserField field) {
        return switch (field.shows()) {
            case TIME -> ListColumns.header(field) + " (UTC)";
            case DATE_RANGE -> field.csvColumn().replace('_', ' ').toUpperCase(Locale.ROOT);
            default -> ListColumns.header(field);
        };
    }

    static String[] cells(List<UserField> fields, UserRecord record, UnaryOperator<String> redact) {
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
