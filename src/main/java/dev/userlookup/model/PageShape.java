package dev.userlookup.model;

import dev.userlookup.model.json.JsonBytes;
import dev.userlookup.model.json.AnyValue;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Problems are kept apart so that they are reported in the checks' order, whatever order the fields came in. */
final class PageShape {

    private final Question question;
    private final byte[] body;
    private final UserShape shape;
    private String usersProblem = "it has no \"users\" array";
    private String totalProblem;
    private String offsetProblem;
    private String limitProblem;
    private List<UserRecord> users = List.of();
    private Long total;
    private Long offset;
    private Integer limit;

    PageShape(Question question, byte[] body) {
        this.question = question;
        this.body = body;
        this.shape = new UserShape();
    }

    String read(JsonParser parser) throws IOException {
        for (String field = parser.nextFieldName(); field != null; field = parser.nextFieldName()) {
            JsonToken token = parser.nextToken();
            switch (field) {
                case "users" -> users(parser, token);
                case "total" -> {
                    totalProblem = wholeNumberProblem(parser, token, "total");
                    total = totalProblem == null ? number(parser, token) : null;
                }
                case "offset" -> {
                    offsetProblem = wholeNumberProblem(parser, token, "offset");
                    offset = offsetProblem == null ? number(parser, token) : null;
                }
                case "limit" -> {
                    limitProblem = wholeNumberProblem(parser, token, "limit");
                    Long value = limitProblem == null ? number(parser, token) : null;
                    if (value != null && (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE)) {
                        limitProblem = "\"limit\" is out of range";
                    }
                    limit = limitProblem == null && value != null ? value.intValue() : null;
                }
                default -> AnyValue.pass(parser, token);
            }
        }
        for (String problem : new String[] {usersProblem, totalProblem, offsetProblem, limitProblem}) {
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private void users(JsonParser parser, JsonToken token) throws IOException {
        users = new ArrayList<>();
        if (token != JsonToken.START_ARRAY) {
            AnyValue.pass(parser, token);
            usersProblem = "\"users\" is " + ResponseParser.kind(token) + ", not an array";
            return;
        }
        usersProblem = null;
        int index = 0;
        for (JsonToken item = parser.nextToken(); item != JsonToken.END_ARRAY; item = parser.nextToken(), index++) {
            String problem;
            if (item == JsonToken.START_OBJECT) {
                int start = (int) parser.currentTokenLocation().getByteOffset();
                problem = shape.read(parser);
                if (problem == null) {
                    int end = (int) parser.currentLocation().getByteOffset();
                    users.add(shape.record(new JsonBytes(body, start, end - start), question));
                } else {
                    problem = "users[" + index + "]: " + problem;
                }
            } else {
                AnyValue.pass(parser, item);
                problem = "users[" + index + "] is " + ResponseParser.kind(item) + ", not a user object";
            }
            if (problem != null && usersProblem == null) {
                usersProblem = problem;
            }
        }
    }

    List<UserRecord> users() {
        return users;
    }

    Long total() {
        return total;
    }

    Long offset() {
        return offset;
    }

    Integer limit() {
        return limit;
    }

    private String wholeNumberProblem(JsonParser parser, JsonToken token, String field) throws IOException {
        if (token == JsonToken.VALUE_NULL
                || (token == JsonToken.VALUE_NUMBER_INT && parser.getNumberType() != JsonParser.NumberType.BIG_INTEGER)) {
            return null;
        }
        AnyValue.pass(parser, token);
        return "\"" + field + "\" is " + ResponseParser.kind(token) + ", not a whole number";
    }

    private static Long number(JsonParser parser, JsonToken token) throws IOException {
        return token == JsonToken.VALUE_NULL ? null : parser.getLongValue();
    }
}
