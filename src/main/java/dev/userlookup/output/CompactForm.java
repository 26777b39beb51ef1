package dev.userlookup.output;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.userlookup.model.json.Json;
import dev.userlookup.model.json.JsonBytes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * The value's own bytes where they already are the compact form ({@link CompactJson}), else copied
 * through the generator, which escapes what a terminal would act on. Not for several threads.
 */
final class CompactForm {

    private static final class Buffer extends ByteArrayOutputStream {
        byte[] array() {
            return buf;
        }
    }

    private final Buffer buffer = new Buffer();
    private final JsonGenerator generator;
    private byte[] bytes;
    private int offset;
    private int length;

    CompactForm() throws IOException {
        generator = Json.factory().createGenerator(buffer);
        generator.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        generator.setCharacterEscapes(TerminalSafeEscapes.INSTANCE);
        generator.setRootValueSeparator(null);
    }

    /** Valid until the next call. */
    CompactForm of(JsonBytes value) throws IOException {
        if (CompactJson.isOutputForm(value)) {
            bytes = value.body();
            offset = value.offset();
            length = value.length();
        } else {
            buffer.reset();
            JsonCopy.write(value, generator);
            generator.flush();
            bytes = buffer.array();
            offset = 0;
            length = buffer.size();
        }
        return this;
    }

    byte[] bytes() {
        return bytes;
    }

    int offset() {
        return offset;
    }

    int length() {
        return length;
    }
}
