package dev.userlookup.output;

import dev.userlookup.model.json.JsonBytes;
import dev.userlookup.model.UserPage;
import dev.userlookup.model.UserRecord;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Lossless JSON: the documents exactly as the service sent them (names, order, unknown fields,
 * numbers as written), control characters escaped ({@link CompactForm}), indented like jq
 * ({@link PrettyJson}).
 */
final class JsonRenderer implements Renderer {

    private final OutputStream out;

    JsonRenderer(OutputStream out) {
        this.out = out;
    }

    @Override
    public void user(UserRecord user) throws IOException {
        writeDocument(user.source());
    }

    @Override
    public void page(UserPage page) throws IOException {
        writeDocument(page.source());
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
        PrettyJson pretty = new PrettyJson();
        if (userList) {
            pretty.raw((byte) '{').newLine(1).raw("\"users\": ");
        }
        pretty.raw((byte) '[').writeTo(out);
        return new DocumentStream() {
            private long count;

            @Override
            public void add(UserRecord user) throws IOException {
                pretty.clear();
                if (count > 0) {
                    pretty.raw((byte) ',');
                }
                pretty.newLine(level).value(compact.of(user.source()), level).writeTo(out);
                count++;
            }

            @Override
            public void flush() throws IOException {
                out.flush();
            }

            @Override
            protected void end(Footer footer) throws IOException {
                pretty.clear();
                if (count > 0) {
                    pretty.newLine(level - 1);
                }
                pretty.raw((byte) ']');
                if (userList) {
                    pretty.raw((byte) ',').newLine(1).raw("\"total\": " + count)
                            .raw((byte) ',').newLine(1).raw("\"offset\": 0")
                            .raw((byte) ',').newLine(1).raw("\"limit\": " + count)
                            .newLine(0).raw((byte) '}');
                }
                pretty.raw((byte) '\n').writeTo(out);
                out.flush();
            }
        };
    }
}
