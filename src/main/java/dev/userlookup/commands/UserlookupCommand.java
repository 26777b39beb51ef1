package dev.userlookup.commands;

import dev.userlookup.Version;
import dev.userlookup.commands.completion.CompletionCommand;
import dev.userlookup.commands.help.HelpCommand;
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

/** {@code userlookup}: the global options (a mixin, inherited by the subcommands) and the help. */
@Command(
        name = "userlookup",
        mixinStandardHelpOptions = true,
        versionProvider = UserlookupCommand.VersionProvider.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        headerHeading = "userlookup: ",
        header = "look up the end users of the health-data service.",
        synopsisHeading = "%nUsage: ",
        customSynopsis = "userlookup [OPTIONS] COMMAND [ARGS]",
        // The man page's DESCRIPTION: root help leaves it out (App), to stay one screen.
        descriptionHeading = "%n",
        description = "Resolves a user by the client_user_id your team gave it, finds one by the user_id the service gave it, "
                + "or lists the team's users. "
                + "Output is a table on a terminal and JSON otherwise; see -o. Tables and CSV read a connected "
                + "source's slug and name from its provider, and from the deprecated source only where provider is "
                + "missing or null; JSON and NDJSON print both as sent.",
        commandListHeading = "%nCommands:%n",
        optionListHeading = "%nOptions (before or after the command):%n",
        // The footer (where the help topics are, examples) is help.RootFooter's, set where the model is built.
        footerHeading = "%n")
public final class UserlookupCommand implements Callable<Integer> {

    /** In the order help lists them; added by {@link #needed}, not by the annotation, so a run builds only what it uses. */
    static final List<Class<?>> COMMANDS = List.of(ResolveCommand.class, FindCommand.class, ListCommand.class,
            DoctorCommand.class, ProfilesCommand.class, HelpCommand.class, CompletionCommand.class);

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
        List<String> commands = List.copyOf(spec.subcommands().keySet());
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: "
                + String.join(", ", commands.subList(0, commands.size() - 1)) + " or " + commands.get(commands.size() - 1));
    }

    /**
     * The commands whose model a run needs: the one the arguments name after the root's own options,
     * or every one where help, completion or the root lists them, and wherever the arguments do not
     * name one for certain as picocli reads them (a {@code --}, an {@code @file}, clustered short
     * options, an option's value that is a command's name or looks like an option).
     */
    static List<Class<?>> needed(String[] args, CommandSpec root) {
        Map<String, Class<?>> byName = new HashMap<>();
        COMMANDS.forEach(command -> byName.put(command.getAnnotation(Command.class).name(), command));
        for (int i = 0; i < args.length; i++) {
            Class<?> named = byName.get(args[i]);
            if (named != null) {
                return named == HelpCommand.class || named == CompletionCommand.class ? COMMANDS : List.of(named);
            }
            int equals = args[i].indexOf('=');
            OptionSpec option = root.optionsMap().get(equals < 0 ? args[i] : args[i].substring(0, equals));
            if (option == null || option.usageHelp() || option.versionHelp()) {
                return COMMANDS;
            }
            if (option.arity().max() == 0 && equals < 0) {
                continue;
            }
            if (option.arity().min() != 1 || option.arity().max() != 1 || equals < 0 && ++i == args.length) {
                return COMMANDS;
            }
            String value = equals < 0 ? args[i] : args[i].substring(equals + 1);
            if (value.startsWith("-") || value.startsWith("@") || byName.containsKey(value)) {
                return COMMANDS;
            }
        }
        return COMMANDS;
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
