package dev.userlookup.settings;

import dev.userlookup.UsageException;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Runs a profile's {@code api_key_command} (through {@code sh -c}, as a shell line in the config
 * reads) and takes the first line of its standard output as the key: password managers. Its standard error reaches
 * the user (prompts, errors); its output never does. Bounded in time and size, so a command that
 * hangs cannot hang the tool.
 */
final class KeyCommand {

    private KeyCommand() {
    }

    /** @param wait the bound on the command, as on a key file ({@link KeyWait}) */
    static String run(String command, String profile, KeyWait wait) {
        ProcessBuilder builder = new ProcessBuilder("sh", "-c", command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new UsageException("profile " + profile + ": cannot run the key command: " + e.getMessage(), e);
        }
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        Thread reader = new Thread(() -> {
            try (InputStream in = process.getInputStream()) {
                byte[] buffer = new byte[4096];
                for (int n; (n = in.read(buffer)) > 0; ) {
                    if (output.size() <= KeyWait.MAX_BYTES) {
                        output.write(buffer, 0, n);
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
        }, "userlookup-key-command");
        reader.setDaemon(true);
        reader.start();
        wait.await(process.onExit(), "profile " + profile + "'s key command",
                () -> new UsageException("profile " + profile + ": the key command did not finish within " + wait.bound()),
                () -> {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                });
        try {
            reader.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.util.concurrent.CancellationException("interrupted");
        }
        if (process.exitValue() != 0) {
            throw new UsageException("profile " + profile + ": the key command failed (exit " + process.exitValue() + ")");
        }
        if (output.size() > KeyWait.MAX_BYTES) {
            throw new UsageException("profile " + profile + ": the key command printed more than 64 KiB; that is not a key");
        }
        // Password managers print the secret on the first line and notes after it (pass show).
        String text = output.toString(StandardCharsets.UTF_8).strip();
        int newline = text.indexOf('\n');
        String key = (newline < 0 ? text : text.substring(0, newline)).strip();
        if (key.isEmpty()) {
            throw new UsageException("profile " + profile + ": the key command printed no key");
        }
        return key;
    }
}
