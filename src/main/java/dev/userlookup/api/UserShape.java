package dev.userlookup.api;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Checks that a user object has the JSON types the service specifies, on the tree already
 * parsed: cheap enough for every user of a long walk, so wrong types are refused in every output
 * format while JSON output never pays for the typed reading. Unknown fields are not looked at.
 */
final class UserShape {

    private static final String[] TOP_LEVEL_TEXT = {"team_id", "created_on", "ingestion_start", "ingestion_end"};
    private static final String[] SOURCE_TEXT = {"logo", "name", "slug"};
    private static final String[] TIME_ZONE_TEXT = {"id", "source_slug", "updated_at"};
    private static final String[] BIRTH_DATE_TEXT = {"value", "source_slug", "updated_at"};

    private UserShape() {
    }

    /** @return null when the user is well formed, otherwise what is wrong, with the field's path */
    static String problem(JsonNode user) {
        for (String field : new String[] {"user_id", "client_user_id"}) {
            JsonNode value = user.get(field);
            if (value == null || value.isNull()) {
                return "a user has no " + field;
            }
            if (!value.isTextual()) {
                return field + ": expected a string, got " + ResponseParser.kind(value);
            }
        }
        String problem = textFields(user, "", TOP_LEVEL_TEXT);
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
                String path = "connected_sources[" + i + "]";
                if (connected.isNull()) {
                    continue;
                }
                if (!connected.isObject()) {
                    return path + ": expected an object, got " + ResponseParser.kind(connected);
                }
                problem = textFields(connected, path + ".", new String[] {"created_on"});
                if (problem == null) {
                    problem = object(connected, path + ".", "source", SOURCE_TEXT);
                }
                if (problem != null) {
                    return problem;
                }
            }
        }
        problem = object(user, "", "fallback_time_zone", TIME_ZONE_TEXT);
        return problem != null ? problem : object(user, "", "fallback_birth_date", BIRTH_DATE_TEXT);
    }

    private static String object(JsonNode parent, String path, String field, String[] textFields) {
        JsonNode value = parent.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isObject()) {
            return path + field + ": expected an object, got " + ResponseParser.kind(value);
        }
        return textFields(value, path + field + ".", textFields);
    }

    private static String textFields(JsonNode parent, String path, String[] fields) {
        for (String field : fields) {
            JsonNode value = parent.get(field);
            if (value != null && !value.isNull() && !value.isTextual()) {
                return path + field + ": expected a string, got " + ResponseParser.kind(value);
            }
        }
        return null;
    }
}
