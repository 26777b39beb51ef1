package dev.userlookup.model.json;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;

/**
 * A slice of a response body, checked on arrival, so that output can copy it without building a
 * tree. The body is shared, never written to.
 */
public record JsonBytes(byte[] body, int offset, int length) {

    public JsonParser parser() throws IOException {
        return Json.factory().createParser(body, offset, length);
    }
}
