package dev.userlookup.find;

import dev.userlookup.find.index.UserIndex;
import dev.userlookup.model.UserField;
import dev.userlookup.model.UserId;
import dev.userlookup.model.UserRecord;
import dev.userlookup.service.ServiceClient;
import dev.userlookup.service.ServiceException;
import dev.userlookup.walk.OrderedParallel;
import dev.userlookup.walk.PageWalker;
import dev.userlookup.walk.PageSource;
import dev.userlookup.walk.UserSink;
import dev.userlookup.walk.WalkProgress;
import dev.userlookup.walk.WalkResult;
import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

/**
 * The service has no look-up by user_id: the index's hits are confirmed by one resolve each, and
 * the ids left are found by walking the list, which ends as soon as none is left.
 */
public record UserIdSearch(ServiceClient client, UserIndex index, int parallel, WalkProgress progress, Consumer<String> verbose) {

    /** An id asked for twice counts twice. */
    public record Outcome(int found, int notFound, WalkResult walk) {
    }

    public Outcome find(WantedIds wanted, AnswerSink out) throws IOException {
        InputOrder order = new InputOrder(wanted);
        WalkResult walk = null;
        // Every user the walk meets is recorded in the index; the ones asked for are kept, and the
        // walk ends once none is left.
        UserSink sink = new UserSink() {
            @Override
            public void addAll(List<UserRecord> users) {
                for (UserRecord user : users) {
                    UserId id = UserId.parse(user.userId());
                    if (id != null) { // else not a UUID: no find can ask for it
                        index.record(id, user.clientUserId(), user.text(UserField.TEAM_ID));
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
        };
        try {
            confirmHits(order, out);
            if (order.anyLeft()) {
                walk = new PageWalker(PageSource.of(client), ServiceClient.MAX_LIMIT, parallel, progress).walk(0, sink);
            }
            order.handOnRest(out, walk == null ? 0 : walk.printed(), true);
        } catch (ServiceException failure) {
            // The users found before the service failed still print, in input order; the error
            // says why the others are not answered. Not after Ctrl-C: that ends the run at once.
            if (!Thread.currentThread().isInterrupted()) {
                order.handOnRest(out, 0, false);
            }
            throw failure;
        } finally {
            // What was learnt stays learnt, a walk that failed half-way included; not after Ctrl-C,
            // which must end the run at once.
            if (!Thread.currentThread().isInterrupted()) {
                index.save(walk != null && walk.sawTheWholeTeam());
            }
        }
        return new Outcome(order.foundCount, order.notFoundCount, walk);
    }

    private record Hit(UserId id, String clientUserId) {
    }

    private void confirmHits(InputOrder order, AnswerSink out) throws IOException {
        List<UserId> left = order.left();
        List<Hit> hits = left.stream().map(id -> new Hit(id, index.clientUserId(id)))
                .filter(hit -> hit.clientUserId() != null).toList();
        if (hits.isEmpty()) {
            return;
        }
        verbose.accept("* find: the index knows " + hits.size() + " of " + left.size()
                + " user_ids; each is confirmed by a resolve, the rest are looked for in the list");
        new OrderedParallel<Hit, UserRecord>(parallel, hit -> client.resolve(hit.clientUserId())).run(hits.iterator(), run -> {
            for (OrderedParallel.Done<Hit, UserRecord> done : run) {
                confirm(done, order);
            }
            order.handOn(out);
            return true;
        });
    }

    /**
     * An answer that does not hold drops the entry; another failure (a 5xx, a refused key) keeps it.
     * Either way the walk decides, and says what fails: the resolve is find's, not the person's.
     */
    private void confirm(OrderedParallel.Done<Hit, UserRecord> done, InputOrder order) {
        Hit hit = done.input();
        RuntimeException failure = done.failure();
        if (failure != null && !(failure instanceof ServiceException)) {
            throw failure;
        }
        UserRecord user = done.result();
        try {
            if (user != null && hit.id().equals(UserId.parse(user.userId()))) {
                index.record(hit.id(), hit.clientUserId(), user.text(UserField.TEAM_ID));
                order.found(hit.id(), user);
            } else if (user != null || failure instanceof ServiceException.NotFound
                    || failure instanceof ServiceException.OtherUser
                    || failure instanceof ServiceException.BadResponse) {
                index.forget(hit.id()); // the user is gone, or the client id now names another user
                verbose.accept("* find: " + hit.id() + " is no longer \"" + hit.clientUserId() + "\": dropped from the index");
            } else {
                verbose.accept("* find: the resolve confirming " + hit.id() + " failed; the list decides");
            }
        } finally {
            if (user != null) {
                user.release();
            }
        }
    }
}
