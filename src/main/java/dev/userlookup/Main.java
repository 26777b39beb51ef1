package dev.userlookup;

import dev.userlookup.cli.App;
import dev.userlookup.cli.Io;

/** The process entry point; the only place that calls {@code System.exit}. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        int status = App.run(args, Io.system());
        System.exit(status);
    }
}
