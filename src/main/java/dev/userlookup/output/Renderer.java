package dev.userlookup.output;

import dev.userlookup.model.UserField;
import dev.userlookup.model.UserPage;
import dev.userlookup.model.UserRecord;
import dev.userlookup.settings.OutputFormat;
import dev.userlookup.walk.UserSink;
import java.io.IOException;
import java.util.List;

/** One output format. */
public interface Renderer {

    /** A format for programs, or any format through a filter; a table is output/table's {@code TableRenderer}. */
    static Renderer of(OutputFormat format, RenderContext context, List<UserField> fields, UserFilter filter) {
        if (filter != null) {
            return new FilterRenderer(filter, context, fields);
        }
        return switch (format) {
            case JSON -> new JsonRenderer(context.out(), fields);
            case NDJSON -> new NdjsonRenderer(context.out(), fields);
            case CSV -> new CsvRenderer(context.out(), context.terminal(), fields);
            case TABLE -> throw new IllegalArgumentException("a table is made by TableRenderer");
        };
    }

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

    /**
     * Ended exactly once, also when a failure or Ctrl-C cuts the work short, so that what was printed
     * is still whole (a closed JSON array): a batch stops before the next whole user, never inside
     * one. Closing it ends the document if {@link #finish} did not.
     */
    abstract class UserStream implements UserSink, AutoCloseable {

        private boolean ended;

        public abstract void add(UserRecord user) throws IOException;

        @Override
        public void addAll(List<UserRecord> users) throws IOException {
            int written = 0;
            for (UserRecord user : users) {
                if (Thread.currentThread().isInterrupted()) {
                    throw new UserSink.StoppedPartWay(written);
                }
                add(user);
                written++;
            }
        }

        /** {@code footer} (may be null, see {@link Footer}) is shown only by the table on a terminal. */
        public final void finish(Footer footer) throws IOException {
            if (!ended) {
                ended = true;
                end(footer);
            }
        }

        public final void cutShort(Incomplete incomplete) throws IOException {
            if (!ended) {
                ended = true;
                endCutShort(incomplete);
            }
        }

        @Override
        public final void close() throws IOException {
            if (!ended) {
                ended = true;
                endEarly();
            }
        }

        /** {@code footer} (may be null) only where people read it; the line formats only flush. */
        protected void end(Footer footer) throws IOException {
            flush();
        }

        protected void endEarly() throws IOException {
            end(null);
        }

        protected void endCutShort(Incomplete incomplete) throws IOException {
            endEarly();
        }
    }
}
