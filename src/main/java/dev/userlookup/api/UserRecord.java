package dev.userlookup.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A user as the service sent it ({@link #json}, every field and value kept, for lossless
 * output) and its typed reading ({@link #user}), made only when a table or CSV row needs it:
 * for JSON output of a long walk it would cost more than parsing itself. The JSON types were
 * checked on arrival ({@link UserShape}); a value the typed reading still cannot take (a
 * timestamp that is not ISO-8601) is a {@link ServiceException.BadResponse} at that point.
 */
public final class UserRecord {

    private final ObjectNode json;
    private final String operation;
    private User user;

    UserRecord(ObjectNode json, String operation) {
        this.json = json;
        this.operation = operation;
    }

    /** A record whose typed reading is already known (tests, and callers that built both). */
    public UserRecord(ObjectNode json, User user) {
        this.json = json;
        this.operation = "read user";
        this.user = user;
    }

    public ObjectNode json() {
        return json;
    }

    /** The user_id, checked to be a string when the record was made. */
    public String userId() {
        return json.get("user_id").asText();
    }

    public User user() {
        User typed = user;
        if (typed == null) {
            typed = read();
            user = typed;
        }
        return typed;
    }

    private User read() {
        try {
            return Json.mapper().treeToValue(json, User.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            String reason = root instanceof JsonProcessingException
                    ? ((JsonProcessingException) root).getOriginalMessage() : root.getMessage();
            String path = e instanceof JsonMappingException ? ResponseParser.fieldPath((JsonMappingException) e) : "";
            throw new ServiceException.BadResponse(operation, "user " + userId() + ": " + path + ResponseParser.firstLine(reason), e);
        }
    }
}
