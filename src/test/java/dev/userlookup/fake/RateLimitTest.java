package dev.userlookup.fake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The stub's rate limit refuses as nginx's limit_req does, on the clock it is given. */
class RateLimitTest {

    private final AtomicLong nanos = new AtomicLong(7_000_000_000L);

    private void advanceMillis(long millis) {
        nanos.addAndGet(millis * 1_000_000L);
    }

    @Test
    void withoutABurstARequestPassesOnlyOneIntervalAfterTheLastThatPassed() {
        RateLimit limit = RateLimit.nginx(2, 0, nanos::get);

        assertTrue(limit.admit(), "the first");
        assertFalse(limit.admit(), "at once");
        advanceMillis(499);
        assertFalse(limit.admit(), "a millisecond early");
        advanceMillis(1);
        assertTrue(limit.admit(), "500 ms after the last that passed");
        advanceMillis(300);
        assertFalse(limit.admit());
        advanceMillis(300);
        assertTrue(limit.admit(), "a refused request does not fill the bucket: 600 ms after the last that passed");
        assertEquals(3, limit.passed());
        assertEquals(3, limit.refused());
    }

    @Test
    void aBurstWithNodelayLetsThatManyMorePassAtOnceThenDrainsAtTheRate() {
        RateLimit limit = RateLimit.nginx(2, 5, nanos::get);

        for (int i = 0; i < 6; i++) {
            assertTrue(limit.admit(), "request " + i + " of the burst");
        }
        assertFalse(limit.admit(), "past the burst");
        advanceMillis(500);
        assertTrue(limit.admit(), "one more each 500 ms");
        assertFalse(limit.admit());
        advanceMillis(3000);
        for (int i = 0; i < 6; i++) {
            assertTrue(limit.admit(), "drained by 3 s: six pass again, request " + i);
        }
        assertFalse(limit.admit());
    }

    @Test
    void aResetLimitStartsAsNewItsBucketEmptyAndNothingCounted() {
        RateLimit limit = RateLimit.nginx(2, 0, nanos::get);
        assertTrue(limit.admit());
        assertFalse(limit.admit());

        limit.reset();

        assertEquals(0, limit.passed());
        assertEquals(0, limit.refused());
        assertTrue(limit.admit(), "the first request after a reset passes at once, as the very first did");
        assertFalse(limit.admit());
    }

    @Test
    void aRefusalIsNginxsOwnPageWithoutRetryAfter() {
        FakeReply page = RateLimit.nginx(2, 0, nanos::get).refusal();

        assertEquals(503, page.status());
        assertEquals("text/html", page.headers().get("Content-Type"));
        assertFalse(page.headers().containsKey("Retry-After"));
        assertTrue(new String(page.body(), java.nio.charset.StandardCharsets.UTF_8).contains("<center>nginx</center>"));
        assertEquals(429, RateLimit.nginx(2, 0, nanos::get).refusingWith(429).refusal().status());
    }
}
