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
        OffsetDateTime canonical = canonical(iso);
        if (canonical != null) {
            return canonical;
        }
        if (iso.length() > 10 && iso.charAt(10) == ' ') {
            iso = iso.substring(0, 10) + 'T' + iso.substring(11);
        }
        try {
            return OffsetDateTime.parse(iso, DateTimeFormatter.ISO_OFFSET_DATE_TIME);
        } catch (DateTimeParseException withoutOffset) {
            return LocalDateTime.parse(iso, DateTimeFormatter.ISO_LOCAL_DATE_TIME).atOffset(ZoneOffset.UTC);
        }
    }

    /**
     * The form the service sends, {@code 2023-01-01T00:08:43.912157+00:00} (or with {@code Z}, a
     * space for {@code T}, no fraction, no offset for UTC), read digit by digit: a table row reads
     * one for every user. Anything else, and any value out of range, is left to the formatter
     * (null), which says what is wrong.
     */
    private static OffsetDateTime canonical(String iso) {
        int length = iso.length();
        if (length < 19 || iso.charAt(4) != '-' || iso.charAt(7) != '-' || (iso.charAt(10) != 'T' && iso.charAt(10) != ' ')
                || iso.charAt(13) != ':' || iso.charAt(16) != ':') {
            return null;
        }
        int year = digits(iso, 0, 4);
        int month = digits(iso, 5, 7);
        int day = digits(iso, 8, 10);
        int hour = digits(iso, 11, 13);
        int minute = digits(iso, 14, 16);
        int second = digits(iso, 17, 19);
        int at = 19;
        int nano = 0;
        if (at < length && iso.charAt(at) == '.') {
            int end = at + 1;
            while (end < length && end - at <= 9 && isDigit(iso.charAt(end))) {
                end++;
            }
            int fraction = end - at - 1;
            if (fraction == 0 || (end < length && isDigit(iso.charAt(end)))) {
                return null;
            }
            nano = digits(iso, at + 1, end);
            for (int i = fraction; i < 9; i++) {
                nano *= 10;
            }
            at = end;
        }
        int offsetHours = 0; // no offset, or Z: UTC
        int offsetMinutes = 0;
        if (at + 6 == length && (iso.charAt(at) == '+' || iso.charAt(at) == '-') && iso.charAt(at + 3) == ':') {
            int hours = digits(iso, at + 1, at + 3);
            int minutes = digits(iso, at + 4, at + 6);
            if (hours < 0 || minutes < 0) {
                return null;
            }
            int sign = iso.charAt(at) == '-' ? -1 : 1;
            offsetHours = sign * hours;
            offsetMinutes = sign * minutes;
        } else if (at != length && !(at + 1 == length && iso.charAt(at) == 'Z')) {
            return null;
        }
        if ((year | month | day | hour | minute | second | nano) < 0) {
            return null;
        }
        try {
            return OffsetDateTime.of(year, month, day, hour, minute, second, nano, ZoneOffset.ofHoursMinutes(offsetHours, offsetMinutes));
        } catch (java.time.DateTimeException outOfRange) {
            return null;
        }
    }

    /** @return the ASCII digits from {@code from} to {@code to} as a number, or -1 if any is not one */
    private static int digits(String text, int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (!isDigit(c)) {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    public static LocalDate parseDate(String text) {
        String iso = text.trim();
        if (iso.length() > 10 && (iso.charAt(10) == 'T' || iso.charAt(10) == ' ')) {
            return parseTimestamp(iso).toLocalDate();
        }
        return LocalDate.parse(iso, DateTimeFormatter.ISO_LOCAL_DATE);
    }
}
