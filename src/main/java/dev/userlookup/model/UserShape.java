package dev.userlookup.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Checks that a user object has the JSON types the service specifies, on the parser's tokens as
 * they go by: cheap enough for every user of a long walk, so wrong types are refused in every
 * output format while JSON output never pays for a tree or the typed reading. Unknown fields are
 * passed over ({@link AnyValue}). Where a field comes twice the last one counts, as for any reader that builds a
 * map (jq, a Jackson tree). On the way it takes the user_id (each user is printed once) and, when
 * asked, the fields a row shows ({@link UserSummary}).
 *
 * <p>One instance reads the users of one body, one after another: not for several threads. A
 * well-formed user allocates nothing here but the user_id (and the summary when asked).
 */
final class UserShape {

    private static final String[] SOURCE_TEXT = {"logo", "name", "slug"};
    private static final String[] TIME_ZONE_TEXT = {"id", "source_slug", "updated_at"};
    private static final String[] BIRTH_DATE_TEXT = {"value", "source_slug", "updated_at"};
    private static final int SLUG = 2;
    private static final int TIME_ZONE_ID = 0;
    private static final int BIRTH_DATE_VALUE = 0;
    private static final int NONE = -1;

    // The checks in the order their problems are reported: the first one wins whatever order the
    // fields came in, and a field sent again replaces what its earlier value left.
    private static final int USER_ID = 0;
    private static final int CLIENT_USER_ID = 1;
    private static final int TEAM_ID = 2;
    private static final int CREATED_ON = 3;
    private static final int INGESTION_START = 4;
    private static final int INGESTION_END = 5;
    private static final int CONNECTED_SOURCES = 6;
    private static final int TIME_ZONE = 7;
    private static final int BIRTH_DATE = 8;
    private static final int CHECKS = 9;

    private static final String NO_USER_ID = "a user has no user_id";
    private static final String NO_CLIENT_USER_ID = "a user has no client_user_id";

    private final boolean summarize;
    private final String[] problems = new String[CHECKS];
    /** By check: the text of the field (user_id always, the rest when summarizing). */
    private final String[] text = new String[CHECKS];
    /** The string fields of the nested object being read, by position in its list of names. */
    private final String[] nestedProblems = new String[3];
    /** The text of the one field of the nested object just read that the summary wants. */
    private String nestedText;
    private final List<String> slugs = new ArrayList<>();

    /** @param summarize whether to keep the fields of a row, for {@link #summary()} */
    UserShape(boolean summarize) {
        this.summarize = summarize;
    }

