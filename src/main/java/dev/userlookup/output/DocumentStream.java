package dev.userlookup.output;

import dev.userlookup.model.UserRecord;
import dev.userlookup.walk.UserSink;
import java.io.IOException;
import java.util.List;

/**
 * Ended exactly once, also when a failure or Ctrl-C cuts the work short, so that what was printed
 * is still whole (a closed JSON array): a batch stops before the next whole user, never inside one.
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

    @Override
    public final void close() throws IOException {
        if (!ended) {
            ended = true;
            endEarly();
        }
    }

    /** {@code footer} (may be null) only where people read it. */
    protected abstract void end(Footer footer) throws IOException;

    protected void endEarly() throws IOException {
        end(null);
    }

    protected void endCutShort(Incomplete incomplete) throws IOException {
        endEarly();
    }
}
