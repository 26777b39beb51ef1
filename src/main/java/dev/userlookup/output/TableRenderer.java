package dev.userlookup.output;

import dev.userlookup.api.User;
import dev.userlookup.api.UserPage;
import dev.userlookup.api.UserRecord;
import dev.userlookup.terminal.SafeText;
import dev.userlookup.terminal.Style;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Output for people. A resolved user is a card (one field a line, then its sources); a list is
 * rows fitted to the terminal, with a footer on a terminal saying which slice of how many users
 * is shown and how to get the next. Every text from the service passes through {@link SafeText}.
 */
final class TableRenderer implements Renderer {

    static final String NONE = "-";

    /**
     * The list's columns. On a narrow terminal sources and time zone give way first, then the
     * creation time becomes a date, then the user id is cut (its prefix still tells users apart),
     * and the client user id, what support staff look for, last.
     */
    private static final List<TableLayout.Column> LIST_COLUMNS = List.of(
            new TableLayout.Column("USER ID", 9, 3),
            new TableLayout.Column("CLIENT USER ID", 14, 4),
            new TableLayout.Column("CREATED (UTC)", 16, 2),
            new TableLayout.Column("SOURCES", 7, 1),
            new TableLayout.Column("TIME ZONE", 9, 1));
    private static final List<TableLayout.Column> NARROW_COLUMNS = List.of(
            LIST_COLUMNS.get(0), LIST_COLUMNS.get(1), new TableLayout.Column("CREATED", 10, 2), LIST_COLUMNS.get(3), LIST_COLUMNS.get(4));

    private final RenderContext context;
    private final Style style;
    private final Writer out;

    TableRenderer(RenderContext context) {
        this.context = context;
        this.style = context.style();
        this.out = new OutputStreamWriter(context.out(), StandardCharsets.UTF_8);
    }

    @Override
    public void user(UserRecord record) throws IOException {
        User user = record.user();
        List<String[]> fields = new ArrayList<>();
        fields.add(new String[] {"User ID", user.userId()});
        fields.add(new String[] {"Client user ID", user.clientUserId()});
        fields.add(new String[] {"Team ID", user.teamId()});
        fields.add(new String[] {"Created", UserCells.seconds(user.createdOn())});
        fields.add(new String[] {"Time zone", timeZone(user)});
        fields.add(new String[] {"Birth date", birthDate(user)});
        fields.add(new String[] {"Ingestion", ingestion(user)});
        int labelWidth = 0;
        for (String[] field : fields) {
            labelWidth = Math.max(labelWidth, field[0].length());
        }
        for (String[] field : fields) {
            out.write(style.bold(String.format("%-" + labelWidth + "s", field[0])) + "  " + cell(field[1]) + "\n");
        }
        List<User.ConnectedSource> sources = user.connectedSources();
        out.write("\n" + style.bold("Sources (" + sources.size() + ")") + "\n");
        if (sources.isEmpty()) {
            out.write("  " + style.dim("none connected") + "\n");
        } else {
            List<String[]> rows = new ArrayList<>();
            for (User.ConnectedSource connected : sources) {
                User.Source source = connected.source();
                rows.add(new String[] {
                    safe(source == null ? null : source.slug()),
                    safe(source == null ? null : source.name()),
                    safe(UserCells.seconds(connected.createdOn())),
                });
            }
            List<TableLayout.Column> columns = List.of(
                    new TableLayout.Column("SLUG", 6, 1),
                    new TableLayout.Column("NAME", 6, 1),
                    new TableLayout.Column("CONNECTED", 10, 2));
            TableLayout layout = TableLayout.fit(columns, rows, context.width() > 2 ? context.width() - 2 : 0);
            out.write("  " + style.bold(layout.header()) + "\n");
            for (String[] row : rows) {
                out.write("  " + layout.line(row) + "\n");
            }
        }
        out.flush();
    }

    private static String timeZone(User user) {
        User.FallbackTimeZone zone = user.fallbackTimeZone();
        if (zone == null || zone.id() == null) {
            return null;
        }
        return zone.id() + provenance(zone.sourceSlug(), zone.updatedAt());
    }

