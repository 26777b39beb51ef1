package dev.userlookup.walk;

import dev.userlookup.model.UserRecord;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;

/**
 * Where a walk writes the users it takes, in the service's order, each once: a page's new users
 * together, then a flush so that they reach the reader before the next page is waited for. The
 * output formats' streams are one; the walk knows nothing of formats.
 */
public interface UserSink {

    /** The users of one page that were not met before, in order (may be empty). */
    void addAll(List<UserRecord> users) throws IOException;

    /** Makes what was added so far reach the reader. */
    void flush() throws IOException;

    /**
     * Asked after each page: false ends the walk there (find, once every id is found). No request
     * starts after that, and those in flight are dropped.
     */
    default boolean wantsMore() {
        return true;
    }

    /**
     * What {@link #addAll} throws when the run is stopped (Ctrl-C, SIGTERM) part-way through the
     * users given: how many of them, from the first, it wrote. A walk then knows where to go on.
     */
    final class StoppedPartWay extends InterruptedIOException {

        private final int written;

        public StoppedPartWay(int written) {
            super("stopped");
            this.written = written;
        }

        public int written() {
            return written;
        }
    }
}
