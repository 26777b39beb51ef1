package dev.userlookup.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One run of a command: wall time, CPU time (user + sys) and peak RSS, and how many bytes it
 * wrote. CPU and peak RSS come from GNU time ({@code /usr/bin/time}, the child's rusage) where it
 * is installed; without it the CPU time is unknown (-1) and peak RSS is VmHWM polled from /proc
 * every 2 ms (the launcher execs java, so its pid is the JVM's).
 */
record Measured(long millis, double cpuSeconds, long peakRssKb, long stdoutBytes, int exit) {

    private static final Path GNU_TIME = Path.of("/usr/bin/time");

    static boolean cpuKnown() {
        return Files.isExecutable(GNU_TIME);
    }

    static Measured run(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
        return run(command, env, null);
    }

    /** @param stdout where standard output goes; null: read and counted, then dropped */
    static Measured run(List<String> command, Map<String, String> env, Path stdout) throws IOException, InterruptedException {
        return run(command, env, stdout, null);
    }

    /** @param stderr where standard error goes; null: this JVM's */
    static Measured run(List<String> command, Map<String, String> env, Path stdout, Path stderr)
            throws IOException, InterruptedException {
        Path times = cpuKnown() ? Files.createTempFile("measured", ".time") : null;
        try {
            List<String> full = new ArrayList<>();
            if (times != null) {
                full.addAll(List.of(GNU_TIME.toString(), "-f", "%U %S %M", "-o", times.toString()));
            }
            full.addAll(command);
            ProcessBuilder builder = new ProcessBuilder(full);
            // A null value removes the variable (SSL_CERT_FILE, which machines set, when a run must not read it).
            env.forEach((name, value) -> {
                if (value == null) {
                    builder.environment().remove(name);
                } else {
                    builder.environment().put(name, value);
                }
            });
            builder.redirectError(stderr == null ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.to(stderr.toFile()));
            if (stdout != null) {
                builder.redirectOutput(stdout.toFile());
            }
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
            long polled = 0;
            while (!process.waitFor(2, TimeUnit.MILLISECONDS)) {
                if (times == null) {
                    polled = Math.max(polled, highWaterMark(status));
                }
            }
            long millis = (System.nanoTime() - started) / 1_000_000;
            drain.join();
            long written = stdout != null ? Files.size(stdout) : bytes[0];
            if (times == null) {
                return new Measured(millis, -1, polled, written, process.exitValue());
            }
            // GNU time puts "Command exited with non-zero status N" before its line when N != 0.
            List<String> lines = Files.readAllLines(times);
            String[] fields = lines.get(lines.size() - 1).trim().split(" ");
            double cpu = Double.parseDouble(fields[0]) + Double.parseDouble(fields[1]);
            return new Measured(millis, cpu, Long.parseLong(fields[2]), written, process.exitValue());
        } finally {
            if (times != null) {
                Files.deleteIfExists(times);
            }
        }
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
