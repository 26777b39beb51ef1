package dev.userlookup.output;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.userlookup.api.UserRecord;
import java.io.IOException;
import java.io.OutputStream;

/** One user a line, compact and lossless: the form for {@code jq -c}, {@code grep} and streams. */
final class NdjsonRenderer implements Renderer {

    private final OutputStream out;

    NdjsonRenderer(OutputStream out) {
        this.out = out;
    }

    @Override
    public UserStream stream(StreamShape shape) throws IOException {
        JsonGenerator generator = JsonRenderer.generator(out, false);
        generator.setRootValueSeparator(null); // each line ends in its own newline instead
        return new DocumentStream() {
            @Override
            public void add(UserRecord user) throws IOException {
                generator.writeTree(user.json());
                generator.writeRaw('\n');
            }

            @Override
            public void flush() throws IOException {
                generator.flush();
            }

            @Override
            protected void end(Footer footer) throws IOException {
                generator.close();
                out.flush();
            }
        };
    }
}
