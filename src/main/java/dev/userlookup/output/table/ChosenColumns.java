package dev.userlookup.output.table;

import dev.userlookup.model.UserField;
import dev.userlookup.model.UserRecord;
import dev.userlookup.model.UserSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * The list table with the columns chosen by {@code --fields}, in the order given. The ids are
 * never cut: they are sized for the typical id, and where even that does not fit they take
 * lines of their own ({@link RowLines}). The other columns are cut first, the last chosen first,
 * and where even then the row does not fit they give way whole, the last chosen first: a table
 * is for people, and nothing printed on a terminal wraps.
 */
final class ChosenColumns implements RowLayout<String[]> {

    private static final int LEAST = 6;

    private final int shown;
    private final TableLayout layout;

    private ChosenColumns(int shown, TableLayout layout) {
        this.shown = shown;
        this.layout = layout;
    }

    /** The columns of {@code fields} that fit {@code width} with {@code sample}'s rows (every one when the width is 0). */
    static ChosenColumns fit(List<UserField> fields, List<String[]> sample, int width) {
        List<UserField> kept = new ArrayList<>(fields);
        while (true) {
            for (boolean ownLines : new boolean[] {false, true}) {
                TableLayout layout = TableLayout.fit(columns(kept, ownLines), cut(sample, kept.size()), width);
                if (layout.fits()) {
                    return new ChosenColumns(kept.size(), layout);
                }
            }
            int last = lastNotId(kept);
            if (last < 0) {
                return new ChosenColumns(kept.size(), TableLayout.fit(columns(kept, true), cut(sample, kept.size()), width));
            }
            // Only the last columns can go: a row's cells stay in the order chosen.
            kept = new ArrayList<>(kept.subList(0, last));
        }
    }

    private static int lastNotId(List<UserField> kept) {
        for (int i = kept.size() - 1; i >= 0; i--) {
            if (kept.get(i).shows() != UserField.Shows.ID) {
                return i;
            }
        }
        return -1;
    }

    private static List<TableLayout.Column> columns(List<UserField> fields, boolean idsOnOwnLines) {
        List<TableLayout.Column> columns = new ArrayList<>(fields.size());
        for (int i = 0; i < fields.size(); i++) {
            UserField field = fields.get(i);
            String header = header(field);
            if (field.shows() == UserField.Shows.ID) {
                columns.add(idsOnOwnLines ? TableLayout.Column.idOnItsOwnLines(header) : TableLayout.Column.id(header));
            } else {
                columns.add(new TableLayout.Column(header, LEAST, fields.size() - i));
            }
        }
        return columns;
    }

    private static List<String[]> cut(List<String[]> rows, int shown) {
        List<String[]> cut = new ArrayList<>(rows.size());
        for (String[] row : rows) {
            cut.add(java.util.Arrays.copyOf(row, shown));
        }
        return cut;
    }

    /** A field's column: its label in capitals; the ends of the ingestion range each by name. */
    static String header(UserField field) {
        return switch (field.shows()) {
            case TIME -> ListColumns.header(field) + " (UTC)";
            case DATE_RANGE -> field.csvColumn().replace('_', ' ').toUpperCase(Locale.ROOT);
            default -> ListColumns.header(field);
        };
    }

    /** The user's cells for {@code fields}, as the list table shows each: the key out, escaped. */
    static String[] cells(List<UserField> fields, UserRecord record, UnaryOperator<String> keyOut) {
        UserSummary user = record.summary();
        String[] cells = new String[fields.size()];
        for (int i = 0; i < cells.length; i++) {
            UserField field = fields.get(i);
            String text = switch (field.shows()) {
                case TIME -> UserCells.minutesUtc(record.createdOn());
                case SLUGS -> user.sourceSlugs().isEmpty() ? null : String.join(", ", user.sourceSlugs());
                default -> user.text(field);
            };
            cells[i] = UserCells.cell(text, keyOut);
        }
        return cells;
    }

    @Override
    public String header() {
        return layout.header();
    }

    @Override
    public String line(String[] cells) {
        return String.join("\n", layout.lines(java.util.Arrays.copyOf(cells, shown)));
    }
}
