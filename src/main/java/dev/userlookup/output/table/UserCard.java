package dev.userlookup.output.table;

import dev.userlookup.model.User;
import dev.userlookup.model.UserField;
import dev.userlookup.console.DisplayWidth;
import dev.userlookup.console.LineFit;
import dev.userlookup.console.Style;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * One resolved user for people: its fields one a line, then its sources, fitted to the terminal.
 * The ids are never cut: one too long for its line goes whole on a line of its own, as near
 * under the values as it fits (on more only where it is wider than the terminal). Where a field
 * with its provenance ("from oura, updated ...") is too wide, the provenance moves to the next
 * line, and only then is text cut.
 */
final class UserCard {

    private static final String NONE = UserCells.NONE;
    private static final String GAP = "  ";

    /**
     * A line of the card: its label, the value, and what may go on a line of its own (in a short
     * form too, for a narrow terminal).
     */
    private record Field(String label, String value, String detail, String shortDetail, boolean cut) {

        Field(String label, String value, boolean cut) {
            this(label, value, null, null, cut);
        }
    }

    private final Style style;
    private final int width;
    private final UnaryOperator<String> redact;
    /** The card's own choice and order of fields, where {@code --fields} chose none. */
    private static final List<UserField> LINES = List.of(UserField.USER_ID, UserField.CLIENT_USER_ID, UserField.TEAM_ID,
            UserField.CREATED_ON, UserField.FALLBACK_TIME_ZONE, UserField.FALLBACK_BIRTH_DATE, UserField.INGESTION_START,
            UserField.CONNECTED_SOURCES);
    private final List<UserField> chosen;

    /** @param chosen the fields chosen with --fields, in their order, or null for the card's own */
    UserCard(Style style, int width, UnaryOperator<String> redact, List<UserField> chosen) {
        this.style = style;
        this.width = width;
        this.redact = redact;
        this.chosen = chosen == null ? LINES : chosen;
    }

    /** A field's line; both ends of the ingestion range are one line, shown where the first of them is chosen. */
    private static Field line(UserField field, User user) {
        return switch (field) {
            case USER_ID -> new Field(field.label(), user.userId(), false);
            case CLIENT_USER_ID -> new Field(field.label(), user.clientUserId(), false);
            case TEAM_ID -> new Field(field.label(), user.teamId(), false);
            case CREATED_ON -> new Field(field.label(), UserCells.seconds(user.createdOn()), true);
            case FALLBACK_TIME_ZONE -> timeZone(user);
            case FALLBACK_BIRTH_DATE -> birthDate(user);
            case INGESTION_START, INGESTION_END -> new Field(field.label(), ingestion(user), true);
            case CONNECTED_SOURCES -> null;
        };
    }

    void write(User user, Writer out) throws IOException {
        List<Field> fields = new ArrayList<>();
        boolean ingestion = false;
        for (UserField field : chosen) {
            boolean range = field.shows() == UserField.Shows.DATE_RANGE;
            Field line = range && ingestion ? null : line(field, user);
            ingestion |= range;
            if (line != null) {
                fields.add(line);
            }
        }
        int labelWidth = 0;
        for (Field field : fields) {
            labelWidth = Math.max(labelWidth, field.label().length());
        }
        int room = width > 0 ? Math.max(1, width - labelWidth - GAP.length()) : 0;
        String continuation = " ".repeat(labelWidth + GAP.length());
        for (Field field : fields) {
            String label = style.bold(String.format("%-" + labelWidth + "s", field.label())) + GAP;
            if (field.value() == null || field.value().isEmpty()) {
                out.write(label + style.dim(NONE) + "\n");
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
            writeSources(user.connectedSources(), !fields.isEmpty(), out);
        }
        out.flush();
    }

    private static Field timeZone(User user) {
        User.FallbackTimeZone zone = user.fallbackTimeZone();
        String label = UserField.FALLBACK_TIME_ZONE.label();
        return zone == null ? new Field(label, null, true)
                : new Field(label, zone.id(), provenance(zone.sourceSlug(), zone.updatedAt(), false),
                        provenance(zone.sourceSlug(), zone.updatedAt(), true), true);
    }

    private static Field birthDate(User user) {
        User.FallbackBirthDate birth = user.fallbackBirthDate();
        String value = birth == null || birth.value() == null ? null : birth.value().toString();
        String label = UserField.FALLBACK_BIRTH_DATE.label();
        return birth == null ? new Field(label, null, true)
                : new Field(label, value, provenance(birth.sourceSlug(), birth.updatedAt(), false),
                        provenance(birth.sourceSlug(), birth.updatedAt(), true), true);
    }

    /** "from oura, updated 2023-03-21 23:22:38 +00:00", or in short "from oura, updated 2023-03-21". */
    private static String provenance(String sourceSlug, java.time.OffsetDateTime updatedAt, boolean dateOnly) {
        List<String> parts = new ArrayList<>();
        if (sourceSlug != null) {
            parts.add("from " + sourceSlug);
        }
        if (updatedAt != null) {
            parts.add("updated " + (dateOnly ? updatedAt.toLocalDate().toString() : UserCells.seconds(updatedAt)));
        }
        return parts.isEmpty() ? null : String.join(", ", parts);
    }

    /** "2022-06-01 to 2023-01-31"; an open end is said, not drawn as an ellipsis that reads as cut text. */
    static String ingestion(User user) {
        if (user.ingestionStart() == null && user.ingestionEnd() == null) {
            return null;
        }
        if (user.ingestionEnd() == null) {
            return "from " + user.ingestionStart() + ", no end set";
        }
        if (user.ingestionStart() == null) {
            return "until " + user.ingestionEnd() + ", no start set";
        }
        return user.ingestionStart() + " to " + user.ingestionEnd();
    }

    /** The sources as a small table; at a narrow width the connection time, then the name give way. */
    private void writeSources(List<User.ConnectedSource> sources, boolean afterLines, Writer out) throws IOException {
        out.write((afterLines ? "\n" : "") + style.bold(UserField.CONNECTED_SOURCES.label() + " (" + sources.size() + ")") + "\n");
        if (sources.isEmpty()) {
            out.write("  " + style.dim("none connected") + "\n");
            return;
        }
        List<String[]> rows = new ArrayList<>();
        for (User.ConnectedSource connected : sources) {
            User.Source source = connected.source();
            rows.add(new String[] {
                UserCells.cell(source == null ? null : source.slug(), redact),
                UserCells.cell(source == null ? null : source.name(), redact),
                UserCells.cell(UserCells.seconds(connected.createdOn()), redact),
            });
        }
        List<TableLayout.Column> all = List.of(
                new TableLayout.Column("SLUG", 6, 1),
                new TableLayout.Column("NAME", 6, 1),
                TableLayout.Column.whole("CONNECTED"));
        int room = width > 2 ? width - 2 : 0;
        for (int shown = all.size(); shown >= 1; shown--) {
            List<String[]> cut = new ArrayList<>();
            for (String[] row : rows) {
                cut.add(java.util.Arrays.copyOf(row, shown));
            }
            TableLayout layout = TableLayout.fit(all.subList(0, shown), cut, room);
            if (room == 0 || layout.totalWidth() <= room || shown == 1) {
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
