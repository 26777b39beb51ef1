package dev.userlookup.model;

import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.model.redaction.ServiceText;

/**
 * What an answer of the service answers: the operation asked, as a failure names it, and the key
 * it was asked with, to take out of any of the answer's text a failure quotes. Every user read
 * from the answer keeps it, so that a value found wrong only when a row or card reads it (a timestamp that
 * does not parse) is quoted without the key too; it costs a user one reference, as the operation
 * alone did, and the key is used only when a failure is put in words.
 *
 * @param key null only for records built in tests
 */
record Question(String operation, ApiKey key) {

    /** Text of the answer, as a message may quote it: with the key out, so it may be cut short. */
    ServiceText text(String raw) {
        return ServiceText.of(raw, key);
    }

    /** How much of a value that does not parse a message quotes. */
    static final int QUOTED = 60;

    /**
     * What is wrong with a value that did not parse as a timestamp (or a date), as an error line
     * says it: its first line, the key out, cut to {@value #QUOTED} characters.
     */
    String notIso(String what, String value) {
        return "not an ISO-8601 " + what + ": \"" + text(value).firstLine().cut(QUOTED) + "\"";
    }

    BadResponse failure(String reason, Throwable cause) {
        return new BadResponse(operation, reason, cause);
    }
}
