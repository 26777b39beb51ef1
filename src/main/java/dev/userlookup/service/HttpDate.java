package dev.userlookup.service;

import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** An HTTP date ({@code Date}, {@code Retry-After}) as the service sent it, read as an instant. */
final class HttpDate {

    private HttpDate() {
    }

    /** The instant {@code header} names; null when it is absent or unreadable. */
    static Instant parse(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        try {
            return ZonedDateTime.parse(header.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        } catch (DateTimeParseException unreadable) {
            return null;
        }
    }
}
