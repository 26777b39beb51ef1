package dev.userlookup.commands;

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

    /** Standard output failed for another reason than its reader leaving: exit 1, said. */
    static final class OutputFailedException extends IOException {
        private static final long serialVersionUID = 1L;

        OutputFailedException(IOException cause) {
            super("writing output: " + cause.getMessage(), cause);
        }
    }
}
