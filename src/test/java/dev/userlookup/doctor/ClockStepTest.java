package dev.userlookup.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The clock step, from the service's Date as the answer carries it (an instant). */
class ClockStepTest {

    @Test
    void theServicesDateIsShownInTheFormHttpSendsIt() {
        Step clock = Doctor.clockStep(Instant.parse("2026-11-05T03:00:00Z"), Instant.parse("2026-11-05T03:02:00Z"));

        assertEquals("Thu, 05 Nov 2026 03:00:00 GMT", clock.facts().get("service_date"));
        assertEquals(-120L, clock.facts().get("skew_seconds"));
        assertEquals("this machine is 120 s ahead of the service; set the clock right (NTP): certificates may look not yet valid or expired",
                clock.summary());
    }

    @Test
    void aSkewBelowASecondIsNone() {
        // This machine a little behind: the service's Date, in whole seconds, is just ahead of it.
        Step clock = Doctor.clockStep(Instant.parse("2026-11-05T03:00:00Z"), Instant.parse("2026-11-05T02:59:59.100Z"));

        assertEquals(0L, clock.facts().get("skew_seconds"));
        assertEquals("in step with the service", clock.summary());
    }

    @Test
    void noDateNoClockStep() {
        assertNull(Doctor.clockStep(null, Instant.EPOCH));
    }
}
