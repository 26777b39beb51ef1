package dev.userlookup;

import dev.userlookup.cli.App;
import dev.userlookup.cli.Io;

/** The process entry point; the only place that calls {@code System.exit}. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        // Ctrl-C and SIGTERM stop the run through a shutdown hook; the JVM then exits 130 or 143.
        int status = App.runAsProcess(args, Io.system());
        System.exit(status);
    }
}
