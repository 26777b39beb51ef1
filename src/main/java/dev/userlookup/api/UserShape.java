package dev.userlookup.api;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Checks that a user object has the JSON types the service specifies, on the tree already
 * parsed: cheap enough for every user of a long walk, so wrong types are refused in every output
 * format while JSON output never pays for the typed reading. Unknown fields are not looked at.
 */
final class UserShape {

    private static final String[] REQUIRED_TEXT = {"user_id", "client_user_id"};
    private static final String[] CONNECTED_TEXT = {"created_on"};
    private static final String[] TOP_LEVEL_TEXT = {"team_id", "created_on", "ingestion_start", "ingestion_end"};
    private static final String[] SOURCE_TEXT = {"logo", "name", "slug"};
    private static final String[] TIME_ZONE_TEXT = {"id", "source_slug", "updated_at"};
    private static final String[] BIRTH_DATE_TEXT = {"value", "source_slug", "updated_at"};

    private UserShape() {
    }

    /**
     * @return null when the user is well formed, otherwise what is wrong, with the field's path.
     *     Runs for every user of a walk: nothing is allocated unless something is wrong.
     */
    static String problem(JsonNode user) {
        for (String field : REQUIRED_TEXT) {
            JsonNode value = user.get(field);
            if (value == null || value.isNull()) {
                return "a user has no " + field;
            }
            if (!value.isTextual()) {
                return field + ": expected a string, got " + ResponseParser.kind(value);
            }
        }
        String problem = textFields(user, TOP_LEVEL_TEXT);
        if (problem != null) {
            return problem;
        }
        JsonNode sources = user.get("connected_sources");
        if (sources != null && !sources.isNull()) {
            if (!sources.isArray()) {
                return "connected_sources: expected an array, got " + ResponseParser.kind(sources);
            }
            for (int i = 0; i < sources.size(); i++) {
                JsonNode connected = sources.get(i);
                if (connected.isNull()) {
                    continue;
                }
                if (!connected.isObject()) {
                    return "connected_sources[" + i + "]: expected an object, got " + ResponseParser.kind(connected);
                }
                problem = textFields(connected, CONNECTED_TEXT);
                if (problem == null) {
                    // Only the field that is read is checked: a deprecated source beside a provider may hold anything.
                    problem = object(connected, SourceField.nameIn(connected), SOURCE_TEXT);
                }
                if (problem != null) {
                    return "connected_sources[" + i + "]." + problem;
                }
            }
        }
        problem = object(user, "fallback_time_zone", TIME_ZONE_TEXT);
        return problem != null ? problem : object(user, "fallback_birth_date", BIRTH_DATE_TEXT);
    }

    /** @return null, or the problem relative to {@code parent} */
    private static String object(JsonNode parent, String field, String[] textFields) {
        JsonNode value = parent.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isObject()) {
            return field + ": expected an object, got " + ResponseParser.kind(value);
        }
        String problem = textFields(value, textFields);
        return problem == null ? null : field + "." + problem;
    }

    /** @return null, or the problem relative to {@code parent} */
    private static String textFields(JsonNode parent, String[] fields) {
        for (String field : fields) {
            JsonNode value = parent.get(field);
            if (value != null && !value.isNull() && !value.isTextual()) {
                return field + ": expected a string, got " + ResponseParser.kind(value);
            }
        }
        return null;
    }
}
