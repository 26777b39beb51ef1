package dev.userlookup.model.json;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;

/**
 * One JSON value exactly as the service sent it: a slice of a response body, checked on arrival
 * (strict UTF-8, the grammar, the tool's bounds, the shape), so that output can copy it token by
 * token, or byte for byte where it is already in the output's form, without building a tree.
 * The body is shared, never changed.
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

    /** A tree's JSON written compactly: the bytes of a value that was built, not received. */
    public static JsonBytes written(com.fasterxml.jackson.databind.JsonNode tree) {
        try {
            byte[] bytes = Json.mapper().writeValueAsBytes(tree);
            return new JsonBytes(bytes, 0, bytes.length);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The body the value is part of: read from {@link #offset()} for {@link #length()} bytes, never written to. */
    public byte[] body() {
        return body;
    }

    public int offset() {
        return offset;
    }

    public int length() {
        return length;
    }

    /** A parser over the value alone, with the tool's bounds. */
    public JsonParser parser() throws IOException {
        return Json.factory().createParser(body, offset, length);
    }
}
