package dev.userlookup.output.table;

import dev.userlookup.model.UserRecord;
import dev.userlookup.model.UserField;
import dev.userlookup.console.DisplayWidth;
import dev.userlookup.console.LineFit;
import dev.userlookup.console.Style;
import java.io.IOException;
import java.io.Writer;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The ids are never cut (people copy them): one too long goes whole on lines of its own. A
 * provenance too wide moves to the next line before any text is cut.
 */
final class UserCard {

    private record Field(String label, String value, String detail, String shortDetail, boolean cut) {

        Field(String label, String value, boolean cut) {
            this(label, value, null, null, cut);
        }
    }

    private final Style style;
    private final int width;
    private final UnaryOperator<String> redact;
    /** Where {@code --fields} chose none: the ids people copy first. */
    private static final List<UserField> LINES = Stream.concat(Stream.of(UserField.USER_ID, UserField.CLIENT_USER_ID),
            UserField.all().stream().filter(field -> field != UserField.USER_ID && field != UserField.CLIENT_USER_ID)).toList();
    private final List<UserField> chosen;

    UserCard(Style style, int width, UnaryOperator<String> redact, List<UserField> chosen) {
        this.style = style;
        this.width = width;
        this.redact = redact;
        this.chosen = chosen == null ? LINES : chosen;
    }

    private static Field line(UserField field, UserRecord user) {
        String label = field.label();
        return switch (field.shows()) {
            case ID -> new Field(label, user.text(field), false);
            case TEXT -> new Field(label, user.text(field), true);
            case TIME -> new Field(label, UserCells.seconds(user.time(field.key(), user.text(field))), true);
            case TEXT_WITH_PROVENANCE, DATE_WITH_PROVENANCE -> provenanced(field, user);
            case DATE_RANGE -> new Field(label, range(field, user), true);
            case SLUGS -> null;
        };
    }

    void write(UserRecord user, Writer out) throws IOException {
        // Every field is read, chosen or not: a value that does not read fails the card either way.
        Map<UserField, Field> lines = new EnumMap<>(UserField.class);
        UserField.all().forEach(field -> lines.put(field, line(field, user)));
        List<String[]> sources = sourceRows(user);
        List<Field> fields = new ArrayList<>();
        Set<String> ranges = new HashSet<>();
        for (UserField field : chosen) {
            Field line = lines.get(field);
            // Both ends of a range are one line, shown where the first of them is chosen.
            if (line != null && (field.shows() != UserField.Shows.DATE_RANGE || ranges.add(field.label()))) {
                fields.add(line);
            }
        }
        int labelWidth = fields.stream().mapToInt(field -> field.label().length()).max().orElse(0);
        int room = width > 0 ? Math.max(1, width - labelWidth - TableLayout.GAP.length()) : 0;
        String continuation = " ".repeat(labelWidth + TableLayout.GAP.length());
        for (Field field : fields) {
            String label = style.bold(String.format("%-" + labelWidth + "s", field.label())) + TableLayout.GAP;
            if (field.value() == null || field.value().isEmpty()) {
                out.write(label + style.dim(UserCells.NONE) + "\n");
                continue;
            }
            String value = UserCells.shown(field.value(), redact);
            String detail = field.detail() == null ? null : "(" + UserCells.shown(field.detail(), redact) + ")";
            String whole = detail == null ? value : value + " " + detail;
            if (room == 0 || DisplayWidth.of(whole) <= room) {
                out.write(label + whole + "\n");
                continue;
            }
            if (field.cut()) {
                out.write(label + DisplayWidth.truncate(value, room) + "\n");
            } else {
                // An id too long for the line: the label alone, the id whole on lines of its own under the values.
                out.write(style.bold(field.label()) + "\n");
                for (String line : LineFit.whole(value, continuation.length(), width)) {
                    out.write(line + "\n");
                }
            }
            if (detail != null) {
                String shorter = DisplayWidth.of(detail) <= room ? detail : "(" + UserCells.shown(field.shortDetail(), redact) + ")";
                out.write(continuation + style.dim(DisplayWidth.truncate(shorter, room)) + "\n");
            }
        }
        if (chosen.contains(UserField.CONNECTED_SOURCES)) {
            // Sources are a table of their own: after the lines, wherever they were chosen.
            writeSources(sources, !fields.isEmpty(), out);
        }
        out.flush();
    }

