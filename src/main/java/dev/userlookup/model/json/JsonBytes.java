package dev.userlookup.model.json;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;

/**
 * A slice of a response body, checked on arrival, so that output can copy it without building a
 * tree. The body is shared, never changed.
 */
public final class JsonBytes {

    private final byte[] body;
    private final int offset;
    private final int length;

    public JsonBytes(byte[] body, int offset, int length) {
        this.body = body;
        this.offset = offset;
        this.length = length;
    }

    /** Shared: never written to. */
    public byte[] body() {
        return body;
    }

    public int offset() {
        return offset;
    }

    public int length() {
        return length;
    }

    public JsonParser parser() throws IOException {
        return Json.factory().createParser(body, offset, length);
    }
}
