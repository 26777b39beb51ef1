package dev.userlookup.output;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.userlookup.model.json.Json;
import dev.userlookup.model.json.JsonBytes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * A buffer reused from one value to the next and the compact generator writing into it, which
 * escapes what a terminal would act on. Not for several threads.
 */
final class CompactForm {

    private static final class Buffer extends ByteArrayOutputStream {
        byte[] array() {
            return buf;
        }
    }

    private final Buffer buffer = new Buffer();
    private final JsonGenerator generator;

    CompactForm() throws IOException {
        generator = Json.factory().createGenerator(buffer);
        generator.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        generator.setCharacterEscapes(TerminalSafeEscapes.INSTANCE);
        generator.setRootValueSeparator(null);
    }

    /** The value's own bytes where they already are the compact form ({@link CompactJson}); valid until the next call. */
    JsonBytes of(JsonBytes value) throws IOException {
        if (CompactJson.isOutputForm(value)) {
            return value;
        }
        JsonCopy.write(value, start());
        return written();
    }

    /** Empties the buffer. */
    JsonGenerator start() {
        buffer.reset();
        return generator;
    }

    /** Valid until the next {@link #start}. */
    JsonBytes written() throws IOException {
        generator.flush();
        return new JsonBytes(buffer.array(), 0, buffer.size());
    }
}
