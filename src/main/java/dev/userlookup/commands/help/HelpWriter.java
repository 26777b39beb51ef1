package dev.userlookup.commands.help;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * picocli's writer for help and version text. A PrintWriter keeps a failed write to itself (a
 * flag, no exception); this one remembers the first failure, so that help into a full disk
 * is exit 1 like any other output, and help into {@code | head} exit 0.
 */
public final class HelpWriter extends PrintWriter {

    private final Target target;

    public HelpWriter(Supplier<OutputStream> stdout) {
        this(new Target(stdout));
    }

    private HelpWriter(Target target) {
        super(new OutputStreamWriter(target, StandardCharsets.UTF_8), true);
        this.target = target;
    }

    public IOException failure() {
        return target.failure;
    }

    /**
     * Standard output as {@code stdout} gives it at the first write: help and version text then
     * go where other output goes (through the pager on a terminal, once taller than the screen),
     * while a run that prints no help never decides.
     */
    private static final class Target extends OutputStream {
        private final Supplier<OutputStream> stdout;
        private OutputStream out;
        private IOException failure;

        Target(Supplier<OutputStream> stdout) {
            this.stdout = stdout;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            if (out == null) {
                out = stdout.get();
            }
            try {
                out.write(bytes, offset, length);
            } catch (IOException e) {
                throw remember(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                if (out != null) {
                    out.flush();
                }
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
