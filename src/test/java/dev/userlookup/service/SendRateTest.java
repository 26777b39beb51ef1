package dev.userlookup.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The rate the refusals teach: its fall at a refusal and its CUBIC curve back, on explicit times. */
class SendRateTest {

    private static final long MS = 1_000_000L;
    private static final long START = 5_000 * MS;

    private static long at(long millis) {
        return START + millis * MS;
    }

    @Test
    void untilTheFirstRefusalRequestsGoAtOnce() {
        SendRate rate = new SendRate(START);
        for (int i = 0; i < 100; i++) {
            rate.sent(at(i / 10));
            rate.letThrough(at(i / 10), at(i / 10));
        }

        assertEquals(0, rate.perSecond());
        assertTrue(rate.nextSend() <= at(10));
    }

    @Test
    void aRefusalFallsUnderTheSpacingTheServiceRefused() {
        SendRate rate = new SendRate(START);
        rate.sent(at(0));
        rate.letThrough(at(0), at(20));
        rate.sent(at(250));
        rate.refused(at(250), at(270));

        // 250 ms after the one let through is 4 a second: the plateau is 90% of it, the rate 80% of that.
        assertEquals(3.6 * SendRate.KEEP, rate.perSecond(), 1e-9);
        assertEquals(at(250) + (long) (1e9 / (3.6 * SendRate.KEEP)), rate.nextSend());
    }

    @Test
    void aRefusalFallsUnderTheRateRequestsWereSentAtWhenThatIsLower() {
        // A service with a burst let the first ones through at once: the refusal's spacing says
        // little. Six requests went in the second before the refused one.
        SendRate rate = new SendRate(START);
        for (int i = 0; i < 5; i++) {
            rate.sent(at(2_000 + 150 * i));
            rate.letThrough(at(2_000 + 150 * i), at(2_010 + 150 * i));
        }
        rate.sent(at(2_700));
        rate.refused(at(2_700), at(2_710));

        assertEquals(6 * SendRate.BELOW_REFUSED * SendRate.KEEP, rate.perSecond(), 1e-9);
    }

    @Test
    void theRateClimbsBackToAPlateauUnderTheRateRefusedAndPastItSlowlyThenFaster() {
        SendRate rate = new SendRate(START);
        rate.sent(at(0));
        rate.letThrough(at(0), at(0));
        rate.sent(at(100));
        rate.refused(at(100), at(100));  // 10 a second refused: the plateau is 9
        double plateau = 9;

        double[] seconds = {0.5, 1, 2, 3, SendRate.PLATEAU_SECONDS, 4, 5, 6, 8, 10};
        double before = rate.perSecond();
        for (double s : seconds) {
            long now = at(100 + Math.round(s * 1000));
            rate.letThrough(now - 10 * MS, now);
            double perSecond = rate.perSecond();
            assertTrue(perSecond >= before, s + " s: " + perSecond + " after " + before);
            before = perSecond;
        }
        assertEquals(plateau, valueAt(rate, SendRate.PLATEAU_SECONDS), 1e-6, "flat at the plateau");
        assertTrue(valueAt(rate, SendRate.PLATEAU_SECONDS + 2) < plateau * 1.05, "within 5% of it 2 s on");
        assertTrue(valueAt(rate, 2) > plateau * 0.95, "near it already 2 s after the refusal");
        assertTrue(valueAt(rate, 12) > plateau * 2, "past it, a limit that was raised is found");
    }

    /** The rate after an answer {@code seconds} after the refusal at 100 ms. */
    private static double valueAt(SendRate rate, double seconds) {
        long now = at(100 + Math.round(seconds * 1000));
        rate.letThrough(now, now);
        return rate.perSecond();
    }

    @Test
    void theRateNeverFallsBelowARequestEveryTenSeconds() {
        SendRate rate = new SendRate(START);
        for (int i = 0; i < 50; i++) {
            rate.sent(at(i));
            rate.refused(at(i), at(i));
        }

        assertEquals(SendRate.MIN_PER_SECOND, rate.perSecond(), 1e-12);
    }
}