    private static Field provenanced(UserField field, UserRecord user) {
        UserRecord.Nested nested = user.nested(field);
        if (nested == null) {
            return new Field(field.label(), null, true);
        }
        String value = nested.value();
        if (field.shows() == UserField.Shows.DATE_WITH_PROVENANCE) {
            LocalDate date = user.date(field.key() + "." + field.rowMember(), value);
            value = date == null ? null : date.toString();
        }
        OffsetDateTime updatedAt = user.time(field.key() + ".updated_at", nested.updatedAt());
        return new Field(field.label(), value, provenance(nested.sourceSlug(), updatedAt, false),
                provenance(nested.sourceSlug(), updatedAt, true), true);
    }

    private static String provenance(String sourceSlug, OffsetDateTime updatedAt, boolean dateOnly) {
        List<String> parts = new ArrayList<>();
        if (sourceSlug != null) {
            parts.add("from " + sourceSlug);
        }
        if (updatedAt != null) {
            parts.add("updated " + (dateOnly ? updatedAt.toLocalDate().toString() : UserCells.seconds(updatedAt)));
        }
        return parts.isEmpty() ? null : String.join(", ", parts);
    }

    /** An open end is said, not drawn as an ellipsis that reads as cut text. */
    private static String range(UserField field, UserRecord user) {
        List<UserField> ends = UserField.all().stream()
                .filter(end -> end.shows() == UserField.Shows.DATE_RANGE && end.label().equals(field.label())).toList();
        LocalDate start = user.date(ends.get(0).key(), user.text(ends.get(0)));
        LocalDate end = user.date(ends.get(ends.size() - 1).key(), user.text(ends.get(ends.size() - 1)));
        if (start == null && end == null) {
            return null;
        }
        if (end == null) {
            return "from " + start + ", no end set";
        }
        if (start == null) {
            return "until " + end + ", no start set";
        }
        return start + " to " + end;
    }

    private List<String[]> sourceRows(UserRecord user) {
        return user.sources().stream().map(connected -> new String[] {
            UserCells.cell(connected.slug(), redact),
            UserCells.cell(connected.name(), redact),
            UserCells.cell(UserCells.seconds(user.time("connected_sources[" + connected.index() + "].created_on", connected.createdOn())), redact),
        }).toList();
    }

    private void writeSources(List<String[]> rows, boolean afterLines, Writer out) throws IOException {
        out.write((afterLines ? "\n" : "") + style.bold(UserField.CONNECTED_SOURCES.label() + " (" + rows.size() + ")") + "\n");
        if (rows.isEmpty()) {
            out.write("  " + style.dim("none connected") + "\n");
            return;
        }
        List<TableLayout.Column> all = List.of(
                new TableLayout.Column("SLUG", 6, 1),
                new TableLayout.Column("NAME", 6, 1),
                TableLayout.Column.whole("CONNECTED"));
        int room = width > 2 ? width - 2 : 0;
        for (int shown = all.size(); shown >= 1; shown--) {
            int columns = shown;
            List<String[]> cut = rows.stream().map(row -> Arrays.copyOf(row, columns)).toList();
            TableLayout layout = TableLayout.fit(all.subList(0, shown), cut, room);
            if (layout.fits() || shown == 1) {
                out.write("  " + style.bold(layout.header()) + "\n");
                for (String[] row : cut) {
                    for (String line : layout.lines(row)) {
                        out.write("  " + line + "\n");
                    }
                }
                return;
            }
        }
    }
}
