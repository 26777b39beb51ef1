package dev.userlookup.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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
        CommandContext context = new CommandContext(io, new GlobalOptions());
        try {
            return commandLine(context).execute(args);
        } finally {
            context.close();
            try {
                io.stdout().flush();
            } catch (java.io.IOException readerGone) {
                // nothing more can be said to a reader that went away
            }
        }
    }

    /** The command line of one invocation (its model serves help, completion and the man page too). */
    public static CommandLine commandLine(Io io) {
        return commandLine(new CommandContext(io, new GlobalOptions()));
    }

    private static CommandLine commandLine(CommandContext context) {
        Io io = context.io();
        CommandLine commandLine = new CommandLine(new UserlookupCommand(context.options()), new CommandFactory(context));
        ErrorReporter reporter = new ErrorReporter(io.stderr(), context.messages(), context::redact, context::verbose);
        commandLine.setOut(new PrintWriter(new OutputStreamWriter(HelpLayout.whenWritten(context::stdout), StandardCharsets.UTF_8), true));
        commandLine.setErr(new PrintWriter(new OutputStreamWriter(io.stderr(), StandardCharsets.UTF_8), true));
        // The root's commands before its options: what to run first, then how.
        List<String> sections = new ArrayList<>(commandLine.getHelpSectionKeys());
        sections.remove(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST_HEADING);
        sections.remove(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST);
        int options = sections.indexOf(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING);
        sections.addAll(options, List.of(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST_HEADING,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST));
        commandLine.setHelpSectionKeys(sections);
        for (String command : new String[] {"resolve", "list", "doctor", "completion"}) {
            HelpLayout.ownOptionsOnly(commandLine.getSubcommands().get(command));
        }
        HelpLayout.fit(commandLine, io.terminal(), io.env());
        commandLine.setExecutionExceptionHandler(reporter);
        commandLine.setParameterExceptionHandler(reporter);
        return commandLine;
    }
}
