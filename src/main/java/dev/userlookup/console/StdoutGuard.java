package dev.userlookup.console;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Standard output as the tool writes it: every failed write is either the reader having gone
 * ({@link ReaderGoneException}: {@code | head}, exit 0 without a word) or a real failure
 * ({@link OutputFailedException}: a full disk, exit 1, said).
 */
final class StdoutGuard extends FilterOutputStream {

    static OutputStream around(OutputStream out) {
        return out instanceof StdoutGuard ? out : new StdoutGuard(out);
    }

    private StdoutGuard(OutputStream out) {
        super(out);
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw gone(e);
        }
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
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
