package dev.userlookup.output;

import dev.userlookup.model.UserPage;
import dev.userlookup.model.UserRecord;
import dev.userlookup.walk.UserSink;
import java.io.IOException;

/**
 * Writes users in one output format. Three shapes: one resolved user, one page as the service
 * sent it, and a stream of users that arrive over time (several ids, a walk over all pages).
 */
public interface Renderer {

    /** The user found by a resolve of one id; a line format writes it as a stream of one. */
    default void user(UserRecord user) throws IOException {
        try (UserStream stream = stream(StreamShape.ARRAY)) {
            stream.add(user);
        }
    }

    /** One page of the list, with the paging facts the service gave; a line format writes its users. */
    default void page(UserPage page) throws IOException {
        try (UserStream stream = stream(StreamShape.ARRAY)) {
            stream.addAll(page.users());
        }
    }

    /** Opens a stream of users; the caller adds them in output order, then finishes it. */
    UserStream stream(StreamShape shape) throws IOException;

    /** What the JSON document of a stream looks like; the line formats ignore it. */
    enum StreamShape {
        /** {@code [user, ...]}: several resolved ids. */
        ARRAY,
        /**
         * {@code {"users": [...], "total": N, "offset": 0, "limit": N}}: a walk over pages; cut short,
         * with {@code "incomplete"} after "limit" ({@link Incomplete}).
         */
        USER_LIST
    }

    /**
     * Users written as they come, flushed by the caller's rhythm (a page, a batch). Closing it
     * ends the document if {@link #finish} did not, so a failure leaves whole output behind. A
     * walk writes to it as its sink.
     */
    interface UserStream extends UserSink, AutoCloseable {
        void add(UserRecord user) throws IOException;

        /** A batch that arrived together (a page); formats for people size their columns from the first. */
        @Override
        default void addAll(java.util.List<UserRecord> users) throws IOException {
            for (UserRecord user : users) {
                add(user);
            }
        }

        /**
         * Ends the document; {@code footer} (may be null, see {@link Footers}) is shown only by the
         * table on a terminal. Later calls, and {@link #close}, do nothing.
         */
        void finish(Footer footer) throws IOException;

        /**
         * Ends the document of a walk cut short, saying so where the format can (json's
         * {@code "incomplete"}); later calls, and {@link #close}, do nothing.
         */
        void cutShort(Incomplete incomplete) throws IOException;

        @Override
        void close() throws IOException;
    }
}
