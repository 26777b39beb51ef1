package dev.userlookup.output;

import dev.userlookup.model.UserRecord;
import dev.userlookup.walk.UserSink;
import java.io.IOException;
import java.util.List;

/**
 * A stream whose document is ended exactly once: by {@link #finish} on success, or by
 * {@link #cutShort} or {@link #close} when a failure cuts the work short, so that what was
 * printed is still whole (a closed JSON array or object). Used with try-with-resources.
 *
 * <p>A run stopped by Ctrl-C or SIGTERM interrupts the thread that writes: a batch of users stops
 * before the next whole user, never inside one, saying how many it wrote, and the document is
 * closed as after a failure.
 */
public abstract class DocumentStream implements Renderer.UserStream {

    private boolean ended;

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

    @Override
    public final void finish(Footer footer) throws IOException {
        if (!ended) {
            ended = true;
            end(footer);
        }
    }

    @Override
    public final void cutShort(Incomplete incomplete) throws IOException {
        if (!ended) {
            ended = true;
            endCutShort(incomplete);
        }
    }

    /** Ends the document cut short, unless it is ended already. */
    @Override
    public final void close() throws IOException {
        if (!ended) {
            ended = true;
            endEarly();
        }
    }

    /** Writes what closes the document; {@code footer} (may be null) only where people read it. */
    protected abstract void end(Footer footer) throws IOException;

    /** Closes a document that a failure cut short: by default as {@link #end} does, with no footer. */
    protected void endEarly() throws IOException {
        end(null);
    }

    /** Closes a walk's document cut short, saying so where the format can: by default as {@link #endEarly}. */
    protected void endCutShort(Incomplete incomplete) throws IOException {
        endEarly();
    }
}
