package dev.userlookup.model;

import dev.userlookup.model.json.JsonBytes;
import dev.userlookup.model.json.Timestamps;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A user as the service sent it, read once, on the pass that checks it ({@link UserShape}): its
 * bytes in the response body ({@link #source}), every field and value kept, for lossless output;
 * and the text of each field the tool knows ({@link UserField}), for rows, cards and CSV. A time
 * or date is read from its text only when an output shows it ({@link #time}, {@link #date}); one
 * that does not read is a {@link BadResponse} then, which quotes it with the key out: the record
 * keeps the {@link Question} its answer answered.
 */
public final class UserRecord {

    /** A nested object as sent: its row member ({@link UserField.Check#rowMember}), where it came from and when. */
    public record Nested(String value, String sourceSlug, String updatedAt) {
    }

    /**
     * A connected source: the slug and name of the field chosen, {@code provider} or
     * else the deprecated {@code source}, (null when
     * neither holds one) and when it was connected, as sent.
     *
     * @param index its place in {@code connected_sources}, as a failure names it
     */
    public record ConnectedSource(int index, String slug, String name, String createdOn) {
    }

    private final JsonBytes source;
    private final String[] texts;
    private final String[][] nested;
    private final List<ConnectedSource> sources;
    private final Question question;
    private volatile Releasable hold;

    /**
     * @param texts   by {@link UserField#ordinal}: the text sent, an object's row member
     * @param nested  by {@link UserField#ordinal}: an object's members as {@link UserShape} names them; null where not sent
     * @param sources the connected sources that are objects, in order
     */
    UserRecord(JsonBytes source, String[] texts, String[][] nested, List<ConnectedSource> sources, Question question) {
        this.source = source;
        this.texts = texts;
        this.nested = nested;
        this.sources = sources;
        this.question = question;
    }

    /** The user's JSON as sent. */
    public JsonBytes source() {
        return source;
    }

    /** The user_id, checked to be a string when the record was made. */
    public String userId() {
        return texts[UserField.USER_ID.ordinal()];
    }

    public String clientUserId() {
        return texts[UserField.CLIENT_USER_ID.ordinal()];
    }

    /** The field's text as sent (an object's row member); null where missing or null, and for the sources. */
    public String text(UserField field) {
        return texts[field.ordinal()];
    }

    /** An object field as sent; null where it is missing or null. */
    public Nested nested(UserField field) {
        String[] members = nested[field.ordinal()];
        return members == null ? null : new Nested(members[0], members[1], members[2]);
    }

    public List<ConnectedSource> sources() {
        return sources;
    }

    /** The slug of each connected source, in order; sources without one are left out. */
    public List<String> sourceSlugs() {
        List<String> slugs = new ArrayList<>(sources.size());
        for (ConnectedSource connected : sources) {
            if (connected.slug() != null) {
                slugs.add(connected.slug());
            }
        }
        return slugs;
    }

    /** {@code created_on} read as a time, as a row shows it; null when not sent. */
    public OffsetDateTime createdOn() {
        return time(UserField.CREATED_ON.key(), text(UserField.CREATED_ON));
    }

    /**
     * A timestamp of this user read as a time; null for null.
     *
     * @param path where it is, as a failure names it: {@code fallback_time_zone.updated_at}
     */
    public OffsetDateTime time(String path, String text) {
        return read(path, text, "timestamp", Timestamps::parseTimestamp);
    }

    /** A date of this user (a timestamp gives its date); null for null. */
    public LocalDate date(String path, String text) {
        return read(path, text, "date", Timestamps::parseDate);
    }

    private <T> T read(String path, String text, String what, Function<String, T> parse) {
        if (text == null) {
            return null;
        }
        try {
            return parse.apply(text);
        } catch (DateTimeParseException e) {
            // Not the JDK's failure as the cause: it quotes 64 characters of the value, which may end inside the key.
            throw question.failure("user " + question.text(userId()) + ": " + path + ": " + question.notIso(what, text), null);
        }
    }

    /**
     * The same user in bytes of its own, so that the page it came in can go while it is kept
     * (find keeps the users it found until they print in input order). Not counted in any budget:
     * what is kept is bounded by the ids asked for.
     */
    public UserRecord detached() {
        byte[] own = java.util.Arrays.copyOfRange(source.body(), source.offset(), source.offset() + source.length());
        return new UserRecord(new JsonBytes(own, 0, own.length), texts, nested, sources, question);
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
