package dev.userlookup.model;

import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.model.redaction.ServiceText;

/**
 * Every user keeps the key it was asked with, so that a value found wrong only when a row reads
 * it (a timestamp that does not parse) is quoted without the key too. {@code key} is null only in tests.
 */
record Question(String operation, ApiKey key) {

    ServiceText text(String raw) {
        return ServiceText.of(raw, key);
    }

    static final int QUOTED = 60;

    String notIso(String what, String value) {
        return "not an ISO-8601 " + what + ": \"" + text(value).firstLine().cut(QUOTED) + "\"";
    }

    BadResponse failure(String reason, Throwable cause) {
        return new BadResponse(operation, reason, cause);
    }
}
