package dev.userlookup.settings;

import dev.userlookup.UsageException;
import dev.userlookup.console.LineFit;
import dev.userlookup.console.SafeText;
import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.model.redaction.ServiceText;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Neither output reaches the terminal: a password manager asks on the terminal itself (pinentry,
 * /dev/tty), and its standard error is quoted only on failure, escaped, the key taken out. Bounded
 * in time and size ({@link KeyWait}), so a command that hangs cannot hang the tool.
 */
final class KeyCommand {

    /** What is kept of the command's standard error: the start of it, from which the first line is quoted. */
    private static final int ERRORS_KEPT = 8 * 1024;
    private static final int ERROR_QUOTED = 200;
    /** How long the end of an output is waited for once the command has ended. */
    private static final Duration READ_TO_THE_END = Duration.ofSeconds(5);

    private KeyCommand() {
    }

    static String run(String command, String profile, KeyWait wait) {
        ProcessBuilder builder = new ProcessBuilder("sh", "-c", command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new UsageException("profile " + profile + ": cannot run the key command: " + e.getMessage(), e);
        }
        Kept output = new Kept(process.getInputStream(), KeyWait.MAX_BYTES + 1, "userlookup-key-command");
        Kept errors = new Kept(process.getErrorStream(), ERRORS_KEPT, "userlookup-key-command-errors");
        wait.await(process.onExit(), "profile " + profile + "'s key command",
                () -> failed(profile, "the key command did not finish within " + wait.boundWords(), errors, output),
                () -> {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                });
        if (process.exitValue() != 0) {
            throw failed(profile, "the key command failed (exit " + process.exitValue() + ")", errors, output);
        }
        if (output.bytes().length > KeyWait.MAX_BYTES) {
            throw new UsageException("profile " + profile + ": the key command printed more than 64 KiB; that is not a key");
        }
        String key = firstLine(output);
        if (key.isEmpty()) {
            throw failed(profile, "the key command printed no key", errors, output);
        }
        return key;
    }

    /** Password managers print the secret on the first line and notes after it (pass show). */
    private static String firstLine(Kept output) {
        return LineFit.firstLine(new String(output.bytes(), StandardCharsets.UTF_8).strip(), "").strip();
    }

    /**
     * The failure in one line, with the first line of what the command said on standard error:
     * whatever its first line of output was, were it a key, is taken out of it first (in every
     * spelling), then it is cut short and escaped.
     */
    private static UsageException failed(String profile, String what, Kept errors, Kept output) {
        String said = new String(errors.bytes(), StandardCharsets.UTF_8);
        ApiKey printed;
        try {
            printed = ApiKey.of(firstLine(output), "the key command");
        } catch (IllegalArgumentException notAKey) {
            printed = null;
        }
        ServiceText line = ServiceText.of(said, printed).strip().firstLine().strip().cut(ERROR_QUOTED);
        return new UsageException("profile " + profile + ": " + what + (line.toString().isEmpty() ? "" : ": " + SafeText.escape(line.toString())));
    }

    /**
     * One of the command's outputs, read from now on a thread of its own to its end (so the command
     * never waits on a full pipe), keeping at most a bound of it.
     */
    private static final class Kept {
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private final Thread reader;
        private byte[] read;

        Kept(InputStream in, int bound, String threadName) {
            this.reader = new Thread(() -> {
                try (in) {
                    byte[] buffer = new byte[4096];
                    for (int n; (n = in.read(buffer)) > 0; ) {
                        keep(buffer, n, bound);
                    }
                } catch (IOException ended) {
                    // the command ended
                }
            }, threadName);
            reader.setDaemon(true);
            reader.start();
        }

        private synchronized void keep(byte[] buffer, int n, int bound) {
            kept.write(buffer, 0, Math.min(n, bound - kept.size()));
        }

        /**
         * What was kept, once the reader has read to the end: a few seconds at most, since a child
         * of the command that outlives it may hold the pipe open.
         */
        byte[] bytes() {
            // Not under this object's lock: the reader needs it to keep what it reads.
            try {
                reader.join(READ_TO_THE_END.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.util.concurrent.CancellationException("interrupted");
            }
            synchronized (this) {
                if (read == null) {
                    read = kept.toByteArray();
                }
                return read;
            }
        }
    }
}
