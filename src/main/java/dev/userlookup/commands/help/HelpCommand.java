package dev.userlookup.commands.help;

import dev.userlookup.ExitCode;
import dev.userlookup.UsageException;
import dev.userlookup.commands.options.Suggestion;
import dev.userlookup.console.Terminal;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code userlookup help [COMMAND | TOPIC]}: the root help, a command's help, or a topic of
 * {@link HelpTopics}. A name that is neither is a usage error naming the closest.
 */
@Command(
        name = "help",
        helpCommand = true,
        header = "Show help for a command or a topic.",
        customSynopsis = "userlookup help [COMMAND|TOPIC]",
        description = "Without a name: the commands and the options, as userlookup --help shows them.")
public final class HelpCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpLayout.HelpOption help;

    @Parameters(arity = "0..1", paramLabel = "COMMAND|TOPIC", description = "${COMPLETION-CANDIDATES}.")
    String name;

    private final Terminal terminal;

    public HelpCommand(Terminal terminal) {
        this.terminal = terminal;
    }

    /**
     * What the model cannot say in annotations: the topics under the help command's own help,
     * and the names completion offers after {@code help} (the root's commands, then the topics).
     */
    public static void describe(CommandLine root) {
        CommandLine helpCommand = root.getSubcommands().get("help");
        List<String> footer = new ArrayList<>(List.of("Topics:"));
        for (HelpTopics.Topic topic : HelpTopics.ALL) {
            footer.add(String.format("  %-13s%s", topic.name(), topic.summary()));
        }
        footer.addAll(List.of("", "Examples:", "  userlookup help list", "  userlookup help exit-codes"));
        CommandSpec spec = helpCommand.getCommandSpec();
        spec.usageMessage().footer(footer.toArray(String[]::new));
        PositionalParamSpec declared = spec.positionalParameters().get(0);
        spec.remove(declared);
        List<String> names = new ArrayList<>(root.getSubcommands().keySet());
        names.remove(spec.name());
        names.addAll(HelpTopics.names());
        spec.addPositional(PositionalParamSpec.builder(declared).completionCandidates(names).build());
    }

    @Override
    public Integer call() {
        CommandLine root = spec.parent().commandLine();
        PrintWriter out = spec.commandLine().getOut();
        CommandLine command = name == null ? root : root.getSubcommands().get(name);
        if (command != null) {
            command.usage(out);
            return ExitCode.OK;
        }
        HelpTopics.Topic topic = HelpTopics.named(name);
        if (topic != null) {
            out.print(HelpLayout.topic(topic, HelpLayout.width(terminal)));
            out.flush();
            return ExitCode.OK;
        }
        List<String> known = new ArrayList<>(root.getSubcommands().keySet());
        known.addAll(HelpTopics.names());
        String closest = Suggestion.closest(name, known);
        throw new UsageException("help: no command or topic '" + name + "'; "
                + (closest != null ? "did you mean '" + closest + "'?" : "see 'userlookup help'"));
    }
}
