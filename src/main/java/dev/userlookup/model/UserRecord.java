package dev.userlookup.model;

import dev.userlookup.model.json.Json;
import dev.userlookup.model.json.FieldNames;
import dev.userlookup.model.json.JsonBytes;
import dev.userlookup.model.json.Timestamps;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * A user as the service sent it: its bytes in the response body ({@link #source}), every field
 * and value kept, for lossless output, checked on arrival ({@link UserShape}). The other readings
 * are made when asked for, by the output that shows them: the fields of a row ({@link #summary},
 * read with the check for a page's users), a tree ({@link #json}), and from the tree the
 * typed {@link #user} a card needs. A value the typed reading still cannot take (a timestamp that is not
 * ISO-8601) is a {@link BadResponse} at that point, which quotes it with the key
 * out: the record keeps the {@link Reading} of the answer it came from.
 */
public final class UserRecord {

    private final JsonBytes source;
    private final String userId;
    private final Reading reading;
    private UserSummary summary;
    private ObjectNode json;
    private User user;
    private volatile Releasable hold;

    /** @param summary the fields of its row when read on the way, else null (read when asked) */
    UserRecord(JsonBytes source, String userId, UserSummary summary, Reading reading) {
        this.source = source;
        this.userId = userId;
        this.summary = summary;
        this.reading = reading;
    }

    /** A record whose tree and typed reading are already known (tests, and callers that built both). */
    public UserRecord(ObjectNode json, User user) {
        this.source = JsonBytes.written(json);
        this.json = json;
        this.user = user;
        this.userId = json.get("user_id").asText();
        this.reading = new Reading("read user", null);
    }

    /** The user's JSON as sent (for a record made from a tree, that tree written compactly). */
    public JsonBytes source() {
        return source;
    }

    /** The user_id, checked to be a string when the record was made. */
    public String userId() {
        return userId;
    }

    /** The fields a row shows, as sent. */
    public UserSummary summary() {
        UserSummary fields = summary;
        if (fields == null) {
            fields = summarize(source());
            summary = fields;
        }
        return fields;
    }

    /** {@code created_on} read as a time, as a row shows it; null when not sent. */
    public OffsetDateTime createdOn() {
        String text = summary().text(UserField.CREATED_ON);
        if (text == null) {
            return null;
        }
        try {
            return Timestamps.parseTimestamp(text);
        } catch (DateTimeParseException e) {
            // Not the JDK's failure as the cause: it quotes 64 characters of the value, which may end inside the key.
            throw reading.failure(named() + "created_on: " + reading.notIso("timestamp", text), null);
        }
    }

    /** The user as a tree, for the typed reading and tests: output copies the bytes. */
    public ObjectNode json() {
        ObjectNode tree = json;
        if (tree == null) {
            try (JsonParser parser = source.parser()) {
                tree = (ObjectNode) Json.mapper().readTree(parser);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            json = tree;
        }
        return tree;
    }

    public User user() {
        User typed = user;
        if (typed == null) {
            typed = read();
            user = typed;
        }
        return typed;
    }

    private static UserSummary summarize(JsonBytes bytes) {
        UserShape shape = new UserShape(true, new FieldNames());
        try (JsonParser parser = bytes.parser()) {
            parser.nextToken();
            String problem = shape.read(parser);
            if (problem != null) {
                // Only a record made from a tree that was never checked gets here.
                throw new IllegalStateException("a user that was not checked: " + problem);
            }
            return shape.summary();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Through the tree, where a field sent twice is there once, the last: data binding would refuse the second. */
    private User read() {
        try {
            return Json.mapper().treeToValue(json(), User.class);
        } catch (Timestamps.NotIso e) {
            throw reading.failure(named() + ResponseParser.fieldPath(e) + reading.notIso(e.what(), e.value()), e);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            String reason = root instanceof JsonProcessingException
                    ? ((JsonProcessingException) root).getOriginalMessage() : root.getMessage();
            String path = e instanceof JsonMappingException ? ResponseParser.fieldPath((JsonMappingException) e) : "";
            throw reading.failure(named() + path + ResponseParser.firstLine(reading.text(reason)), e);
        }
    }

    /** How a failure names the user: by its user_id, the key out. */
    private String named() {
        return "user " + reading.text(userId) + ": ";
    }

    /**
     * The same user in bytes of its own, so that the page it came in can go while it is kept
     * (find keeps the users it found until they print in input order). Not counted in any budget:
     * what is kept is bounded by the ids asked for.
     */
    public UserRecord detached() {
        byte[] own = java.util.Arrays.copyOfRange(source.body(), source.offset(), source.offset() + source.length());
        UserRecord copy = new UserRecord(new JsonBytes(own, 0, own.length), userId, summary, reading);
        copy.json = json;
        copy.user = user;
        return copy;
    }

    /** Counts this record's body (a resolve's) in a budget until {@link #release}. */
    public void held(Releasable hold) {
        this.hold = hold;
    }

    /**
     * The caller is done with a resolved user (it is written): its body leaves the run's memory
     * budget. A user of a page is counted with its page ({@link UserPage#release}).
     */
    public void release() {
        Releasable held = hold;
        if (held != null) {
            held.release();
        }
    }
}
