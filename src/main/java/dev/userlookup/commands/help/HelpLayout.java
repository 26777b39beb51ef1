package dev.userlookup.commands.help;

import dev.userlookup.console.ColorMode;
import dev.userlookup.console.LineFit;
import dev.userlookup.console.Terminal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.CommandLine.Option;

/**
 * One screen a page: global options are listed once, at the root, and each option by its
 * description's first line (the man page has them whole). Wrapped lines continue under their own
 * column, which picocli's layout does not do.
 */
public final class HelpLayout {

    /** Width of help that is not on a terminal (a pipe, a file, the man page's model). */
    public static final int UNBOUNDED_WIDTH = 80;

    /** picocli's narrowest; a terminal narrower than this gets lines it wraps itself. */
    private static final int NARROWEST = 55;

    /** A term of a topic's entries longer than this has its meaning on the lines below it, as a man page's. */
    private static final int LONGEST_TERM_BESIDE = 20;

    private static final int GAP = 2;

    /** A footer entry, {@code   NAME, NAME   text} or {@code   3  text}: continued under its text. */
    private static final Pattern ENTRY = Pattern.compile("^( *\\S+(?:, \\S+)* {2,})\\S");

    public static final String GLOBAL_OPTIONS = "Global options (--base-url, --profile, --api-key-file, -o, --color, --timeout, "
            + "--retries, --allow-insecure-http, -v) work here too: see 'userlookup --help'.";

    private HelpLayout() {
    }

    public static final class HelpOption {
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
        public boolean help;
    }

    /**
     * Colour only where table output would have it; option texts in one column on every page, the
     * column of the longest option of any command: {@code everyCommand} gives their model.
     */
    public static void fit(CommandLine root, Terminal terminal, Map<String, String> env, Supplier<CommandLine> everyCommand) {
        // Decided when help is printed, not before every run: a run into a pipe never asks the terminal,
        // and a run that built one command's model builds the others only then.
        root.setHelpFactory((spec, colorScheme) -> {
            spec.usageMessage().width(width(terminal)).longOptionsMaxWidth(longestOption(everyCommand.get()));
            return new CommandLine.Help(spec, CommandLine.Help.defaultColorScheme(
                    ColorMode.AUTO.enabled(terminal, env) ? CommandLine.Help.Ansi.ON : CommandLine.Help.Ansi.OFF));
        });
        fitSections(root);
    }

    static int width(Terminal terminal) {
        return terminal.stdoutIsTerminal() && terminal.width() > 0 ? Math.max(NARROWEST, terminal.width()) : UNBOUNDED_WIDTH;
    }

