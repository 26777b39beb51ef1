package dev.userlookup.e2e;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs the built tool (or a shell around it) as a real process, with a deadline. */
final class Subprocess {

    static final Path LAUNCHER = Path.of(System.getProperty("userlookup.launcher", "target/userlookup"));
    static final Path JAR = Path.of(System.getProperty("userlookup.jar", "target/userlookup.jar"));

    record Result(int exit, String out, String err, long millis) {
        @Override
        public String toString() {
            return "exit " + exit + " after " + millis + " ms\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    static Result run(Map<String, String> env, Duration timeout, String... command) {
        return run(env, timeout, List.of(command));
    }

    static Result run(Map<String, String> env, Duration timeout, List<String> command) {
        return run(null, env, timeout, command);
    }

    /** In the folder {@code cwd} (null: this one); a null value in {@code env} removes that variable. */
    static Result run(Path cwd, Map<String, String> env, Duration timeout, List<String> command) {
        ProcessBuilder builder = new ProcessBuilder(command);
        if (cwd != null) {
            builder.directory(cwd.toFile());
        }
        builder.environment().remove("NO_COLOR");
        builder.environment().remove("CLICOLOR_FORCE");
        builder.environment().remove("USERLOOKUP_BASE_URL");
        builder.environment().remove("USERLOOKUP_API_KEY");
        // A pager of the machine's (less, waiting for a key) must not decide a test.
        builder.environment().remove("PAGER");
        builder.environment().remove("USERLOOKUP_PAGER");
        env.forEach((name, value) -> {
            if (value == null) {
                builder.environment().remove(name);
            } else {
                builder.environment().put(name, value);
            }
        });
        builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        long started = System.nanoTime();
        try {
            Process process = builder.start();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Thread outPump = pump(process.getInputStream(), out);
            Thread errPump = pump(process.getErrorStream(), err);
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new AssertionError("still running after " + timeout + ": " + command);
            }
            outPump.join();
            errPump.join();
            return new Result(process.exitValue(), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                    (System.nanoTime() - started) / 1_000_000);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** What a process shows, as it comes; a test waits for a text to appear (woken by each write, no polling). */
    private static Thread pump(InputStream in, ByteArrayOutputStream sink) {
        Thread thread = new Thread(() -> {
            try {
                in.transferTo(sink);
            } catch (IOException ignored) {
                // the process ended
            }
        });
        thread.start();
        return thread;
    }

    /** The tool inside a pseudo-terminal of the given width, via util-linux script(1). */
    static Result inTerminal(Map<String, String> env, int columns, String shellCommand) {
        return inTerminal(env, columns, 50, shellCommand);
    }

    /** The tool inside a pseudo-terminal of the given width and height. */
    static Result inTerminal(Map<String, String> env, int columns, int rows, String shellCommand) {
        return inTerminal(env, columns, rows, Duration.ofSeconds(60), shellCommand);
    }

    /** The same with a deadline of its own, for a long run. */
    static Result inTerminal(Map<String, String> env, int columns, int rows, Duration timeout, String shellCommand) {
        Map<String, String> withShell = new java.util.HashMap<>(env);
        withShell.put("SHELL", "/bin/sh");
        return run(withShell, timeout, scriptCommand(columns, rows, shellCommand));
    }

    /**
     * The tool inside a pseudo-terminal of the given size that a test types into: what is
     * written to {@link Typed#type} reaches the terminal as keys (Ctrl-C is U+0003).
     */
    static Typed typedInTerminal(Map<String, String> env, int columns, int rows, String shellCommand) {
        ProcessBuilder builder = new ProcessBuilder(scriptCommand(columns, rows, shellCommand));
        for (String name : new String[] {"NO_COLOR", "CLICOLOR_FORCE", "USERLOOKUP_BASE_URL", "USERLOOKUP_API_KEY", "PAGER",
            "USERLOOKUP_PAGER", "LESS"}) {
            builder.environment().remove(name);
        }
        builder.environment().putAll(env);
        builder.environment().put("SHELL", "/bin/sh");
        builder.redirectErrorStream(true);
        try {
            return new Typed(builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A terminal session a test types into and reads the screen's bytes from. */
    static final class Typed implements AutoCloseable {
        private final Process process;
        private final StringBuffer screen = new StringBuffer();
        private final Object arrived = new Object();
        private final Thread reader;

        Typed(Process process) {
            this.process = process;
            reader = new Thread(() -> {
                byte[] buffer = new byte[8192];
                try (InputStream in = process.getInputStream()) {
                    for (int n; (n = in.read(buffer)) > 0; ) {
                        screen.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                        synchronized (arrived) {
                            arrived.notifyAll();
                        }
                    }
                } catch (IOException ended) {
                    // the session ended
                }
                synchronized (arrived) {
                    arrived.notifyAll();
                }
            });
            reader.setDaemon(true);
            reader.start();
        }

        void type(String keys) {
            try {
                process.getOutputStream().write(keys.getBytes(StandardCharsets.UTF_8));
                process.getOutputStream().flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Waits until the screen shows {@code text}; fails after {@code timeout}. */
        void awaitScreen(String text, Duration timeout) {
            long deadline = System.nanoTime() + timeout.toNanos();
            synchronized (arrived) {
                while (screen.indexOf(text) < 0) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new AssertionError("not on the screen after " + timeout + ": " + text + "\n--- screen\n" + screen);
                    }
                    try {
                        arrived.wait(Math.max(1, left / 1_000_000));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new AssertionError(e);
                    }
                }
            }
        }

        String screen() {
            return screen.toString();
        }

        /** Waits for the session to end and its last bytes to be read; false after {@code timeout}. */
        boolean awaitEnd(Duration timeout) {
            try {
                if (!process.waitFor(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
                    return false;
                }
                reader.join(timeout.toMillis());
                return !reader.isAlive();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }

        @Override
        public void close() {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    /**
     * script(1) runs its command with $SHELL, so the test sets it to /bin/sh (a developer's fish
     * or zsh would read the command otherwise). The shell traps SIGINT: dash, unlike bash, dies of
     * a typed Ctrl-C while it waits for the tool and would never print the status the test reads;
     * a trapped signal is reset to its default in the tool, so the tool still gets Ctrl-C.
     */
    private static List<String> scriptCommand(int columns, int rows, String shellCommand) {
        return List.of("script", "-qec",
                "trap : INT; stty cols " + columns + " rows " + rows + "; " + shellCommand, "/dev/null");
    }

    /** Whether {@code program} is on this process's PATH. */
    static boolean onPath(String program) {
        for (String folder : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path candidate = Path.of(folder.isEmpty() ? "." : folder, program);
            if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
                return true;
            }
        }
        return false;
    }

    static boolean scriptAvailable() {
        return Files.isExecutable(Path.of("/usr/bin/script"));
    }

    static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    private Subprocess() {
    }
}
