package dev.userlookup.commands.help;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * picocli's writer for help and version text. A PrintWriter keeps a failed write to itself (a
 * flag, no exception); this one remembers the first failure, so that help into a full disk
 * is exit 1 like any other output, and help into {@code | head} exit 0.
 */
public final class HelpWriter extends PrintWriter {

    public HelpWriter(Supplier<OutputStream> stdout) {
        super(new Recording(new OutputStreamWriter(whenWritten(stdout), StandardCharsets.UTF_8)), true);
    }

    public IOException failure() {
        return ((Recording) out).failure;
    }

    /**
     * Standard output as {@code stdout} gives it at the first write: help and version text then
     * go where other output goes (through the pager on a terminal, once taller than the screen),
     * while a run that prints no help never decides.
     */
    private static OutputStream whenWritten(Supplier<OutputStream> stdout) {
        return new OutputStream() {
            private OutputStream target;

            @Override
            public void write(int b) throws IOException {
                target().write(b);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                target().write(bytes, offset, length);
            }

            @Override
            public void flush() throws IOException {
                if (target != null) {
                    target.flush();
                }
            }

            private OutputStream target() {
                if (target == null) {
                    target = stdout.get();
                }
                return target;
            }
        };
    }

    private static final class Recording extends FilterWriter {
        private IOException failure;

        Recording(Writer out) {
            super(out);
        }

        @Override
        public void write(int c) throws IOException {
            try {
                out.write(c);
            } catch (IOException e) {
                throw remember(e);
            }
        }

        @Override
        public void write(char[] chars, int offset, int length) throws IOException {
            try {
                out.write(chars, offset, length);
            } catch (IOException e) {
                throw remember(e);
            }
        }

        @Override
        public void write(String text, int offset, int length) throws IOException {
            try {
                out.write(text, offset, length);
            } catch (IOException e) {
                throw remember(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw remember(e);
            }
        }

        private IOException remember(IOException e) {
            if (failure == null) {
                failure = e;
            }
            return e;
        }
    }
}
