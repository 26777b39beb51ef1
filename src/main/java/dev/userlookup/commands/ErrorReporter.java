package dev.userlookup.commands;

import dev.userlookup.ExitCode;
import dev.userlookup.UsageException;
import dev.userlookup.commands.options.OptionValues;
import dev.userlookup.commands.options.Suggestion;
import dev.userlookup.console.Console;
import dev.userlookup.console.OutputFailedException;
import dev.userlookup.console.ReaderGoneException;
import dev.userlookup.console.SafeText;
import dev.userlookup.model.BadResponse;
import dev.userlookup.network.TransportFailures;
import dev.userlookup.service.ServiceException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import picocli.CommandLine;

/**
 * The one place that turns a failure into an exit status and one line on standard error:
 * {@code userlookup: <what failed>: <why>}. The key is redacted from every line, server text
 * is made safe for a terminal, and a stack trace appears only with {@code --verbose}.
 */
final class ErrorReporter implements CommandLine.IExecutionExceptionHandler, CommandLine.IParameterExceptionHandler {

    private final Console console;
    private final BooleanSupplier verbose;
    private final BooleanSupplier stopped;

    /** When {@code stopped} says Ctrl-C or SIGTERM stopped the run, whatever it ended in is only that. */
    ErrorReporter(Console console, BooleanSupplier verbose, BooleanSupplier stopped) {
        this.console = console;
        this.verbose = verbose;
        this.stopped = stopped;
    }

    @Override
    public int handleParseException(CommandLine.ParameterException e, String[] args) {
        String command = e.getCommandLine().getCommandName();
        String where = "userlookup".equals(command) ? "" : command + ": ";
        String help = "see '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help'";
        if (e instanceof CommandLine.UnmatchedArgumentException) {
            line(where + unmatched((CommandLine.UnmatchedArgumentException) e, help));
        } else if (e.getCause() instanceof CommandLine.TypeConversionException && e.getArgSpec() instanceof CommandLine.Model.OptionSpec) {
            // The converter's words (OptionValues) after the option and the value as typed.
            CommandLine.Model.OptionSpec option = (CommandLine.Model.OptionSpec) e.getArgSpec();
            line(where + option.longestName() + " '" + e.getValue() + "'? " + e.getCause().getMessage());
        } else if (missingOptionValue(e) != null) {
            line(where + OptionValues.missing(missingOptionValue(e)));
        } else {
            String message = String.valueOf(e.getMessage());
            line(where + (message.endsWith(".") ? message.substring(0, message.length() - 1) : message) + "; " + help);
        }
        return ExitCode.USAGE;
    }

    private static CommandLine.Model.OptionSpec missingOptionValue(CommandLine.ParameterException e) {
        List<CommandLine.Model.ArgSpec> missing = e instanceof CommandLine.MissingParameterException m ? m.getMissing() : null;
        return missing != null && missing.size() == 1 && missing.get(0) instanceof CommandLine.Model.OptionSpec option ? option : null;
    }

    /**
     * The first word not understood, named for what it is, with the closest command or option;
     * what follows it (the value of a mistyped option) is not reported as another error.
     */
    private static String unmatched(CommandLine.UnmatchedArgumentException e, String help) {
        String word = e.getUnmatched().isEmpty() ? "" : e.getUnmatched().get(0);
        CommandLine.Model.CommandSpec spec = e.getCommandLine().getCommandSpec();
        if (word.startsWith("-")) {
            String name = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
            List<String> options = spec.options().stream().flatMap(option -> Arrays.stream(option.names())).toList();
            String closest = Suggestion.closest(name, options);
            return "unknown option '" + name + "'" + (closest == null ? "; " + help : "; did you mean '" + closest + "'?");
        }
        if (!spec.subcommands().isEmpty()) {
            String closest = Suggestion.closest(word, spec.subcommands().keySet());
            return "unknown command '" + word + "'" + (closest == null ? "; " + help : "; did you mean '" + closest + "'?");
        }
        return "unexpected argument '" + word + "'; " + help;
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine commandLine, CommandLine.ParseResult parseResult) {
        return report(e);
    }

    int report(Throwable e) {
        if (TransportFailures.find(e, ReaderGoneException.class) != null) {
            return ExitCode.OK;
        }
        if (stopped.getAsBoolean() || e instanceof CancellationException || e instanceof InterruptedException
                || e instanceof java.io.InterruptedIOException) {
            return ExitCode.INTERRUPTED;
        }
        int status = statusOf(e);
        if (e instanceof OutOfMemoryError) {
            line("out of memory (" + e.getMessage() + "): the service's answers did not fit the Java heap;"
                    + " try a smaller --parallel, or give Java more with USERLOOKUP_JAVA_OPTS=-Xmx1g");
            return status;
        }
        OutputFailedException output = TransportFailures.find(e, OutputFailedException.class);
        if (output != null) {
            line(output.getMessage());
        } else if (status == ExitCode.FAILURE) {
            line("unexpected failure: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage())
                    + (verbose.getAsBoolean() ? "" : "; run again with --verbose for details"));
        } else {
            line(e.getMessage());
        }
        if (verbose.getAsBoolean()) {
            printTrace(e);
        }
        return status;
    }

    /**
     * For threads no command catches (the HTTP client's, a worker's): through the run's standard
     * error, so the key is taken out. -1 when the run goes on, to fail or not in its own words.
     */
    int uncaught(Thread thread, Throwable e) {
        if (e instanceof OutOfMemoryError) {
            return report(e);
        }
        String message = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("");
        line("unexpected failure in " + thread.getName() + ": " + e.getClass().getSimpleName()
                + (message.isEmpty() ? "" : ": " + message));
        return -1;
    }

    /**
     * The stack trace for --verbose. Messages carry the service's words (a line break among them),
     * so each throwable's message is redacted and escaped whole before its frames.
     */
    private void printTrace(Throwable e) {
        List<String> lines = new ArrayList<>();
        String prefix = "";
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            lines.add(prefix + SafeText.escape(console.redact(t.toString())));
            for (StackTraceElement frame : t.getStackTrace()) {
                lines.add("\tat " + frame);
            }
            prefix = "Caused by: ";
        }
        console.stderr().lines(lines);
    }

    static int statusOf(Throwable e) {
        if (e instanceof UsageException || e instanceof ServiceException.InvalidRequest) {
            return ExitCode.USAGE;
        }
        if (e instanceof ServiceException.NotFound) {
            return ExitCode.NOT_FOUND;
        }
        if (e instanceof ServiceException.AuthRefused) {
            return ExitCode.AUTH;
        }
        // Memory a service's answers took is the service failing the tool (the budget should stop it first).
        // A value found wrong only as it is written (a row's created_on) is the service's answer failing too.
        if (e instanceof ServiceException || e instanceof BadResponse || e instanceof OutOfMemoryError) {
            return ExitCode.UNAVAILABLE;
        }
        return ExitCode.FAILURE;
    }

    /** One message: the key redacted, server text escaped, so no message can move the cursor. */
    void line(String message) {
        console.stderr().say(message);
    }
}
