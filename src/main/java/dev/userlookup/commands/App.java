package dev.userlookup.commands;

import dev.userlookup.ExitCode;
import dev.userlookup.commands.help.HelpCommand;
import dev.userlookup.commands.help.HelpLayout;
import dev.userlookup.commands.help.HelpWriter;
import dev.userlookup.commands.help.HelpTopics;
import dev.userlookup.console.Io;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.IntConsumer;
import picocli.CommandLine;
import picocli.CommandLine.Model.UsageMessageSpec;

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

    /**
     * Runs as the process: Ctrl-C and SIGTERM stop the work at once ({@link SignalStop}); the JVM
     * then exits 130 or 143 once the run has closed its output. A failure in another thread is
     * said through the run's standard error; out of memory there ends the process with {@code exit}.
     */
    public static int runAsProcess(String[] args, Io io, IntConsumer exit) {
        return run(args, new Factory(io, SignalStop.onSignals(Thread.currentThread()), null, null), exit);
    }

    static int run(String[] args, Factory factory, IntConsumer exit) {
        SignalStop stop = factory.stop();
        stop.watch(factory.console());
        ErrorReporter reporter = reporter(factory);
        if (exit != null) {
            Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
                int status = reporter.uncaught(thread, e);
                if (status >= 0) {
                    exit.accept(status);
                }
            });
        }
        int status = ExitCode.FAILURE;
        try {
            CommandLine commandLine = commandLine(factory, reporter, args);
            status = commandLine.execute(args);
            // Help and version text go through picocli's PrintWriter, which keeps a failed write to itself.
            commandLine.getOut().flush();
            status = failedOutput(status, ((HelpWriter) commandLine.getOut()).failure(), reporter);
        } catch (OutOfMemoryError e) {
            // picocli hands on Errors: out of memory is still one line, exit 5, never a Java stack trace.
            status = reporter.report(e);
        } finally {
            // The command has ended, by a signal too: what closes its output must not be interrupted.
            Thread.interrupted();
            factory.close();
            try {
                factory.console().io().stdout().flush();
            } catch (java.io.IOException e) {
                status = failedOutput(status, e, reporter);
            }
            stop.ended();
        }
        // Ctrl-C reaches a pager and the tool in no set order: a pager it ended says so in its exit status.
        return stop.stopped() || factory.console().pagerEndedByCtrlC() ? ExitCode.INTERRUPTED : status;
    }

    /** A run that did its work but whose output could not be written is exit 1, said once; a reader that left is not. */
    private static int failedOutput(int status, java.io.IOException failure, ErrorReporter reporter) {
        if (failure == null || status != ExitCode.OK) {
            return status;
        }
        return reporter.report(failure);
    }

    static ErrorReporter reporter(Factory factory) {
        return new ErrorReporter(factory.console(), factory.options()::verbose, factory.stop()::stopped);
    }

    /** The root and the commands {@code args} need ({@link UserlookupCommand#needed}): no arguments, every command. */
    static CommandLine commandLine(Factory factory, ErrorReporter reporter, String... args) {
        Io io = factory.console().io();
        CommandLine commandLine = new CommandLine(new UserlookupCommand(factory.options()));
        List<Object> commands = UserlookupCommand.needed(args, commandLine.getCommandSpec(), UserlookupCommand.commands(factory));
        commands.forEach(commandLine::addSubcommand);
        // Help and version text go to the run's stdout, so taller than the screen they are paged like other output.
        commandLine.setOut(new HelpWriter(factory.console()::stdout));
        commandLine.setErr(new PrintWriter(new OutputStreamWriter(io.stderr(), StandardCharsets.UTF_8), true));
        // The root's commands, then its options, then where the help topics are and examples: one screen. Its
        // description is the man page's.
        UsageMessageSpec usage = commandLine.getCommandSpec().usageMessage();
        usage.sectionKeys(List.of(UsageMessageSpec.SECTION_KEY_HEADER_HEADING, UsageMessageSpec.SECTION_KEY_HEADER,
                UsageMessageSpec.SECTION_KEY_SYNOPSIS_HEADING, UsageMessageSpec.SECTION_KEY_SYNOPSIS,
                UsageMessageSpec.SECTION_KEY_COMMAND_LIST_HEADING, UsageMessageSpec.SECTION_KEY_COMMAND_LIST,
                UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING, UsageMessageSpec.SECTION_KEY_OPTION_LIST,
                UsageMessageSpec.SECTION_KEY_FOOTER_HEADING, UsageMessageSpec.SECTION_KEY_FOOTER));
        usage.footer("userlookup help TOPIC: " + String.join(", ", HelpTopics.names()) + ".",
                "",
                "Examples:",
                "  userlookup resolve customer-000042",
                "  userlookup find 138adbbd-c5e6-36c4-aff7-48390b9f91da",
                "  userlookup --profile sandbox list --count",
                "  userlookup list --all -o csv > users.csv",
                "  userlookup help list");
        boolean every = commands.size() > 1;
        if (every) {
            HelpCommand.describe(commandLine);
        }
        HelpLayout.fit(commandLine, io.terminal(), io.env(), every ? () -> commandLine : () -> {
            CommandLine whole = new CommandLine(new UserlookupCommand(new GlobalOptions()));
            UserlookupCommand.commands(factory).forEach(whole::addSubcommand);
            return whole;
        });
        commandLine.setExecutionExceptionHandler(reporter);
        commandLine.setParameterExceptionHandler(reporter);
        return commandLine;
    }
}
