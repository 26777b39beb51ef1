package dev.userlookup.output;

import dev.userlookup.model.UserPage;
import dev.userlookup.model.UserRecord;
import dev.userlookup.walk.UserSink;
import java.io.IOException;

/** One output format. */
public interface Renderer {

    default void user(UserRecord user) throws IOException {
        try (UserStream stream = stream(StreamShape.ARRAY)) {
            stream.add(user);
        }
    }

    default void page(UserPage page) throws IOException {
        try (UserStream stream = stream(StreamShape.ARRAY)) {
            stream.addAll(page.users());
        }
    }

    UserStream stream(StreamShape shape) throws IOException;

    /** The line formats ignore it. */
    enum StreamShape {
        ARRAY,
        /** A walk cut short adds {@code "incomplete"} after "limit" ({@link Incomplete}). */
        USER_LIST
    }

    /** Closing it ends the document if {@link #finish} did not, so a failure leaves whole output behind. */
    interface UserStream extends UserSink, AutoCloseable {
        void add(UserRecord user) throws IOException;

        /** Formats for people size their columns from the first batch. */
        @Override
        default void addAll(java.util.List<UserRecord> users) throws IOException {
            for (UserRecord user : users) {
                add(user);
            }
        }

        /** {@code footer} (may be null, see {@link Footers}) is shown only by the table on a terminal. */
        void finish(Footer footer) throws IOException;

        void cutShort(Incomplete incomplete) throws IOException;

        @Override
        void close() throws IOException;
    }
}
