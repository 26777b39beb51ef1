package dev.userlookup.output;

import com.fasterxml.jackson.databind.JsonNode;
import dev.userlookup.api.SourceField;
import dev.userlookup.api.User;
import dev.userlookup.api.UserRecord;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** The text of the cells that CSV rows and table rows are made of. */
final class UserCells {

    static final DateTimeFormatter MINUTES_UTC = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm");
    static final DateTimeFormatter SECONDS_WITH_OFFSET = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss xxx");

    private UserCells() {
    }

    /** A string field as the service sent it (no reformatting: CSV keeps fractions and offsets). */
    static String text(JsonNode object, String field) {
        if (object == null || !object.isObject()) {
            return null;
        }
        JsonNode value = object.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        return value.isValueNode() ? value.asText() : value.toString();
    }

    static String nested(UserRecord user, String object, String field) {
        return text(user.json().get(object), field);
    }

    static String sources(User user, String separator) {
        return String.join(separator, user.sourceSlugs());
    }

    /** Slugs of the connected sources read from the JSON itself, as CSV needs no typed reading. */
    static String sources(JsonNode user, String separator) {
        JsonNode connected = user.get("connected_sources");
        StringBuilder out = new StringBuilder();
        if (connected != null && connected.isArray()) {
            for (JsonNode item : connected) {
                String slug = text(SourceField.in(item), "slug");
                if (slug != null) {
                    out.append(out.length() == 0 ? "" : separator).append(slug);
                }
            }
        }
        return out.toString();
    }

    static String timeZone(User user) {
        return user.fallbackTimeZone() == null ? null : user.fallbackTimeZone().id();
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
