package dev.userlookup.output;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.userlookup.api.JsonBytes;
import dev.userlookup.api.UserRecord;
import java.io.IOException;
import java.io.OutputStream;

/**
 * One user a line, compact and lossless: the form for {@code jq -c}, {@code grep} and streams. A
 * user the service sent compact, with nothing to escape ({@link CompactJson}), is copied byte for
 * byte; any other is copied token by token through the generator ({@link JsonCopy}).
 */
final class NdjsonRenderer implements Renderer {

    private final OutputStream out;

    NdjsonRenderer(OutputStream out) {
        this.out = out;
    }

    @Override
    public UserStream stream(StreamShape shape) throws IOException {
        JsonGenerator generator = JsonRenderer.generator(out, false);
        generator.setRootValueSeparator(null); // each line ends in its own newline instead
        // Users copied byte for byte go straight to out: the generator hands each user it writes on
        // to out at once (without flushing out itself), so the lines stay in order.
        generator.disable(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM);
        return new DocumentStream() {
            @Override
            public void add(UserRecord user) throws IOException {
                JsonBytes json = user.source();
                if (CompactJson.isOutputForm(json)) {
                    out.write(json.body(), json.offset(), json.length());
                    out.write('\n');
                } else {
                    JsonCopy.write(json, generator);
                    generator.writeRaw('\n');
                    generator.flush();
                }
            }

            @Override
            public void flush() throws IOException {
                generator.flush();
                out.flush();
            }

            @Override
            protected void end(Footer footer) throws IOException {
                generator.close();
                out.flush();
            }
        };
    }
}
