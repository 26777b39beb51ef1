package dev.userlookup.output.table;

import dev.userlookup.console.SafeText;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.function.UnaryOperator;

final class UserCells {

    static final String NONE = "-";

    static final DateTimeFormatter MINUTES_UTC = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm");
    static final DateTimeFormatter SECONDS_WITH_OFFSET = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss xxx");

    private UserCells() {
    }

    /** The key taken out before any cut. */
    static String cell(String text, UnaryOperator<String> redact) {
        return text == null || text.isEmpty() ? NONE : shown(text, redact);
    }

    static String shown(String text, UnaryOperator<String> redact) {
        return SafeText.escape(redact.apply(text));
    }

    static String minutesUtc(OffsetDateTime time) {
        return time == null ? null : MINUTES_UTC.format(inUtc(time));
    }

    /** The same instant in UTC; at the edges of the year range that cannot exist, so it stays as sent. */
    private static OffsetDateTime inUtc(OffsetDateTime time) {
        try {
            return time.withOffsetSameInstant(ZoneOffset.UTC);
        } catch (java.time.DateTimeException outOfRange) {
            return time;
        }
    }

    static String dateUtc(OffsetDateTime time) {
        return time == null ? null : inUtc(time).toLocalDate().toString();
    }

    static String seconds(OffsetDateTime time) {
        return time == null ? null : SECONDS_WITH_OFFSET.format(time);
    }
}
