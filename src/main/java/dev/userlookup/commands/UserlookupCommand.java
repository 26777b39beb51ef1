package dev.userlookup.commands;

import dev.userlookup.Version;
import dev.userlookup.commands.completion.CompletionCommand;
import dev.userlookup.commands.help.HelpCommand;
import dev.userlookup.commands.options.OptionValues;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Spec;

/**
 * {@code userlookup}: the global options (a mixin, inherited by the subcommands) and the help. Its
 * footer, which names the help topics, is set where the model is built (App).
 */
@Command(
        name = "userlookup",
        mixinStandardHelpOptions = true,
        versionProvider = UserlookupCommand.VersionProvider.class,
        headerHeading = "userlookup: ",
        header = "look up the end users of the health-data service.",
        customSynopsis = "userlookup [OPTIONS] COMMAND [ARGS]",
        // The man page's DESCRIPTION: root help leaves it out (App), to stay one screen.
        description = "Resolves a user by the client_user_id your team gave it, finds one by the user_id the service gave it, "
                + "or lists the team's users. "
                + "Output is a table on a terminal and JSON otherwise; see -o. Tables and CSV read a connected "
                + "source's slug and name from its provider, and from the deprecated source only where provider is "
                + "missing or null; JSON and NDJSON print both as sent.",
        commandListHeading = "%nCommands:%n",
        optionListHeading = "%nOptions (before or after the command):%n")
public final class UserlookupCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    GlobalOptions options;

    UserlookupCommand(GlobalOptions options) {
        this.options = options;
    }

    /** No command: a usage error (exit 2, as a script needs) that names every command there is. */
    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: "
                + OptionValues.either(List.copyOf(spec.subcommands().keySet())));
    }

    /** In the order help lists them: cheap to make, while picocli's model of each is not. */
    static List<Object> commands(Factory factory) {
        return List.of(new ResolveCommand(factory), new FindCommand(factory), new ListCommand(factory), new DoctorCommand(factory),
                new ProfilesCommand(factory), new HelpCommand(factory.console().terminal()), new CompletionCommand(factory.console()));
    }

    /**
     * Those of {@code commands} whose model a run needs: the one the arguments name after the root's
     * own options, or every one where help, completion or the root lists them, and wherever the
     * arguments do not name one for certain as picocli reads them (a {@code --}, an {@code @file},
     * clustered short options, an option's value that is a command's name or looks like an option).
     */
    static List<Object> needed(String[] args, CommandSpec root, List<Object> commands) {
        Map<String, Object> byName = new HashMap<>();
        commands.forEach(command -> byName.put(command.getClass().getAnnotation(Command.class).name(), command));
        for (int i = 0; i < args.length; i++) {
            Object named = byName.get(args[i]);
            if (named != null) {
                return named instanceof HelpCommand || named instanceof CompletionCommand ? commands : List.of(named);
            }
            int equals = args[i].indexOf('=');
            OptionSpec option = root.optionsMap().get(equals < 0 ? args[i] : args[i].substring(0, equals));
            if (option == null || option.usageHelp() || option.versionHelp()) {
                return commands;
            }
            if (option.arity().max() == 0 && equals < 0) {
                continue;
            }
            if (option.arity().min() != 1 || option.arity().max() != 1 || equals < 0 && ++i == args.length) {
                return commands;
            }
            String value = equals < 0 ? args[i] : args[i].substring(equals + 1);
            if (value.startsWith("-") || value.startsWith("@") || byName.containsKey(value)) {
                return commands;
            }
        }
        return commands;
    }

    /** {@code -V}: the tool and the Java it runs on. */
    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"userlookup " + Version.get(),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
        }
    }
}
