package dev.userlookup.walk;

import dev.userlookup.service.ServiceException;
import dev.userlookup.model.UserId;
import dev.userlookup.model.UserPage;
import dev.userlookup.model.UserRecord;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Pages are read as sent: a page larger than asked moves the walk past every user it brought.
 * Used by the thread that writes, only.
 */
final class PageWriter {

    /**
     * The user_ids printed, so that each user comes out once. All are kept, not a window: with
     * pages fetched in parallel, drift can move a user by any number of places.
     */
    private final Set<Object> seen = new HashSet<>();
    private final UserSink out;
    private final WalkProgress progress;
    private final Long firstTotal;
    private final int step;
    private Long lastTotal;
    /** Every position before this offset has been read: the next page must start here (or before). */
    private long covered;
    /** Users a page has been bringing, at least {@link #step}: how far apart to plan the next offsets. */
    private long stride;
    private long printed;
    private long duplicates;
    private long pages;
    private boolean stopped;
    private long stoppedAt = -1;

    PageWriter(UserSink out, WalkProgress progress, long start, Long firstTotal, int step) {
        this.out = out;
        this.progress = progress;
        this.covered = start;
        this.firstTotal = firstTotal;
        this.lastTotal = firstTotal;
        this.step = step;
        this.stride = step;
    }

    boolean take(long offset, UserPage page) throws IOException {
        try {
            pages++;
            if (page.total() != null) {
                lastTotal = page.total();
            }
            if (offset > covered) {
                // Asked for before a page came back smaller than planned: it lies beyond users not read
                // yet, so it cannot be written in order. The plan asks again from `covered`.
                return true;
            }
            int size = page.users().size();
            long end = OffsetPlan.after(offset, size);
            long printedBefore = printed;
            // The part before `covered` was read already (a request sent before a larger page came
            // back): users met again there are expected, not a sign that the team changed.
            emit(offset, page, (int) Math.min(size, covered - offset));
            if (!out.wantsMore()) {
                // What the sink wrote last stays the last thing on the screen: no progress drawn under it.
                stopped = true;
                return false;
            }
            progress.update(printed, page.total());
            if (size == 0) {
                return false;
            }
            if (end > covered) {
                // Checked before the last-page rule: a service that ignores the offset must not pass
                // for a team that changed just because its repeated page happens to be the last.
                if (printed == printedBefore) {
                    throw new ServiceException.Unavailable("list --all", "the service makes no progress: the page at offset " + offset
                            + " holds only users already printed", null,
                            "it may ignore the offset parameter; stopped rather than walk forever", null);
                }
                covered = end;
            }
            if (size < step) {
                return false;
            }
            stride = size;
            return firstTotal == null || covered < firstTotal;
        } finally {
            // Written or dropped: its bytes leave the run's memory budget, so the pages to come have room.
            page.release();
        }
    }

    long covered() {
        return covered;
    }

    long stride() {
        return stride;
    }

    Long firstTotal() {
        return firstTotal;
    }

    long resumeOffset() {
        return stoppedAt >= 0 ? stoppedAt : covered;
    }

    WalkResult result() {
        return new WalkResult(printed, pages, firstTotal, lastTotal, duplicates, covered, stopped);
    }

    private void emit(long offset, UserPage page, int readAlready) throws IOException {
        List<UserRecord> users = page.users();
        List<UserRecord> fresh = new ArrayList<>(users.size());
        for (int i = 0; i < users.size(); i++) {
            UserRecord user = users.get(i);
            if (seen.add(seenAs(user.userId()))) {
                fresh.add(user);
            } else if (i >= readAlready) {
                duplicates++;
            }
        }
        progress.clear();
        try {
            out.addAll(fresh);
        } catch (UserSink.StoppedPartWay e) {
            printed += e.written();
            stoppedAt = e.written() < fresh.size() ? offset + users.indexOf(fresh.get(e.written()))
                    : Math.max(covered, offset + users.size());
            throw e;
        }
        out.flush();
        printed += fresh.size();
    }

    /** A UUID as its {@link UserId}, so that case does not matter; any other id as written. */
    static Object seenAs(String userId) {
        UserId id = UserId.parse(userId);
        return id != null ? id : userId;
    }
}
