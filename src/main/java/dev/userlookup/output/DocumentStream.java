package dev.userlookup.output;

import dev.userlookup.model.UserRecord;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;

/**
 * A stream whose document is ended exactly once: by {@link #finish} on success, or by
 * {@link #close} when a failure cuts the work short, so that what was printed is still whole
 * (a closed JSON array or object). Used with try-with-resources.
 *
 * <p>A run stopped by Ctrl-C or SIGTERM interrupts the thread that writes: a batch of users stops
 * before the next whole user, never inside one, and the document is closed as after a failure.
 */
public abstract class DocumentStream implements Renderer.UserStream {

    private boolean ended;

    @Override
    public void addAll(List<UserRecord> users) throws IOException {
        for (UserRecord user : users) {
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedIOException("stopped");
            }
            add(user);
        }
    }

    @Override
    public final void finish(Footer footer) throws IOException {
        if (!ended) {
            ended = true;
            end(footer);
        }
    }

    /** Ends the document cut short, unless {@link #finish} already ended it. */
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
}