    /**
     * Reads the user object whose START_OBJECT the parser is at, through its END_OBJECT.
     *
     * @return null when the user is well formed, otherwise what is wrong, with the field's path
     */
    String read(JsonParser parser) throws IOException {
        Arrays.fill(problems, null);
        Arrays.fill(text, null);
        slugs.clear();
        problems[USER_ID] = NO_USER_ID;
        problems[CLIENT_USER_ID] = NO_CLIENT_USER_ID;
        for (String field = parser.nextFieldName(); field != null; field = parser.nextFieldName()) {
            JsonToken token = parser.nextToken();
            switch (field) {
                case "user_id" -> required(parser, token, USER_ID, "user_id", NO_USER_ID);
                case "client_user_id" -> required(parser, token, CLIENT_USER_ID, "client_user_id", NO_CLIENT_USER_ID);
                case "team_id" -> text(parser, token, TEAM_ID, "team_id");
                case "created_on" -> text(parser, token, CREATED_ON, "created_on");
                case "ingestion_start" -> text(parser, token, INGESTION_START, "ingestion_start");
                case "ingestion_end" -> text(parser, token, INGESTION_END, "ingestion_end");
                case "connected_sources" -> problems[CONNECTED_SOURCES] = connectedSources(parser, token);
                case "fallback_time_zone" -> {
                    problems[TIME_ZONE] = object(parser, token, "fallback_time_zone", TIME_ZONE_TEXT, TIME_ZONE_ID);
                    text[TIME_ZONE] = nestedText;
                }
                case "fallback_birth_date" -> {
                    problems[BIRTH_DATE] = object(parser, token, "fallback_birth_date", BIRTH_DATE_TEXT, BIRTH_DATE_VALUE);
                    text[BIRTH_DATE] = nestedText;
                }
                default -> AnyValue.pass(parser, token);
            }
        }
        for (String problem : problems) {
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    /** The user_id of the user last read well formed. */
    String userId() {
        return text[USER_ID];
    }

    /** The row fields of the user last read well formed; null when not summarizing. */
    UserSummary summary() {
        if (!summarize) {
            return null;
        }
        return new UserSummary(text[USER_ID], text[TEAM_ID], text[CLIENT_USER_ID], text[CREATED_ON], slugs,
                text[TIME_ZONE], text[BIRTH_DATE], text[INGESTION_START], text[INGESTION_END]);
    }

    private void required(JsonParser parser, JsonToken token, int check, String field, String missing) throws IOException {
        if (token == JsonToken.VALUE_NULL) {
            problems[check] = missing;
            text[check] = null;
        } else {
            text(parser, token, check, field);
        }
    }

    private void text(JsonParser parser, JsonToken token, int check, String field) throws IOException {
        problems[check] = textProblem(parser, token, field);
        text[check] = token == JsonToken.VALUE_STRING && (summarize || check == USER_ID) ? parser.getText() : null;
    }

    /** @return null when the value is a string or null, else the problem; the value is passed over */
    private static String textProblem(JsonParser parser, JsonToken token, String field) throws IOException {
        if (token == JsonToken.VALUE_STRING || token == JsonToken.VALUE_NULL) {
            return null;
        }
        AnyValue.pass(parser, token);
        return field + ": expected a string, got " + ResponseParser.kind(token);
    }

    private String connectedSources(JsonParser parser, JsonToken token) throws IOException {
        slugs.clear();
        if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        if (token != JsonToken.START_ARRAY) {
            AnyValue.pass(parser, token);
            return "connected_sources: expected an array, got " + ResponseParser.kind(token);
        }
        String first = null;
        int index = 0;
        for (JsonToken item = parser.nextToken(); item != JsonToken.END_ARRAY; item = parser.nextToken(), index++) {
            String problem = null;
            if (item == JsonToken.START_OBJECT) {
                problem = connectedSource(parser);
                if (problem != null) {
                    problem = "connected_sources[" + index + "]." + problem;
                }
            } else if (item != JsonToken.VALUE_NULL) {
                AnyValue.pass(parser, item);
                problem = "connected_sources[" + index + "]: expected an object, got " + ResponseParser.kind(item);
            }
            if (first == null) {
                first = problem;
            }
        }
        return first;
    }

    /** A connected source: its created_on, then the field {@link SourceField} chooses, and only that one. */
    private String connectedSource(JsonParser parser) throws IOException {
        String createdOn = null;
        JsonToken provider = null;
        String providerProblem = null;
        String providerSlug = null;
        String sourceProblem = null;
        String sourceSlug = null;
        for (String field = parser.nextFieldName(); field != null; field = parser.nextFieldName()) {
            JsonToken token = parser.nextToken();
            switch (field) {
                case "created_on" -> createdOn = textProblem(parser, token, "created_on");
                case SourceField.PROVIDER -> {
                    provider = token;
                    providerProblem = object(parser, token, SourceField.PROVIDER, SOURCE_TEXT, SLUG);
                    providerSlug = nestedText;
                }
                case SourceField.DEPRECATED_SOURCE -> {
                    sourceProblem = object(parser, token, SourceField.DEPRECATED_SOURCE, SOURCE_TEXT, SLUG);
                    sourceSlug = nestedText;
                }
                default -> AnyValue.pass(parser, token);
            }
        }
        // Only the field that is read is checked: a deprecated source beside a provider may hold anything.
        boolean fromProvider = SourceField.sent(provider);
        String slug = fromProvider ? providerSlug : sourceSlug;
        if (slug != null) {
            slugs.add(slug);
        }
        return createdOn != null ? createdOn : fromProvider ? providerProblem : sourceProblem;
    }

    /**
     * An object (or null) whose fields {@code names} are strings (or null); leaves in
     * {@link #nestedText} the text of {@code names[wanted]} when summarizing.
     *
     * @return null, or the problem relative to the object's parent
     */
    private String object(JsonParser parser, JsonToken token, String field, String[] names, int wanted) throws IOException {
        nestedText = null;
        if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        if (token != JsonToken.START_OBJECT) {
            AnyValue.pass(parser, token);
            return field + ": expected an object, got " + ResponseParser.kind(token);
        }
        Arrays.fill(nestedProblems, null);
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
            JsonToken value = parser.nextToken();
            int position = indexOf(names, name);
            if (position == NONE) {
                AnyValue.pass(parser, value);
                continue;
            }
            nestedProblems[position] = textProblem(parser, value, name);
            if (position == wanted && summarize) {
                nestedText = value == JsonToken.VALUE_STRING ? parser.getText() : null;
            }
        }
        for (String problem : nestedProblems) {
            if (problem != null) {
                return field + "." + problem;
            }
        }
        return null;
    }

    private static int indexOf(String[] names, String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return NONE;
    }
}
