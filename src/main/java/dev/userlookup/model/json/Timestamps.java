package dev.userlookup.model.json;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * The service's timestamps and dates read as java.time values, keeping the offset the service
 * stored (a support person wants to see it). Accepted: ISO-8601 with or without fractional seconds, with
 * an offset or {@code Z}; a timestamp without an offset is read as UTC; a space may stand for
 * {@code T} (Python's {@code str(datetime)}).
 */
public final class Timestamps {

    private Timestamps() {
    }

    public static OffsetDateTime parseTimestamp(String text) {
        String iso = text.trim();
        if (iso.length() > 10 && iso.charAt(10) == ' ') {
            iso = iso.substring(0, 10) + 'T' + iso.substring(11);
        }
        try {
            return OffsetDateTime.parse(iso, DateTimeFormatter.ISO_OFFSET_DATE_TIME);
        } catch (DateTimeParseException withoutOffset) {
            return LocalDateTime.parse(iso, DateTimeFormatter.ISO_LOCAL_DATE_TIME).atOffset(ZoneOffset.UTC);
        }
    }

    public static LocalDate parseDate(String text) {
        String iso = text.trim();
        if (iso.length() > 10 && (iso.charAt(10) == 'T' || iso.charAt(10) == ' ')) {
            return parseTimestamp(iso).toLocalDate();
        }
        return LocalDate.parse(iso, DateTimeFormatter.ISO_LOCAL_DATE);
    }
}
