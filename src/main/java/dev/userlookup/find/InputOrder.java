package dev.userlookup.find;

import dev.userlookup.model.UserId;
import dev.userlookup.model.UserRecord;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A user found early waits only for the ids before it. Users found are kept in bytes of their own
 * until handed on, so a page's body goes with its page. One thread at a time.
 */
final class InputOrder {

    private final WantedIds wanted;
    private final List<UserId> ids;
    private final UserRecord[] found;
    /** Positions of each id not found yet; an id asked for twice has two. */
    private final Map<UserId, List<Integer>> open = new HashMap<>();
    private int next;
    /** An id asked for twice counts twice. */
    int foundCount;
    int notFoundCount;

    InputOrder(WantedIds wanted) {
        this.wanted = wanted;
        this.ids = wanted.ids();
        this.found = new UserRecord[ids.size()];
        for (int i = 0; i < ids.size(); i++) {
            open.computeIfAbsent(ids.get(i), id -> new ArrayList<>(1)).add(i);
        }
    }

    boolean anyLeft() {
        return !open.isEmpty();
    }

    List<UserId> left() {
        return ids.stream().filter(open::containsKey).distinct().toList();
    }

    void found(UserId id, UserRecord user) {
        List<Integer> positions = open.remove(id);
        if (positions == null) {
            return;
        }
        UserRecord own = user.detached();
        for (int position : positions) {
            found[position] = own;
        }
    }

    void handOn(AnswerSink out) throws IOException {
        for (; next < found.length && found[next] != null; next++) {
            handOnNext(out);
        }
    }

    /**
     * The search is over: every answer is handed on, an id still open as not found; or, when the
     * search failed, the users found are handed on in input order, the ids not answered left out.
     */
    void handOnRest(AnswerSink out, long searched, boolean notFoundToo) throws IOException {
        for (; next < found.length; next++) {
            if (found[next] != null) {
                handOnNext(out);
            } else if (notFoundToo) {
                notFoundCount++;
                out.notFound(wanted.asked().get(next), searched);
            }
        }
        open.clear();
    }

    private void handOnNext(AnswerSink out) throws IOException {
        foundCount++;
        out.found(wanted.asked().get(next), found[next]);
        found[next] = null;
    }
}
