package dev.userlookup.service;

import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The seconds are read whatever their number of digits, so a wait past what a {@code long} or a date
 * can hold is still a long wait (never a time of day that wrapped round).
 */
final class RetryAfter {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);
    private static final BigInteger SECONDS_A_YEAR = BigInteger.valueOf(31_556_952L); // the Gregorian year's mean
    /** The last moment a date is shown for: past it, people get the wait in years. */
    private static final LocalDateTime LAST_DATE = LocalDateTime.of(9999, 12, 31, 23, 59, 59);

    private final BigInteger seconds;
    private final Duration wait;

    private RetryAfter(BigInteger seconds, Duration wait) {
        this.seconds = seconds;
        this.wait = wait;
    }

    static RetryAfter parse(String header, Instant now) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String value = header.trim();
        if (value.matches("[+-]?[0-9]+")) {
            BigInteger seconds = new BigInteger(value).max(BigInteger.ZERO);
            // Past a long: a Duration could not hold it, nor could any clock wait for it.
            return new RetryAfter(seconds, seconds.bitLength() < 63 ? Duration.ofSeconds(seconds.longValueExact()) : null);
        }
        Instant when = HttpDate.parse(value);
        if (when == null) {
            return null;
        }
        Duration wait = Duration.between(now, when);
        wait = wait.isNegative() ? Duration.ZERO : wait;
        // Whole seconds, rounded up: "after" must not name a moment before the one asked for.
        long whole = wait.getSeconds() + (wait.getNano() > 0 ? 1 : 0);
        return new RetryAfter(BigInteger.valueOf(whole), wait);
    }

    boolean longerThan(Duration bound) {
        return wait == null || wait.compareTo(bound) > 0;
    }

    /** The wait; only for one no longer than a bound that was checked ({@link #longerThan}). */
    Duration delay() {
        return wait;
    }

    /**
     * For a wait not sat out: how long it is and when it ends, in the local time zone, as a time
     * of day when that is today, with the date when it is not, and in years past any date.
     */
    String whenToTryAgain(ZonedDateTime now) {
        String asked = "it asks to wait " + seconds + " s";
        ZonedDateTime last = LAST_DATE.atZone(now.getZone());
        BigInteger left = BigInteger.valueOf(Math.max(0, Duration.between(now, last).getSeconds()));
        if (seconds.compareTo(left) > 0) {
            return asked + ", about " + String.format(Locale.ROOT, "%,d", seconds.divide(SECONDS_A_YEAR)) + " years: longer than any date";
        }
        ZonedDateTime then = now.withNano(0).plusSeconds(seconds.longValueExact() + (now.getNano() > 0 ? 1 : 0));
        return asked + ": try again after " + (then.toLocalDate().equals(now.toLocalDate()) ? TIME : DATE_TIME).format(then);
    }
}
