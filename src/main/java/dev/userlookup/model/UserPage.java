package dev.userlookup.model;

import dev.userlookup.model.json.JsonBytes;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * One page of the user list: the document as sent ({@link #source}, top-level unknown fields
 * included), its users, and the paging numbers the service gave (null where it gave none).
 */
public final class UserPage {

    private final JsonBytes source;
    private final List<UserRecord> users;
    private final Long total;
    private final Long offset;
    private final Integer limit;
    private volatile Releasable hold;

    /** A page built as a tree (tests); its {@link #source} is the tree written compactly. */
    public UserPage(ObjectNode json, List<UserRecord> users, Long total, Long offset, Integer limit) {
        this(JsonBytes.written(json), users, total, offset, limit);
    }

    UserPage(JsonBytes source, List<UserRecord> users, Long total, Long offset, Integer limit) {
        this.source = source;
        this.users = List.copyOf(users);
        this.total = total;
        this.offset = offset;
        this.limit = limit;
    }

    /** The page's JSON as sent (for a page made from a tree, that tree written compactly). */
    public JsonBytes source() {
        return source;
    }

    public List<UserRecord> users() {
        return users;
    }

    public Long total() {
        return total;
    }

    public Long offset() {
        return offset;
    }

    public Integer limit() {
        return limit;
    }

    /** Counts this page in a budget until {@link #release}. */
    public void held(Releasable hold) {
        this.hold = hold;
    }

    /**
     * The caller is done with the page (a walk has written it): its bytes leave the run's memory
     * budget, so that pages to come have room. Harmless twice, and for a page built as a tree.
     */
    public void release() {
        Releasable held = hold;
        if (held != null) {
            held.release();
        }
    }
}
