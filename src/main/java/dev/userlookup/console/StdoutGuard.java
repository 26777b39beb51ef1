package dev.userlookup.console;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.function.BooleanSupplier;

/**
 * Standard output as the tool writes it: every failed write is either the reader having gone
 * ({@link ReaderGoneException}: {@code | head}, exit 0 without a word) or a real failure
 * ({@link OutputFailedException}: a full disk, exit 1, said). Where it shares a screen with
 * standard error, the line in place there (a retry notice, progress) is taken away before anything
 * is written, so output never continues it; the stderr lock is taken only while no stdout lock is
 * held, and only when a line is shown.
 */
final class StdoutGuard extends FilterOutputStream {

    private final Stderr stderr;
    private final BooleanSupplier sameScreen;

    /** {@code stderr} null: no line to clear. */
    StdoutGuard(OutputStream out, Stderr stderr, BooleanSupplier sameScreen) {
        super(out);
        this.stderr = stderr;
        this.sameScreen = sameScreen;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        clearLine();
        try {
            out.write(bytes, offset, length);
        } catch (IOException e) {
            throw gone(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw gone(e);
        }
    }

    @Override
    public void close() throws IOException {
        flush();
    }

    private void clearLine() {
        if (stderr != null && stderr.lineShown() && sameScreen.getAsBoolean()) {
            stderr.clearLine();
        }
    }

    /** EPIPE is the reader going away; any other failure (a full disk) is a real error. */
    private static IOException gone(IOException e) {
        if (e instanceof ReaderGoneException || e instanceof OutputFailedException) {
            return e;
        }
        String message = String.valueOf(e.getMessage());
        return message.contains("Broken pipe") || message.contains("Stream closed")
                ? new ReaderGoneException(e) : new OutputFailedException(e);
    }
}
