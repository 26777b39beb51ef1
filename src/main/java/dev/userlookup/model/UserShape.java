package dev.userlookup.model;

import dev.userlookup.model.json.AnyValue;
import dev.userlookup.model.json.FieldNames;
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
 * passed over ({@link AnyValue}). An object that names a key twice, at any depth, is refused
 * ({@link FieldNames}). The fields and their checks are {@link UserField}'s. On the way it
 * takes the user_id (each user is printed once) and, when asked, the fields a row shows
 * ({@link UserSummary}).
 *
 * <p>One instance reads the users of one body, one after another: not for several threads. A
 * well-formed user allocates nothing here but the user_id (and the summary when asked).
 */
final class UserShape {

    private static final String[] SOURCE_TEXT = {"logo", "name", "slug"};
    private static final int SLUG = 2;
    /** The string fields of a nested object besides its row member, which comes first. */
    static final String[] NESTED_TEXT = {"source_slug", "updated_at"};
    private static final int ROW_MEMBER = 0;
    private static final int NONE = -1;

    private static final UserField[] FIELDS = UserField.values();
    private static final UserField[] REPORT_ORDER = UserField.REPORT_ORDER.toArray(new UserField[0]);
    /** By field: what a user without the required field is, and the names in a nested object. */
    private static final String[] MISSING = new String[FIELDS.length];
    private static final String[][] NESTED_NAMES = new String[FIELDS.length][];

    static {
        for (UserField field : FIELDS) {
            MISSING[field.ordinal()] = "a user has no " + field.key();
            if (field.check().rowMember() != null) {
                String[] names = new String[1 + NESTED_TEXT.length];
                names[ROW_MEMBER] = field.check().rowMember();
                System.arraycopy(NESTED_TEXT, 0, names, 1, NESTED_TEXT.length);
                NESTED_NAMES[field.ordinal()] = names;
            }
        }
    }

    private final boolean summarize;
    private final FieldNames names;
    /** By field, in {@link UserField}'s order. */
    private final String[] problems = new String[FIELDS.length];
    /** By field: the text of the field (user_id always, the rest when summarizing). */
    private final String[] text = new String[FIELDS.length];
    /** The string fields of the nested object being read, by position in its list of names. */
    private final String[] nestedProblems = new String[3];
    /** The text of the one field of the nested object just read that the summary wants. */
    private String nestedText;
    private final List<String> slugs = new ArrayList<>();

    /**
     * @param summarize whether to keep the fields of a row, for {@link #summary()}
     * @param names     the names of the objects the users are in (a page's), and of theirs
     */
    UserShape(boolean summarize, FieldNames names) {
        this.summarize = summarize;
        this.names = names;
    }

    /**
     * Reads the user object whose START_OBJECT the parser is at, through its END_OBJECT.
     *
     * @return null when the user is well formed, otherwise what is wrong, with the field's path
     * @throws com.fasterxml.jackson.core.JsonParseException when an object names a key twice
     */
    String read(JsonParser parser) throws IOException {
        Arrays.fill(problems, null);
        Arrays.fill(text, null);
        slugs.clear();
        for (UserField field : FIELDS) {
            if (field.check().kind() == UserField.Check.Kind.REQUIRED_TEXT) {
                problems[field.ordinal()] = MISSING[field.ordinal()];
            }
        }
        names.open();
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
            names.add(parser, name);
            JsonToken token = parser.nextToken();
            UserField field = UserField.byKey(name);
            if (field == null) {
                AnyValue.pass(parser, token, names);
                continue;
            }
            int at = field.ordinal();
            switch (field.check().kind()) {
                case REQUIRED_TEXT -> {
                    if (token == JsonToken.VALUE_NULL) {
                        problems[at] = MISSING[at];
                        text[at] = null;
                    } else {
                        text(parser, token, field);
                    }
                }
                case TEXT -> text(parser, token, field);
                case SOURCES -> problems[at] = connectedSources(parser, token);
                case OBJECT -> {
                    problems[at] = object(parser, token, field.key(), NESTED_NAMES[at], ROW_MEMBER);
                    text[at] = nestedText;
                }
            }
        }
        names.close();
        for (UserField field : REPORT_ORDER) {
            String problem = problems[field.ordinal()];
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    /** The user_id of the user last read well formed. */
    String userId() {
        return text[UserField.USER_ID.ordinal()];
    }

    /** The row fields of the user last read well formed; null when not summarizing. */
    UserSummary summary() {
        return summarize ? new UserSummary(text, slugs) : null;
    }

    private void text(JsonParser parser, JsonToken token, UserField field) throws IOException {
        problems[field.ordinal()] = textProblem(parser, token, field.key());
        text[field.ordinal()] = token == JsonToken.VALUE_STRING && (summarize || field == UserField.USER_ID) ? parser.getText() : null;
    }

    /** @return null when the value is a string or null, else the problem; the value is passed over */
    private String textProblem(JsonParser parser, JsonToken token, String field) throws IOException {
        if (token == JsonToken.VALUE_STRING || token == JsonToken.VALUE_NULL) {
            return null;
        }
        AnyValue.pass(parser, token, names);
        return field + ": expected a string, got " + ResponseParser.kind(token);
    }

    private String connectedSources(JsonParser parser, JsonToken token) throws IOException {
        slugs.clear();
        if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        if (token != JsonToken.START_ARRAY) {
            AnyValue.pass(parser, token, names);
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
                AnyValue.pass(parser, item, names);
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
        names.open();
        for (String field = parser.nextFieldName(); field != null; field = parser.nextFieldName()) {
            names.add(parser, field);
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
                default -> AnyValue.pass(parser, token, names);
            }
        }
        names.close();
        // Only the field that is read is checked: a deprecated source beside a provider may hold anything.
        boolean fromProvider = SourceField.sent(provider);
        String slug = fromProvider ? providerSlug : sourceSlug;
        if (slug != null) {
            slugs.add(slug);
        }
        return createdOn != null ? createdOn : fromProvider ? providerProblem : sourceProblem;
    }

    /**
     * An object (or null) whose fields {@code members} are strings (or null); leaves in
     * {@link #nestedText} the text of {@code members[wanted]} when summarizing.
     *
     * @return null, or the problem relative to the object's parent
     */
    private String object(JsonParser parser, JsonToken token, String field, String[] members, int wanted) throws IOException {
        nestedText = null;
        if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        if (token != JsonToken.START_OBJECT) {
            AnyValue.pass(parser, token, names);
            return field + ": expected an object, got " + ResponseParser.kind(token);
        }
        Arrays.fill(nestedProblems, null);
        names.open();
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
            names.add(parser, name);
            JsonToken value = parser.nextToken();
            int position = indexOf(members, name);
            if (position == NONE) {
                AnyValue.pass(parser, value, names);
                continue;
            }
            nestedProblems[position] = textProblem(parser, value, name);
            if (position == wanted && summarize) {
                nestedText = value == JsonToken.VALUE_STRING ? parser.getText() : null;
            }
        }
        names.close();
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
