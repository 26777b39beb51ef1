package dev.userlookup.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** Builds the command line for one invocation and runs it; returns the exit status. */
public final class App {

    static {
        // java.net.http reads these once, when its internals first load: any later is too late.
        // Basic proxy authentication (user:pass@ in HTTPS_PROXY) is off for tunnels by default;
        // our Authenticator answers only the proxy's 407, never the service.
        for (String property : new String[] {"jdk.http.auth.tunneling.disabledSchemes", "jdk.http.auth.proxying.disabledSchemes"}) {
            if (System.getProperty(property) == null) {
                System.setProperty(property, "");
            }
        }
    }

    private App() {
    }

    public static int run(String[] args, Io io) {
        CommandLine commandLine = commandLine(io);
        try {
            return commandLine.execute(args);
        } finally {
            ((UserlookupCommand) commandLine.getCommand()).close();
            try {
                io.stdout().flush();
            } catch (java.io.IOException readerGone) {
                // nothing more can be said to a reader that went away
            }
        }
    }

    public static CommandLine commandLine(Io io) {
        UserlookupCommand root = new UserlookupCommand(io);
        CommandLine commandLine = new CommandLine(root);
        ErrorReporter reporter = new ErrorReporter(io.stderr(), root::redact, root::verbose);
        commandLine.setOut(new PrintWriter(new OutputStreamWriter(io.stdout(), StandardCharsets.UTF_8), true));
        commandLine.setErr(new PrintWriter(new OutputStreamWriter(io.stderr(), StandardCharsets.UTF_8), true));
        commandLine.setExecutionExceptionHandler(reporter);
        commandLine.setParameterExceptionHandler(reporter);
        return commandLine;
    }
}
