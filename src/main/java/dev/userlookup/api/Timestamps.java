package dev.userlookup.api;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * java.time readers for the service's timestamps and dates. Small on purpose: JavaTimeModule
 * costs start-up time and, by default, moves every offset to UTC, while a support person wants to
 * see the offset the service stored. Accepted: ISO-8601 with or without fractional seconds, with
 * an offset or {@code Z}; a timestamp without an offset is read as UTC; a space may stand for
 * {@code T} (Python's {@code str(datetime)}).
 */
public final class Timestamps {

    private Timestamps() {
    }

    public static SimpleModule module() {
        SimpleModule module = new SimpleModule("userlookup-time");
        module.addDeserializer(OffsetDateTime.class, new OffsetDateTimeReader());
        module.addDeserializer(LocalDate.class, new LocalDateReader());
        return module;
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

    /** What is wrong with {@code text} that did not parse as a timestamp (or a date), as an error line says it. */
    static String notIso(String what, String text) {
        return "not an ISO-8601 " + what + ": \"" + (text.length() > 60 ? text.substring(0, 60) + "…" : text) + "\"";
    }

    private static final class OffsetDateTimeReader extends JsonDeserializer<OffsetDateTime> {
        @Override
        public OffsetDateTime deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            if (parser.currentToken() != JsonToken.VALUE_STRING) {
                return (OffsetDateTime) context.handleUnexpectedToken(OffsetDateTime.class, parser);
            }
            try {
                return parseTimestamp(parser.getText());
            } catch (DateTimeParseException e) {
                throw JsonMappingException.from(parser, notIso("timestamp", parser.getText()));
            }
        }
    }

    private static final class LocalDateReader extends JsonDeserializer<LocalDate> {
        @Override
        public LocalDate deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            if (parser.currentToken() != JsonToken.VALUE_STRING) {
                return (LocalDate) context.handleUnexpectedToken(LocalDate.class, parser);
            }
            try {
                return parseDate(parser.getText());
            } catch (DateTimeParseException e) {
                throw JsonMappingException.from(parser, notIso("date", parser.getText()));
            }
        }
    }
}
