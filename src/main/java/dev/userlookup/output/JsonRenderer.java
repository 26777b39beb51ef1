package dev.userlookup.output;

import dev.userlookup.model.json.JsonBytes;
import dev.userlookup.model.UserField;
import dev.userlookup.model.UserPage;
import dev.userlookup.model.UserRecord;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Locale;

/**
 * Lossless: names, order, unknown fields and numbers as the service sent them; only control
 * characters are escaped ({@link CompactForm}).
 */
final class JsonRenderer implements Renderer {

    private final OutputStream out;
    private final List<UserField> fields;

    JsonRenderer(OutputStream out, List<UserField> fields) {
        this.out = out;
        this.fields = fields;
    }

    @Override
    public void user(UserRecord user) throws IOException {
        writeDocument(fields == null ? user.source() : new FieldProjection(fields).user(user.source()));
    }

    @Override
    public void page(UserPage page) throws IOException {
        writeDocument(fields == null ? page.source() : new FieldProjection(fields).page(page.source()));
    }

    private void writeDocument(JsonBytes document) throws IOException {
        new PrettyJson().value(new CompactForm().of(document), 0).raw((byte) '\n').writeTo(out);
        out.flush();
    }

    @Override
    public UserStream stream(StreamShape shape) throws IOException {
        boolean userList = shape == StreamShape.USER_LIST;
        // Users are elements of "users" in {"users": [...], ...}, or of a top-level array.
        int level = userList ? 2 : 1;
        CompactForm compact = new CompactForm();
        FieldProjection projection = fields == null ? null : new FieldProjection(fields);
        PrettyJson pretty = new PrettyJson();
        if (userList) {
            pretty.raw((byte) '{').newLine(1).raw("\"users\": ");
        }
        pretty.raw((byte) '[').writeTo(out);
        return new UserStream() {
            private long count;

            @Override
            public void add(UserRecord user) throws IOException {
                pretty.clear();
                if (count > 0) {
                    pretty.raw((byte) ',');
                }
                pretty.newLine(level).value(compact.of(projection == null ? user.source() : projection.user(user.source())), level).writeTo(out);
                count++;
            }

            @Override
            public void flush() throws IOException {
                out.flush();
            }

            @Override
            protected void end(Footer footer) throws IOException {
                close(null);
            }

            @Override
            protected void endCutShort(Incomplete incomplete) throws IOException {
                close(userList ? incomplete : null);
            }

            private void close(Incomplete incomplete) throws IOException {
                pretty.clear();
                if (count > 0) {
                    pretty.newLine(level - 1);
                }
                pretty.raw((byte) ']');
                if (userList) {
                    pretty.raw((byte) ',').newLine(1).raw("\"total\": " + count)
                            .raw((byte) ',').newLine(1).raw("\"offset\": 0")
                            .raw((byte) ',').newLine(1).raw("\"limit\": " + count);
                    if (incomplete != null) {
                        pretty.raw((byte) ',').newLine(1).raw("\"incomplete\": {")
                                .newLine(2).raw("\"reason\": \"" + incomplete.reason().name().toLowerCase(Locale.ROOT) + "\"")
                                .raw((byte) ',').newLine(2).raw("\"next_offset\": " + incomplete.nextOffset())
                                .newLine(1).raw((byte) '}');
                    }
                    pretty.newLine(0).raw((byte) '}');
                }
                pretty.raw((byte) '\n').writeTo(out);
                out.flush();
            }
        };
    }
}
