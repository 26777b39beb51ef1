package dev.userlookup;

import dev.userlookup.commands.App;
import dev.userlookup.console.Io;

/** The process entry point; the only place that calls {@code System.exit}. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        // Out of memory in a thread of the HTTP client's is one line and exit 5 too, like in a command's.
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            if (e instanceof OutOfMemoryError) {
                System.err.println("userlookup: out of memory (" + e.getMessage() + ") in " + thread.getName()
                        + "; try a smaller --parallel, or give Java more with USERLOOKUP_JAVA_OPTS=-Xmx1g");
                System.exit(ExitCode.UNAVAILABLE);
            }
            // Anything else in another thread is one line too (the run itself goes on or fails in its own words).
            System.err.println("userlookup: unexpected failure in " + thread.getName() + ": " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse("")));
        });
        // Ctrl-C and SIGTERM stop the run through a shutdown hook; the JVM then exits 130 or 143.
        int status = App.runAsProcess(args, Io.system());
        System.exit(status);
    }
}
