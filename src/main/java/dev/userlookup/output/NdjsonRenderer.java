package dev.userlookup.output;

import dev.userlookup.model.UserRecord;
import java.io.IOException;
import java.io.OutputStream;

/**
 * One user a line, compact and lossless: the form for {@code jq -c}, {@code grep} and streams. A
 * user the service sent compact, with nothing to escape, is copied byte for byte; any other is
 * copied token by token ({@link CompactForm}).
 */
final class NdjsonRenderer implements Renderer {

    private final OutputStream out;

    NdjsonRenderer(OutputStream out) {
        this.out = out;
    }

    @Override
    public UserStream stream(StreamShape shape) throws IOException {
        CompactForm compact = new CompactForm();
        return new DocumentStream() {
            @Override
            public void add(UserRecord user) throws IOException {
                compact.of(user.source());
                out.write(compact.bytes(), compact.offset(), compact.length());
                out.write('\n');
            }

            @Override
            public void flush() throws IOException {
                out.flush();
            }

            @Override
            protected void end(Footer footer) throws IOException {
                out.flush();
            }
        };
    }
}
