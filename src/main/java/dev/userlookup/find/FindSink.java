package dev.userlookup.find;

import dev.userlookup.find.index.UserIndex;
import dev.userlookup.model.UserField;
import dev.userlookup.model.UserId;
import dev.userlookup.model.UserRecord;
import dev.userlookup.walk.UserSink;
import java.io.IOException;
import java.util.List;

/**
 * Where find's walk writes the users it meets, each once, in the service's order: every one is
 * recorded in the index, the ones asked for are kept, and the walk ends once none is left.
 */
final class FindSink implements UserSink {

    private final InputOrder order;
    private final UserIndex index;
    private final AnswerSink out;

    FindSink(InputOrder order, UserIndex index, AnswerSink out) {
        this.order = order;
        this.index = index;
        this.out = out;
    }

    @Override
    public void addAll(List<UserRecord> users) {
        for (UserRecord user : users) {
            UserId id = UserId.parse(user.userId());
            if (id == null) {
                continue; // not a UUID: no find can ask for it
            }
            index.record(id, user.clientUserId(), user.text(UserField.TEAM_ID));
            if (order.wants(id)) {
                order.found(id, user);
            }
        }
    }

    @Override
    public void flush() throws IOException {
        order.handOn(out);
    }

    @Override
    public boolean wantsMore() {
        return order.anyLeft();
    }
}
