package dev.userlookup.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Standard output can no longer be written: its reader went away ({@code | head}). Not an error
 * for the user: the work stops at once and the tool exits 0 without a word.
 */
public final class ReaderGoneException extends IOException {

    private static final long serialVersionUID = 1L;

    ReaderGoneException(IOException cause) {
        super("standard output was closed", cause);
    }

    /** Marks every failed write to standard output as the reader having gone. */
    static final class Guard extends FilterOutputStream {

        Guard(OutputStream out) {
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

        private static ReaderGoneException gone(IOException e) {
            return e instanceof ReaderGoneException ? (ReaderGoneException) e : new ReaderGoneException(e);
        }
    }
}
