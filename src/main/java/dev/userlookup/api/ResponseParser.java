package dev.userlookup.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Turns response bodies into users, or a {@link ServiceException.BadResponse} saying what is wrong. */
final class ResponseParser {

    private ResponseParser() {
    }

    static UserRecord user(String operation, byte[] body) {
        JsonNode root = parse(operation, body);
        if (!root.isObject()) {
            throw new ServiceException.BadResponse(operation, "expected a user object, got " + kind(root), null);
        }
        return toRecord(operation, (ObjectNode) root, "");
    }

    static UserPage page(String operation, byte[] body) {
        JsonNode root = parse(operation, body);
        if (!root.isObject()) {
            throw new ServiceException.BadResponse(operation, "expected a user list object, got " + kind(root), null);
        }
        JsonNode users = root.get("users");
        if (users == null || !users.isArray()) {
            throw new ServiceException.BadResponse(operation,
                    users == null ? "it has no \"users\" array" : "\"users\" is " + kind(users) + ", not an array", null);
        }
        List<UserRecord> records = new ArrayList<>(users.size());
        for (int i = 0; i < users.size(); i++) {
            JsonNode item = users.get(i);
            if (!item.isObject()) {
                throw new ServiceException.BadResponse(operation, "users[" + i + "] is " + kind(item) + ", not a user object", null);
            }
            records.add(toRecord(operation, (ObjectNode) item, "users[" + i + "]: "));
        }
        return new UserPage((ObjectNode) root, records,
                number(operation, root, "total"), number(operation, root, "offset"), intNumber(operation, root, "limit"));
    }

    private static JsonNode parse(String operation, byte[] body) {
        if (body.length == 0) {
            throw new ServiceException.BadResponse(operation, "the body is empty", null);
        }
        int invalid = Utf8.firstInvalid(body);
        if (invalid >= 0) {
            throw new ServiceException.BadResponse(operation, "the body is not valid UTF-8 (at byte " + invalid + ")", null);
        }
        try {
            JsonNode root = Json.mapper().readTree(body);
            if (root == null || root.isMissingNode()) {
                throw new ServiceException.BadResponse(operation, "the body is empty", null);
            }
            return root;
        } catch (com.fasterxml.jackson.core.exc.StreamConstraintsException e) {
            throw new ServiceException.BadResponse(operation, "it goes beyond what the tool accepts: "
                    + firstLine(e.getOriginalMessage()).replaceAll(",? from `[^`]*`\\)?", ")").replace("))", ")"), e);
        } catch (com.fasterxml.jackson.databind.exc.MismatchedInputException e) {
            boolean trailing = String.valueOf(e.getOriginalMessage()).startsWith("Trailing token");
            throw new ServiceException.BadResponse(operation,
                    trailing ? "there is more after the JSON document" : firstLine(e.getOriginalMessage()), e);
        } catch (JsonProcessingException e) {
            throw new ServiceException.BadResponse(operation, firstLine(e.getOriginalMessage()), e);
        } catch (IOException e) {
            throw new ServiceException.BadResponse(operation, firstLine(e.getMessage()), e);
        } catch (RuntimeException e) {
            // Jackson lets a few number failures through unchecked (an exponent that overflows).
            throw new ServiceException.BadResponse(operation, "a number is out of any usable range", e);
        }
    }

    private static UserRecord toRecord(String operation, ObjectNode json, String where) {
        String problem = UserShape.problem(json);
        if (problem != null) {
            throw new ServiceException.BadResponse(operation, where + problem, null);
        }
        return new UserRecord(json, operation);
    }

    static String fieldPath(com.fasterxml.jackson.databind.JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (com.fasterxml.jackson.databind.JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                if (path.length() > 0) {
                    path.append('.');
                }
                path.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.length() == 0 ? "" : path + ": ";
    }

    private static Long number(String operation, JsonNode root, String field) {
        JsonNode value = root.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw new ServiceException.BadResponse(operation, "\"" + field + "\" is " + kind(value) + ", not a whole number", null);
        }
        return value.longValue();
    }

    private static Integer intNumber(String operation, JsonNode root, String field) {
        Long value = number(operation, root, field);
        if (value != null && (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE)) {
            throw new ServiceException.BadResponse(operation, "\"" + field + "\" is out of range", null);
        }
        return value == null ? null : value.intValue();
    }

    static String kind(JsonNode node) {
        if (node.isObject()) {
            return "an object";
        }
        if (node.isArray()) {
            return "an array";
        }
        if (node.isTextual()) {
            return "a string";
        }
        if (node.isNumber()) {
            return "a number";
        }
        if (node.isBoolean()) {
            return "a boolean";
        }
        return "null";
    }

    static String firstLine(String text) {
        if (text == null) {
            return "unreadable";
        }
        int newline = text.indexOf('\n');
        String line = newline < 0 ? text : text.substring(0, newline);
        return line.length() > 200 ? line.substring(0, 200) + "…" : line;
    }
}
