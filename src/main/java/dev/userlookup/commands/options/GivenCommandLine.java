package dev.userlookup.commands.options;

import dev.userlookup.output.ShellCommand;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * For the commands the tool suggests, so that pasted they run as this run did. None of it is a
 * secret: no option takes the key ({@code --api-key-file -} pasted at a terminal asks for it).
 */
public final class GivenCommandLine {

    private static final String PROGRAM = "userlookup";

    private record Given(String name, List<String> names, String value, boolean global) {
        String[] words() {
            return value == null ? new String[] {name} : new String[] {name, value};
        }
    }

    private final List<Given> beforeCommand;
    private final String command;
    private final List<Given> afterCommand;

    private GivenCommandLine(List<Given> beforeCommand, String command, List<Given> afterCommand) {
        this.beforeCommand = List.copyOf(beforeCommand);
        this.command = command;
        this.afterCommand = List.copyOf(afterCommand);
    }

    public static GivenCommandLine of(CommandLine.ParseResult root) {
        CommandLine.ParseResult sub = root.subcommand();
        return new GivenCommandLine(options(root, true), sub == null ? null : sub.commandSpec().name(),
                sub == null ? List.of() : options(sub, false));
    }

    private static List<Given> options(CommandLine.ParseResult parse, boolean root) {
        List<Given> given = new ArrayList<>();
        // An option given twice is matched twice, its values gathered in order.
        Map<CommandLine.Model.ArgSpec, Integer> seen = new IdentityHashMap<>();
        for (CommandLine.Model.ArgSpec arg : parse.matchedArgs()) {
            if (!(arg instanceof CommandLine.Model.OptionSpec)) {
                continue;
            }
            CommandLine.Model.OptionSpec option = (CommandLine.Model.OptionSpec) arg;
            int occurrence = seen.merge(option, 1, Integer::sum) - 1;
            List<String> values = option.originalStringValues();
            String value = option.arity().max() == 0 || occurrence >= values.size() ? null : values.get(occurrence);
            given.add(new Given(option.longestName(), Arrays.asList(option.names()), value, root || option.inherited()));
        }
        return given;
    }

    /** This command line with {@code option} (its longest name) set to {@code value}: in its place where given, else last. */
    public GivenCommandLine with(String option, String value) {
        Given replacement = new Given(option, List.of(option), value, false);
        List<Given> before = new ArrayList<>(beforeCommand);
        List<Given> after = new ArrayList<>(afterCommand);
        if (!replace(before, replacement) && !replace(after, replacement)) {
            after.add(replacement);
        }
        return new GivenCommandLine(before, command, after);
    }

    public GivenCommandLine withDefault(String option, String value) {
        boolean given = Stream.concat(beforeCommand.stream(), afterCommand.stream()).anyMatch(it -> it.names().contains(option));
        return given ? this : with(option, value);
    }

    public ShellCommand command() {
        ShellCommand line = ShellCommand.of(PROGRAM);
        for (Given option : beforeCommand) {
            line = line.plus(option.words());
        }
        if (command != null) {
            line = line.plus(command);
        }
        for (Given option : afterCommand) {
            line = line.plus(option.words());
        }
        return line;
    }

    /**
     * Another command with this run's settings: the program, every option of every command given
     * (before or after this one's name, in order), then {@code words}. A flag given that
     * {@code words} names too ({@code -v}) is not said twice.
     */
    public ShellCommand running(String... words) {
        List<String> named = List.of(words);
        ShellCommand line = ShellCommand.of(PROGRAM);
        List<Given> all = new ArrayList<>(beforeCommand);
        all.addAll(afterCommand);
        for (Given option : all) {
            if (option.global() && !(option.value() == null && option.names().stream().anyMatch(named::contains))) {
                line = line.plus(option.words());
            }
        }
        for (String word : words) {
            line = line.plus(word);
        }
        return line;
    }

    private static boolean replace(List<Given> options, Given replacement) {
        for (int i = 0; i < options.size(); i++) {
            if (options.get(i).names().contains(replacement.name())) {
                options.set(i, replacement);
                return true;
            }
        }
        return false;
    }
}