    /** Every page's parts a blank line apart, under the same headings (the root's options have their own). */
    private static void fitSections(CommandLine command) {
        UsageMessageSpec usage = command.getCommandSpec().usageMessage();
        usage.synopsisHeading("%nUsage: ").descriptionHeading("%n").parameterListHeading("%n").footerHeading("%n");
        if (usage.optionListHeading().isEmpty()) {
            usage.optionListHeading("%n");
        }
        command.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_OPTION_LIST, HelpLayout::optionList);
        command.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_FOOTER, HelpLayout::footer);
        command.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_SYNOPSIS, HelpLayout::synopsis);
        if (!usage.headerHeading().isEmpty()) {
            // "userlookup: look up ...": one line that picocli does not wrap, so heading and header are wrapped here, together.
            command.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_HEADER_HEADING, help -> "");
            command.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_HEADER, HelpLayout::header);
        }
        for (CommandLine sub : command.getSubcommands().values()) {
            fitSections(sub);
        }
    }

    /** Columns of the longest {@code --name=LABEL} of any command: no option's name runs into its text. */
    private static int longestOption(CommandLine command) {
        int longest = 0;
        for (OptionSpec option : command.getCommandSpec().options()) {
            longest = Math.max(longest, option.longestName().length() + (option.arity().max() > 0 ? 1 + option.paramLabel().length() : 0));
        }
        for (CommandLine sub : command.getSubcommands().values()) {
            longest = Math.max(longest, longestOption(sub));
        }
        return longest;
    }

    private static String header(CommandLine.Help help) {
        UsageMessageSpec usage = help.commandSpec().usageMessage();
        String heading = usage.headerHeading();
        List<String> lines = LineFit.wrap(heading + String.join(" ", usage.header()), usage.width(), " ".repeat(heading.length()));
        return String.join(System.lineSeparator(), lines) + System.lineSeparator();
    }

    private static String footer(CommandLine.Help help) {
        StringBuilder out = new StringBuilder();
        for (String line : help.commandSpec().usageMessage().footer()) {
            Matcher entry = ENTRY.matcher(line);
            int leading = line.length() - line.stripLeading().length();
            int column = entry.find() ? entry.group(1).length() : leading + 2;
            for (String fitted : LineFit.wrap(line, help.commandSpec().usageMessage().width(), " ".repeat(column))) {
                out.append(fitted).append(System.lineSeparator());
            }
        }
        return out.toString();
    }

    /**
     * {@code Usage: userlookup [OPTIONS] resolve ...}, continued under the word after the command's
     * name, and never broken inside brackets: {@code [--fields LIST]} stays on one line.
     */
    private static String synopsis(CommandLine.Help help) {
        String heading = "Usage: ";
        String text = String.join(" ", help.commandSpec().usageMessage().customSynopsis());
        int column = heading.length() + text.indexOf(' ') + 1;
        StringBuilder joined = new StringBuilder();
        int depth = 0;
        for (char c : text.toCharArray()) {
            depth += c == '[' ? 1 : c == ']' ? -1 : 0;
            joined.append(c == ' ' && depth > 0 ? KEEP_TOGETHER : c);
        }
        List<String> lines = LineFit.wrap(heading + joined, help.commandSpec().usageMessage().width(), " ".repeat(column));
        StringBuilder out = new StringBuilder(lines.get(0).substring(heading.length()));
        for (String line : lines.subList(1, lines.size())) {
            out.append(System.lineSeparator()).append(line);
        }
        return out.append(System.lineSeparator()).toString().replace(KEEP_TOGETHER, ' ');
    }

    /** Stands for a space that a line must not break at, while a synopsis is fitted. */
    private static final char KEEP_TOGETHER = '\u00a0';

    private static String optionList(CommandLine.Help help) {
        CommandLine.Help.Layout layout = help.createDefaultLayout();
        for (OptionSpec option : help.commandSpec().options().stream().filter(option -> !option.inherited() && !option.hidden())
                .sorted(Comparator.comparingInt(OptionSpec::order)).toList()) {
            String[] description = option.description();
            layout.addOption(description.length > 1 ? OptionSpec.builder(option).description(description[0]).build() : option,
                    help.createDefaultParamLabelRenderer());
        }
        return layout.toString();
    }

    /** A text that ends in a colon runs into the block it introduces. */
    public static String topic(HelpTopics.Topic topic, int width) {
        int column = termColumn(topic);
        String indent = " ".repeat(column);
        List<String> lines = new ArrayList<>();
        boolean joined = true;
        for (HelpTopics.Block block : topic.blocks()) {
            if (!joined) {
                lines.add("");
            }
            joined = false;
            if (block instanceof HelpTopics.Text text) {
                lines.addAll(LineFit.wrap(text.text(), width, ""));
                joined = text.text().endsWith(":");
            } else if (block instanceof HelpTopics.Entries entries) {
                for (HelpTopics.Entry entry : entries.entries()) {
                    String term = "  " + entry.term();
                    if (term.length() + GAP <= column) {
                        lines.addAll(LineFit.wrap(term + " ".repeat(column - term.length()) + entry.meaning(), width, indent));
                    } else {
                        lines.add(term);
                        lines.addAll(LineFit.wrap(indent + entry.meaning(), width, indent));
                    }
                }
            } else if (block instanceof HelpTopics.Example example) {
                example.lines().forEach(line -> lines.add("  " + line));
            }
        }
        return String.join(System.lineSeparator(), lines) + System.lineSeparator();
    }

    private static int termColumn(HelpTopics.Topic topic) {
        return 2 + GAP + topic.blocks().stream().filter(HelpTopics.Entries.class::isInstance)
                .flatMap(block -> ((HelpTopics.Entries) block).entries().stream()).mapToInt(entry -> entry.term().length())
                .filter(length -> length <= LONGEST_TERM_BESIDE).max().orElse(0);
    }
}
