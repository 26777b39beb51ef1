package dev.userlookup.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

class RetryAfterTest {

    private static final ZonedDateTime NOW = ZonedDateTime.of(2025, 3, 14, 9, 0, 0, 0, ZoneId.of("Europe/Berlin"));

    private static RetryAfter parse(String header) {
        return RetryAfter.parse(header, NOW.toInstant());
    }

    @Test
    void secondsWithinTheBoundAreWaited() {
        RetryAfter asked = parse("60");

        assertFalse(asked.longerThan(Duration.ofSeconds(60)));
        assertEquals(Duration.ofSeconds(60), asked.delay());
    }

    @Test
    void aNegativeNumberIsNoWait() {
        assertEquals(Duration.ZERO, parse("-5").delay());
    }

    @Test
    void absentOrUnreadableIsNull() {
        assertNull(parse(null));
        assertNull(parse(" "));
        assertNull(parse("soon"));
        assertNull(parse("1.5"));
    }

    @Test
    void aWaitEndingTodayNamesTheTimeOfDay() {
        assertEquals("it asks to wait 3600 s: try again after 10:00:00", parse("3600").whenToTryAgain(NOW));
    }

    @Test
    void aWaitEndingAnotherDayNamesTheDate() {
        assertEquals("it asks to wait 86400 s: try again after 2025-03-15 09:00:00", parse("86400").whenToTryAgain(NOW));
    }

    @Test
    void numbersPastALongAreLongWaitsInYearsNeverGarbageNorAWrappedTime() {
        for (String seconds : new String[] {"9223372036854775807", "99999999999999999999", "1" + "0".repeat(40)}) {
            RetryAfter asked = parse(seconds);
            assertTrue(asked.longerThan(Duration.ofSeconds(60)), seconds);
            String said = asked.whenToTryAgain(NOW);
            assertTrue(said.matches("it asks to wait " + seconds + " s, about [0-9,]+ years: longer than any date"), said);
        }
        assertEquals("it asks to wait 9223372036854775807 s, about 292,277,024,626 years: longer than any date",
                parse("9223372036854775807").whenToTryAgain(NOW));
    }

    @Test
    void anHttpDateIsAWaitUntilThen() {
        RetryAfter asked = parse("Fri, 14 Mar 2025 08:00:30 GMT");  // 09:00:30 in Berlin

        assertEquals(Duration.ofSeconds(30), asked.delay());
    }

    @Test
    void anHttpDateTomorrowNamesItsDate() {
        RetryAfter asked = parse("Sat, 15 Mar 2025 08:00:00 GMT");

        assertTrue(asked.longerThan(Duration.ofSeconds(60)));
        assertEquals("it asks to wait 86400 s: try again after 2025-03-15 09:00:00", asked.whenToTryAgain(NOW));
    }
}
