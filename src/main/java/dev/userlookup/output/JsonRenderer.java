package dev.userlookup.output;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import dev.userlookup.api.Json;
import dev.userlookup.api.JsonBytes;
import dev.userlookup.api.UserPage;
import dev.userlookup.api.UserRecord;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Lossless JSON: the documents exactly as the service sent them (names, order, unknown fields,
 * numbers as written), indented like jq, control characters escaped; copied token by token
 * ({@link JsonCopy}).
 */
final class JsonRenderer implements Renderer {

    private final OutputStream out;
    private final boolean pretty;

    JsonRenderer(OutputStream out, boolean pretty) {
        this.out = out;
        this.pretty = pretty;
    }

    static JsonGenerator generator(OutputStream out, boolean pretty) throws IOException {
        JsonGenerator generator = Json.factory().createGenerator(out);
        generator.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        generator.setCharacterEscapes(TerminalSafeEscapes.INSTANCE);
        if (pretty) {
            DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
            generator.setPrettyPrinter(new DefaultPrettyPrinter(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                    .withObjectEmptySeparator("")
                    .withArrayEmptySeparator(""))
                    .withObjectIndenter(indenter)
                    .withArrayIndenter(indenter));
        }
        return generator;
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
        try (JsonGenerator generator = generator(out, pretty)) {
            JsonCopy.write(document, generator);
            generator.writeRaw('\n');
        }
        out.flush();
    }

    @Override
    public UserStream stream(StreamShape shape) throws IOException {
        JsonGenerator generator = generator(out, pretty);
        if (shape == StreamShape.USER_LIST) {
            generator.writeStartObject();
            generator.writeFieldName("users");
        }
        generator.writeStartArray();
        return new DocumentStream() {
            private long count;

            @Override
            public void add(UserRecord user) throws IOException {
                JsonCopy.write(user.source(), generator);
                count++;
            }

            @Override
            public void flush() throws IOException {
                generator.flush();
            }

            @Override
            protected void end(Footer footer) throws IOException {
                generator.writeEndArray();
                if (shape == StreamShape.USER_LIST) {
                    generator.writeNumberField("total", count);
                    generator.writeNumberField("offset", 0);
                    generator.writeNumberField("limit", count);
                    generator.writeEndObject();
                }
                generator.writeRaw('\n');
                generator.close();
                out.flush();
            }
        };
    }
}
