package dev.userlookup.model;

import dev.userlookup.model.json.JsonBytes;
import dev.userlookup.model.json.AnyValue;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/** Problems are kept apart so that they are reported in the checks' order, whatever order the fields came in. */
final class PageShape implements ResponseParser.Shape<UserPage> {

    /** The page's whole numbers, in the checks' order (after "users"). */
    private static final List<String> NUMBERS = List.of("total", "offset", "limit");
    private static final int LIMIT = 2;

    private final byte[] body;
    private final UserShape shape;
    /** The problem of "users", then those of {@link #NUMBERS}. */
    private final String[] problems = {"it has no \"users\" array", null, null, null};
    private final Long[] numbers = new Long[NUMBERS.size()];
    private List<UserRecord> users = List.of();

    PageShape(Question question, byte[] body) {
        this.body = body;
        this.shape = new UserShape(question, body);
    }

    @Override
    public String read(JsonParser parser) throws IOException {
        for (String field = parser.nextFieldName(); field != null; field = parser.nextFieldName()) {
            JsonToken token = parser.nextToken();
            int number = NUMBERS.indexOf(field);
            if (field.equals("users")) {
                users(parser, token);
            } else if (number >= 0) {
                problems[1 + number] = wholeNumberProblem(parser, token, field);
                numbers[number] = problems[1 + number] == null && token != JsonToken.VALUE_NULL ? parser.getLongValue() : null;
            } else {
                AnyValue.pass(parser, token);
            }
        }
        Long limit = numbers[LIMIT];
        if (limit != null && (limit < Integer.MIN_VALUE || limit > Integer.MAX_VALUE)) {
            problems[1 + LIMIT] = "\"limit\" is out of range";
        }
        return Arrays.stream(problems).filter(Objects::nonNull).findFirst().orElse(null);
    }

    /** The document is the whole body, as sent. */
    @Override
    public UserPage made(int start, int end) {
        Long limit = numbers[LIMIT];
        return new UserPage(new JsonBytes(body, 0, body.length), users, numbers[0], numbers[1], limit == null ? null : limit.intValue());
    }

    private void users(JsonParser parser, JsonToken token) throws IOException {
        users = new ArrayList<>();
        if (token != JsonToken.START_ARRAY) {
            AnyValue.pass(parser, token);
            problems[0] = "\"users\" is " + ResponseParser.kind(token) + ", not an array";
            return;
        }
        problems[0] = null;
        int index = 0;
        for (JsonToken item = parser.nextToken(); item != JsonToken.END_ARRAY; item = parser.nextToken(), index++) {
            String problem;
            if (item == JsonToken.START_OBJECT) {
                int start = (int) parser.currentTokenLocation().getByteOffset();
                problem = shape.read(parser);
                if (problem == null) {
                    users.add(shape.made(start, (int) parser.currentLocation().getByteOffset()));
                } else {
                    problem = "users[" + index + "]: " + problem;
                }
            } else {
                AnyValue.pass(parser, item);
                problem = "users[" + index + "] is " + ResponseParser.kind(item) + ", not a user object";
            }
            if (problem != null && problems[0] == null) {
                problems[0] = problem;
            }
        }
    }

    private String wholeNumberProblem(JsonParser parser, JsonToken token, String field) throws IOException {
        if (token == JsonToken.VALUE_NULL
                || (token == JsonToken.VALUE_NUMBER_INT && parser.getNumberType() != JsonParser.NumberType.BIG_INTEGER)) {
            return null;
        }
        AnyValue.pass(parser, token);
        return "\"" + field + "\" is " + ResponseParser.kind(token) + ", not a whole number";
    }
}