    private static String birthDate(User user) {
        User.FallbackBirthDate birth = user.fallbackBirthDate();
        if (birth == null || birth.value() == null) {
            return null;
        }
        return birth.value() + provenance(birth.sourceSlug(), birth.updatedAt());
    }

    private static String provenance(String sourceSlug, java.time.OffsetDateTime updatedAt) {
        List<String> parts = new ArrayList<>();
        if (sourceSlug != null) {
            parts.add("from " + sourceSlug);
        }
        if (updatedAt != null) {
            parts.add("updated " + UserCells.seconds(updatedAt));
        }
        return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
    }

    private static String ingestion(User user) {
        if (user.ingestionStart() == null && user.ingestionEnd() == null) {
            return null;
        }
        return (user.ingestionStart() == null ? "…" : user.ingestionStart().toString())
                + " to " + (user.ingestionEnd() == null ? "…" : user.ingestionEnd().toString());
    }

    @Override
    public void page(UserPage page) throws IOException {
        try (UserStream stream = new RowStream(page.users())) {
            for (UserRecord user : page.users()) {
                stream.add(user);
            }
            stream.finish(Footers.page(page, context.nextPageCommand()));
        }
    }

    @Override
    public UserStream stream(StreamShape shape) {
        return new RowStream(List.of());
    }

    /** Rows of the list table; column widths come from the first users it is given. */
    private final class RowStream extends DocumentStream {

        private final List<UserRecord> sizingSample;
        private TableLayout layout;
        private boolean datesOnly;

        RowStream(List<UserRecord> sizingSample) {
            this.sizingSample = sizingSample;
        }

        @Override
        public void addAll(List<UserRecord> users) throws IOException {
            if (layout == null && !users.isEmpty()) {
                startTable(users);
            }
            for (UserRecord user : users) {
                add(user);
            }
        }

        @Override
        public void add(UserRecord user) throws IOException {
            if (layout == null) {
                startTable(sizingSample.isEmpty() ? List.of(user) : sizingSample);
            }
            out.write(layout.line(cells(user.user(), datesOnly)) + "\n");
        }

        private void startTable(List<UserRecord> sample) throws IOException {
            layout = TableLayout.fit(LIST_COLUMNS, cellsOf(sample), context.width(), 1);
            if (context.width() > 0 && layout.totalWidth() > context.width()) {
                datesOnly = true;
                layout = TableLayout.fit(NARROW_COLUMNS, cellsOf(sample), context.width());
            }
            out.write(style.bold(layout.header()) + "\n");
        }

        private List<String[]> cellsOf(List<UserRecord> sample) {
            List<String[]> rows = new ArrayList<>(sample.size());
            for (UserRecord record : sample) {
                rows.add(cells(record.user(), datesOnly));
            }
            return rows;
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        /** Rows need no closing; a summary ("No users.") would mislead after a failure. */
        @Override
        protected void endEarly() throws IOException {
            out.flush();
        }

        @Override
        protected void end(String footer) throws IOException {
            if (footer != null && context.terminal()) {
                out.write(style.dim(footer) + "\n");
            } else if (layout == null && context.terminal()) {
                out.write(style.dim("No users.") + "\n");
            }
            out.flush();
        }
    }

    private static String[] cells(User user, boolean datesOnly) {
        return new String[] {
            safe(user.userId()),
            safe(user.clientUserId()),
            safe(datesOnly ? UserCells.dateUtc(user.createdOn()) : UserCells.minutesUtc(user.createdOn())),
            safe(user.sourceSlugs().isEmpty() ? null : UserCells.sources(user, ", ")),
            safe(UserCells.timeZone(user)),
        };
    }

    private static String safe(String text) {
        return text == null || text.isEmpty() ? NONE : SafeText.escape(text);
    }

    private String cell(String text) {
        return text == null || text.isEmpty() ? style.dim(NONE) : SafeText.escape(text);
    }
}
