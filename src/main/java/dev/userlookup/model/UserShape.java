package dev.userlookup.model;

import dev.userlookup.model.json.AnyValue;
import dev.userlookup.model.json.JsonBytes;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Checks types on the parser's tokens as they go by: cheap enough for every user of a long walk,
 * so wrong types are refused in every format while JSON output never pays for a tree. Takes the
 * known fields' text on the same pass, so no output reads the user again. Not for several threads.
 */
final class UserShape implements ResponseParser.Shape<UserRecord> {

    /** {@code provider} unless missing or null (then a wrong type is an error, not a fallback); else the deprecated {@code source} older services send alone. */
    private static final String PROVIDER = "provider";
    private static final String DEPRECATED_SOURCE = "source";
    private static final String[] SOURCE_TEXT = {"logo", "name", "slug"};
    private static final int NAME = 1;
    private static final int SLUG = 2;
    private static final int ROW_MEMBER = 0;

    private static final UserField[] FIELDS = UserField.values();
    private static final UserField[] REPORT_ORDER = UserField.REPORT_ORDER.toArray(new UserField[0]);
    /** A user's problems before any field is read: each required field is missing until it comes. */
    private static final String[] UNREAD = new String[FIELDS.length];
    private static final String[][] NESTED_NAMES = new String[FIELDS.length][];

    static {
        for (UserField field : FIELDS) {
            if (field.check() == UserField.Check.REQUIRED_TEXT) {
                UNREAD[field.ordinal()] = "a user has no " + field.key();
            }
            if (field.rowMember() != null) {
                // The row member first, as in UserRecord.Nested.
                NESTED_NAMES[field.ordinal()] = new String[] {field.rowMember(), "source_slug", "updated_at"};
            }
        }
    }

    private final Question question;
    private final byte[] body;
    private final String[] problems = new String[FIELDS.length];
    private final String[] text = new String[FIELDS.length];
    private final String[][] nested = new String[FIELDS.length][];
    private final String[] nestedProblems = new String[3];
    private String[] nestedText;
    private final List<UserRecord.ConnectedSource> sources = new ArrayList<>();

    UserShape(Question question, byte[] body) {
        this.question = question;
        this.body = body;
    }

    /** The problem has the field's path. */
    @Override
    public String read(JsonParser parser) throws IOException {
        System.arraycopy(UNREAD, 0, problems, 0, FIELDS.length);
        Arrays.fill(text, null);
        Arrays.fill(nested, null);
        sources.clear();
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
            JsonToken token = parser.nextToken();
            UserField field = UserField.byKey(name);
            if (field == null) {
                AnyValue.pass(parser, token);
                continue;
            }
            int at = field.ordinal();
            switch (field.check()) {
                case REQUIRED_TEXT -> {
                    if (token == JsonToken.VALUE_NULL) {
                        problems[at] = UNREAD[at];
                        text[at] = null;
                    } else {
                        text(parser, token, field);
                    }
                }
                case TEXT -> text(parser, token, field);
                case SOURCES -> problems[at] = connectedSources(parser, token);
                case OBJECT -> {
                    problems[at] = object(parser, token, field.key(), NESTED_NAMES[at]);
                    nested[at] = nestedText;
                    text[at] = nestedText == null ? null : nestedText[ROW_MEMBER];
                }
            }
        }
        for (UserField field : REPORT_ORDER) {
            String problem = problems[field.ordinal()];
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    @Override
    public UserRecord made(int start, int end) {
        return new UserRecord(new JsonBytes(body, start, end - start), text.clone(), nested.clone(), List.copyOf(sources), question);
    }

    private void text(JsonParser parser, JsonToken token, UserField field) throws IOException {
        problems[field.ordinal()] = textProblem(parser, token, field.key());
        text[field.ordinal()] = token == JsonToken.VALUE_STRING ? parser.getText() : null;
    }

    private String textProblem(JsonParser parser, JsonToken token, String field) throws IOException {
        if (token == JsonToken.VALUE_STRING || token == JsonToken.VALUE_NULL) {
            return null;
        }
        AnyValue.pass(parser, token);
        return field + ": expected a string, got " + ResponseParser.kind(token);
    }

    private String connectedSources(JsonParser parser, JsonToken token) throws IOException {
        sources.clear();
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
                problem = connectedSource(parser, index);
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

    private String connectedSource(JsonParser parser, int index) throws IOException {
        String createdOnProblem = null;
        String createdOn = null;
        JsonToken provider = null;
        String providerProblem = null;
        String[] providerText = null;
        String sourceProblem = null;
        String[] sourceText = null;
        for (String field = parser.nextFieldName(); field != null; field = parser.nextFieldName()) {
            JsonToken token = parser.nextToken();
            switch (field) {
                case "created_on" -> {
                    createdOnProblem = textProblem(parser, token, "created_on");
                    createdOn = token == JsonToken.VALUE_STRING ? parser.getText() : null;
                }
                case PROVIDER -> {
                    provider = token;
                    providerProblem = object(parser, token, PROVIDER, SOURCE_TEXT);
                    providerText = nestedText;
                }
                case DEPRECATED_SOURCE -> {
                    sourceProblem = object(parser, token, DEPRECATED_SOURCE, SOURCE_TEXT);
                    sourceText = nestedText;
                }
                default -> AnyValue.pass(parser, token);
            }
        }
        // Only the field that is read is checked: a deprecated source beside a provider may hold anything.
        boolean fromProvider = provider != null && provider != JsonToken.VALUE_NULL;
        String[] chosen = fromProvider ? providerText : sourceText;
        sources.add(new UserRecord.ConnectedSource(index, chosen == null ? null : chosen[SLUG], chosen == null ? null : chosen[NAME],
                createdOn));
        return createdOnProblem != null ? createdOnProblem : fromProvider ? providerProblem : sourceProblem;
    }

    /** Leaves the members' text in {@link #nestedText}; the problem is relative to the object's parent. */
    private String object(JsonParser parser, JsonToken token, String field, String[] members) throws IOException {
        nestedText = null;
        if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        if (token != JsonToken.START_OBJECT) {
            AnyValue.pass(parser, token);
            return field + ": expected an object, got " + ResponseParser.kind(token);
        }
        Arrays.fill(nestedProblems, null);
        String[] values = new String[members.length];
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
            JsonToken value = parser.nextToken();
            int position = Arrays.asList(members).indexOf(name);
            if (position < 0) {
                AnyValue.pass(parser, value);
                continue;
            }
            nestedProblems[position] = textProblem(parser, value, name);
            values[position] = value == JsonToken.VALUE_STRING ? parser.getText() : null;
        }
        nestedText = values;
        for (String problem : nestedProblems) {
            if (problem != null) {
                return field + "." + problem;
            }
        }
        return null;
    }
}
