package dev.userlookup.console;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.function.BooleanSupplier;

/**
 * Standard output that shares a screen with standard error: the line in place there (a retry
 * notice, progress) is taken away before anything is written, so output never continues it.
 * Takes the stderr lock only while no stdout lock is held, and only when a line is shown.
 */
public final class LineClearingOutput extends FilterOutputStream {

    private final Stderr stderr;
    private final BooleanSupplier sameScreen;

    public LineClearingOutput(OutputStream out, Stderr stderr, BooleanSupplier sameScreen) {
        super(out);
        this.stderr = stderr;
        this.sameScreen = sameScreen;
    }

    @Override
    public void write(int b) throws IOException {
        clearLine();
        out.write(b);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        clearLine();
        out.write(bytes, offset, length);
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.flush();
    }

    private void clearLine() {
        if (stderr.lineShown() && sameScreen.getAsBoolean()) {
            stderr.clearLine();
        }
    }
}
