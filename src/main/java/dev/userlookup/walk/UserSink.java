package dev.userlookup.walk;

import dev.userlookup.model.UserRecord;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;

/** The walk knows nothing of formats. Flushed after each page, so users reach the reader before the next is waited for. */
public interface UserSink {

    void addAll(List<UserRecord> users) throws IOException;

    void flush() throws IOException;

    /**
     * Asked after each page: false ends the walk there (find, once every id is found). No request
     * starts after that, and those in flight are dropped.
     */
    default boolean wantsMore() {
        return true;
    }

    /** Says how many users were written, so a walk stopped part-way through a page knows where to go on. */
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
