package dev.userlookup.output;

import dev.userlookup.model.UserField;
import dev.userlookup.model.UserRecord;
import dev.userlookup.model.json.JsonBytes;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/** Compact and lossless: the form for {@code jq -c}, {@code grep} and streams. */
final class NdjsonRenderer implements Renderer {

    private final OutputStream out;
    private final List<UserField> fields;

    NdjsonRenderer(OutputStream out, List<UserField> fields) {
        this.out = out;
        this.fields = fields;
    }

    @Override
    public UserStream stream(StreamShape shape) throws IOException {
        CompactForm compact = new CompactForm();
        FieldProjection projection = fields == null ? null : new FieldProjection(fields);
        return new UserStream() {
            @Override
            public void add(UserRecord user) throws IOException {
                JsonBytes json = compact.of(projection == null ? user.source() : projection.user(user.source()));
                out.write(json.body(), json.offset(), json.length());
                out.write('\n');
            }

            @Override
            public void flush() throws IOException {
                out.flush();
            }
        };
    }
}
