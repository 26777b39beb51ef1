package dev.userlookup.model;

import dev.userlookup.model.json.JsonBytes;
import dev.userlookup.model.json.Timestamps;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A user read once, on the pass that checks it ({@link UserShape}): its bytes kept for lossless
 * output, the text of known fields for rows, cards and CSV. Times are read only when an output
 * shows them; the {@link Question} is kept so that a bad one fails with the key out.
 */
public final class UserRecord {

    public record Nested(String value, String sourceSlug, String updatedAt) {
    }

    /** Slug and name from {@code provider}, or else the deprecated {@code source}. */
    public record ConnectedSource(int index, String slug, String name, String createdOn) {
    }

    private final JsonBytes source;
    private final String[] texts;
    private final String[][] nested;
    private final List<ConnectedSource> sources;
    private final Question question;
    private volatile Releasable hold = () -> { };

    /** {@code texts} and {@code nested} are indexed by {@link UserField#ordinal}. */
    UserRecord(JsonBytes source, String[] texts, String[][] nested, List<ConnectedSource> sources, Question question) {
        this.source = source;
        this.texts = texts;
        this.nested = nested;
        this.sources = sources;
        this.question = question;
    }

    public JsonBytes source() {
        return source;
    }

    public String userId() {
        return texts[UserField.USER_ID.ordinal()];
    }

    public String clientUserId() {
        return texts[UserField.CLIENT_USER_ID.ordinal()];
    }

    public String text(UserField field) {
        return texts[field.ordinal()];
    }

    public Nested nested(UserField field) {
        String[] members = nested[field.ordinal()];
        return members == null ? null : new Nested(members[0], members[1], members[2]);
    }

    public List<ConnectedSource> sources() {
        return sources;
    }

    public List<String> sourceSlugs() {
        return sources.stream().map(ConnectedSource::slug).filter(Objects::nonNull).toList();
    }

    public OffsetDateTime createdOn() {
        return time(UserField.CREATED_ON.key(), text(UserField.CREATED_ON));
    }

    public OffsetDateTime time(String path, String text) {
        return read(path, text, "timestamp", Timestamps::parseTimestamp);
    }

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
     * Bytes of its own, so that the page can go while find keeps the user until it prints in
     * input order. Not counted in any budget: what is kept is bounded by the ids asked for.
     */
    public UserRecord detached() {
        byte[] own = java.util.Arrays.copyOfRange(source.body(), source.offset(), source.offset() + source.length());
        return new UserRecord(new JsonBytes(own, 0, own.length), texts, nested, sources, question);
    }

    public void held(Releasable hold) {
        this.hold = hold;
    }

    /** A user of a page is counted with its page instead ({@link UserPage#release}). */
    public void release() {
        hold.release();
    }
}
