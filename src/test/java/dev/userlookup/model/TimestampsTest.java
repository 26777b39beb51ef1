package dev.userlookup.model;

import dev.userlookup.model.redaction.ApiKey;

import dev.userlookup.model.json.Timestamps;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.format.DateTimeParseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The service's timestamps, read keeping the offset it stored; the key never quoted. */
class TimestampsTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "2023-01-01T00:08:43.912157+00:00 | 2023-01-01T00:08:43.912157Z",
        "2023-01-01T00:08:43Z | 2023-01-01T00:08:43Z",
        "2023-01-01 00:08:43 | 2023-01-01T00:08:43Z",
        "2023-01-01T00:08:43 | 2023-01-01T00:08:43Z",
        "2023-01-01T00:00:00+05:30 | 2023-01-01T00:00+05:30",
        "' 2023-01-01T00:00:00.5-08:00 ' | 2023-01-01T00:00:00.500-08:00",
        "2023-02-29T00:00:00Z | refused",
        "2023-01-01T00:00:00+0530 | refused",
        "yesterday | refused",
        "'' | refused",
    })
    void timestampsAreIsoWithAnOffsetOrUtcAndASpaceMayStandForT(String text, String read) {
        String tool;
        try {
            tool = Timestamps.parseTimestamp(text).toString();
        } catch (DateTimeParseException e) {
            tool = "refused";
        }
        assertEquals(read, tool);
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
