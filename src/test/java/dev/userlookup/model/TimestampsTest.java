package dev.userlookup.model;

import dev.userlookup.model.redaction.ApiKey;

import dev.userlookup.model.json.Timestamps;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The timestamp read digit by digit gives what the formatter gives, and refuses what it refuses. */
class TimestampsTest {

    /** What parseTimestamp did with the formatter alone: the same instant and offset, or a parse failure. */
    private static String byFormatter(String text) {
        String iso = text.trim();
        if (iso.length() > 10 && iso.charAt(10) == ' ') {
            iso = iso.substring(0, 10) + 'T' + iso.substring(11);
        }
        try {
            try {
                return OffsetDateTime.parse(iso, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toString();
            } catch (DateTimeParseException withoutOffset) {
                return LocalDateTime.parse(iso, DateTimeFormatter.ISO_LOCAL_DATE_TIME).atOffset(ZoneOffset.UTC).toString();
            }
        } catch (DateTimeParseException e) {
            return "refused";
        }
    }

    private static String byTool(String text) {
        try {
            return Timestamps.parseTimestamp(text).toString();
        } catch (DateTimeParseException e) {
            return "refused";
        }
    }

    @Test
    void awkwardTimestampsAreReadAsTheFormatterReadsThem() {
        List<String> cases = List.of("2023-01-01T00:08:43.912157+00:00", "2023-01-01T00:08:43Z", "2023-01-01 00:08:43",
                "2023-01-01T00:08:43", "2024-02-29T23:59:59.999999999-18:00", "2023-02-29T00:00:00Z", "2023-01-01T24:00:00Z",
                "2023-01-01T00:60:00Z", "2023-01-01T00:00:60Z", "2023-13-01T00:00:00Z", "2023-00-10T00:00:00Z",
                "2023-01-01T00:00:00+18:00", "2023-01-01T00:00:00+18:01", "2023-01-01T00:00:00+05:75", "2023-01-01T00:00:00-00:00",
                "2023-01-01T00:00:00+05:30", "2023-01-01T00:00:00+0530", "2023-01-01T00:00:00+05", "2023-01-01T00:00:00.Z",
                "2023-01-01T00:00:00.1234567890Z", "2023-01-01t00:00:00z", "2023-01-01T00:00Z", " 2023-01-01T00:00:00Z ",
                "+2023-01-01T00:00:00Z", "20231-01-01T00:00:00Z", "2023-1-01T00:00:00Z", "2023-01-01T00:00:00+05:30:15",
                "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999+18:00", "2023-01-01T00:00:00.5", "2023-01-01T0a:00:00Z",
                "2023-01-01T00:00:00+-5:00", "2023-01-01T00:00:00ZZ", "yesterday", "");
        for (String text : cases) {
            assertEquals(byFormatter(text), byTool(text), text);
        }
    }

    @Test
    void randomTimestampsAreReadAsTheFormatterReadsThem() {
        Random random = new Random(11);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder(String.format("%04d-%02d-%02d%c%02d:%02d:%02d", random.nextInt(10_000),
                    random.nextInt(14), random.nextInt(33), random.nextInt(4) == 0 ? ' ' : 'T', random.nextInt(26),
                    random.nextInt(62), random.nextInt(62)));
            if (random.nextBoolean()) {
                text.append('.').append(String.valueOf(random.nextLong() & Long.MAX_VALUE), 0, random.nextInt(11));
            }
            switch (random.nextInt(4)) {
                case 0 -> text.append('Z');
                case 1 -> text.append(String.format("%c%02d:%02d", random.nextBoolean() ? '+' : '-', random.nextInt(20), random.nextInt(62)));
                case 2 -> { }
                default -> text.append(random.nextBoolean() ? "+05:30" : "-08:00");
            }
            texts.add(text.toString());
        }
        for (String text : texts) {
            assertEquals(byFormatter(text), byTool(text), text);
        }
    }

    @Test
    void aValueThatDoesNotParseIsQuotedWithTheKeyOutBeforeTheCut() {
        String raw = "u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL";
        ApiKey key = ApiKey.of(raw, "test");
        for (int before = 0; before <= Question.QUOTED + 1; before++) {
            String quoted = new Question("read", key).notIso("timestamp", "x".repeat(before) + raw + "y\nsecond line");
            for (int i = 0; i + 4 <= raw.length(); i++) {
                assertFalse(quoted.contains(raw.substring(i, i + 4)), before + ": " + quoted);
            }
            assertFalse(quoted.contains("second"), quoted);
        }
        assertEquals("not an ISO-8601 date: \"" + "x".repeat(Question.QUOTED) + "…\"",
                new Question("read", key).notIso("date", "x".repeat(Question.QUOTED + 1)));
    }
}
