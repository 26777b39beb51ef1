package dev.userlookup.network;

import dev.userlookup.model.ResponseParser;
import dev.userlookup.model.UserPage;
import dev.userlookup.model.UserRecord;

import java.nio.charset.StandardCharsets;

/** Response bodies read as the client reads them, for tests outside this package. */
public final class Bodies {

    private Bodies() {
    }

    public static UserPage page(String body) {
        return ResponseParser.page("list", body.getBytes(StandardCharsets.UTF_8), null);
    }

    public static UserRecord user(String body) {
        return ResponseParser.user("resolve \"x\"", body.getBytes(StandardCharsets.UTF_8), null);
    }
}
