package dev.userlookup.model;

import dev.userlookup.model.json.JsonBytes;
import java.util.List;

/** The document is kept as sent, top-level unknown fields included. */
public final class UserPage {

    private final JsonBytes source;
    private final List<UserRecord> users;
    private final Long total;
    private final Long offset;
    private final Integer limit;
    private volatile Releasable hold = () -> { };

    public UserPage(JsonBytes source, List<UserRecord> users, Long total, Long offset, Integer limit) {
        this.source = source;
        this.users = List.copyOf(users);
        this.total = total;
        this.offset = offset;
        this.limit = limit;
    }

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

    public void held(Releasable hold) {
        this.hold = hold;
    }

    /** Frees room in the run's memory budget for the pages to come. Harmless twice. */
    public void release() {
        hold.release();
    }
}
