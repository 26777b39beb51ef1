package dev.userlookup;

import dev.userlookup.commands.App;
import dev.userlookup.console.Io;

/** The process entry point; the only place that calls {@code System.exit}. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        // Ctrl-C and SIGTERM stop the run through a shutdown hook; the JVM then exits 130 or 143.
        // A failure in another thread is one line through the run's stderr; out of memory there exits at once, 5.
        int status = App.runAsProcess(args, Io.system(), System::exit);
        System.exit(status);
    }
}
