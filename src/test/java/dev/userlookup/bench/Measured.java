package dev.userlookup.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One run of a command: wall time, peak RSS (VmHWM polled from /proc every 2 ms; the launcher
 * execs java, so its pid is the JVM's) and how many bytes it wrote.
 */
record Measured(long millis, long peakRssKb, long stdoutBytes, int exit) {

    static Measured run(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command);
        // A null value removes the variable (SSL_CERT_FILE, which machines set, when a run must not read it).
        env.forEach((name, value) -> {
            if (value == null) {
                builder.environment().remove(name);
            } else {
                builder.environment().put(name, value);
            }
        });
        builder.redirectError(ProcessBuilder.Redirect.INHERIT);
        long started = System.nanoTime();
        Process process = builder.start();
        long[] bytes = new long[1];
        Thread drain = new Thread(() -> {
            byte[] buffer = new byte[1 << 16];
            try (InputStream out = process.getInputStream()) {
                for (int n; (n = out.read(buffer)) > 0; ) {
                    bytes[0] += n;
                }
            } catch (IOException ignored) {
                // ended
            }
        });
        drain.start();
        Path status = Path.of("/proc/" + process.pid() + "/status");
        long peak = 0;
        while (!process.waitFor(2, TimeUnit.MILLISECONDS)) {
            peak = Math.max(peak, highWaterMark(status));
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        drain.join();
        return new Measured(millis, peak, bytes[0], process.exitValue());
    }

    private static long highWaterMark(Path status) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException gone) {
            // the process ended between two polls
        }
        return 0;
    }
}
