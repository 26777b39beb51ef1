package dev.userlookup.output.table;

import dev.userlookup.model.UserField;
import dev.userlookup.output.Footer;
import dev.userlookup.output.RenderContext;
import dev.userlookup.output.Renderer;
import dev.userlookup.model.UserPage;
import dev.userlookup.model.UserRecord;
import dev.userlookup.console.SafeText;
import dev.userlookup.console.Style;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Output for people: every text from the service passes through {@link SafeText}. */
public final class TableRenderer implements Renderer {

    private final RenderContext context;
    private final Style style;
    private final Writer out;
    private final List<UserField> fields;

    public TableRenderer(RenderContext context, List<UserField> fields) {
        this.context = context;
        this.style = context.style();
        this.out = new OutputStreamWriter(context.out(), StandardCharsets.UTF_8);
        this.fields = fields == null ? null : List.copyOf(fields);
    }

    @Override
    public void user(UserRecord record) throws IOException {
        new UserCard(style, context.width(), context.redact(), fields).write(record, out);
    }

    @Override
    public void page(UserPage page) throws IOException {
        try (UserStream stream = new RowStream()) {
            stream.addAll(page.users());
            stream.finish(Footer.page(page, context.nextPage()));
        }
    }

    @Override
    public UserStream stream(StreamShape shape) {
        return new RowStream();
    }

    /** Column widths come from the first users it is given. */
    private final class RowStream extends UserStream {

        private ShownColumns layout;

        @Override
        public void addAll(List<UserRecord> users) throws IOException {
            if (layout != null || users.isEmpty()) {
                // Later batches row by row: a user whose cells cannot be made (created_on no time) stops after the rows before it.
                for (UserRecord user : users) {
                    add(user);
                }
                return;
            }
            // The first batch sizes the table; its cells, all made before anything is written, are its rows.
            List<String[]> rows = new ArrayList<>(users.size());
            for (UserRecord user : users) {
                rows.add(cells(user));
            }
            startTable(rows);
            for (String[] row : rows) {
                writeRow(row);
            }
        }

        @Override
        public void add(UserRecord user) throws IOException {
            writeRow(cells(user));
        }

        private void startTable(List<String[]> sample) throws IOException {
            layout = ListColumns.fit(fields, sample, context.width());
            out.write(style.bold(layout.header()) + "\n");
        }

        private String[] cells(UserRecord user) {
            return ListColumns.cells(fields, user, context.redact());
        }

        private void writeRow(String[] row) throws IOException {
            out.write(layout.line(row));
            out.write('\n');
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        /** Ended early (no footer), rows need no closing. */
        @Override
        protected void end(Footer footer) throws IOException {
            if (footer != null && context.terminal()) {
                for (String line : footer.lines(context.width())) {
                    out.write(style.dim(line) + "\n");
                }
            }
            out.flush();
        }
    }
}
