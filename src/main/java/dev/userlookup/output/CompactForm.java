package dev.userlookup.output;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.userlookup.model.json.Json;
import dev.userlookup.model.json.JsonBytes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * A value in the compact output form, which NDJSON prints and JSON output indents: the value's
 * own bytes where they already are that form ({@link CompactJson}), else its tokens copied through
 * the compact generator ({@link JsonCopy}: control characters and what else a terminal would act
 * on escaped) into a buffer reused from one value to the next. One stream's; not for several threads.
 */
final class CompactForm {

    /** The bytes written so far, readable in place. */
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

    /** Makes this the compact form of {@code value}, valid until the next call. */
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
