package dev.userlookup.commands;

import dev.userlookup.commands.completion.CompletionCommand;
import dev.userlookup.commands.help.HelpCommand;
import picocli.CommandLine;

/** Gives the subcommands their context by constructor: no reaching into the root command. */
final class CommandFactory implements CommandLine.IFactory {

    private final CommandContext context;

    CommandFactory(CommandContext context) {
        this.context = context;
    }

    @Override
    public <K> K create(Class<K> type) throws Exception {
        if (type == ResolveCommand.class) {
            return type.cast(new ResolveCommand(context));
        }
        if (type == ListCommand.class) {
            return type.cast(new ListCommand(context));
        }
        if (type == FindCommand.class) {
            return type.cast(new FindCommand(context));
        }
        if (type == DoctorCommand.class) {
            return type.cast(new DoctorCommand(context));
        }
        if (type == ProfilesCommand.class) {
            return type.cast(new ProfilesCommand(context));
        }
        if (type == CompletionCommand.class) {
            return type.cast(new CompletionCommand(context.console()));
        }
        if (type == HelpCommand.class) {
            return type.cast(new HelpCommand(context.console().terminal()));
        }
        return CommandLine.defaultFactory().create(type);
    }
}
