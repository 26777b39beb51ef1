package dev.userlookup.build;

import dev.userlookup.Version;
import dev.userlookup.commands.App;
import dev.userlookup.commands.help.HelpTopics;
import dev.userlookup.console.Io;
import dev.userlookup.console.FixedTerminal;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Writes {@code userlookup.1}, the man page, from the picocli model that {@code --help} prints:
 * the commands, their headers, descriptions and options (whole, where help shows an option's
 * first line), and the help topics that {@code userlookup help TOPIC} prints (ENVIRONMENT, FILES,
 * EXIT STATUS), so the page cannot drift from the help. Only what the model cannot know is
 * written here: the files of the installed program and the cache, and the examples.
 *
 * <p>Plain troff with the man macros, ASCII only ({@code \[uXXXX]} for anything else), so man-db,
 * groff and mandoc render it alike. Run by {@code mvn package}; arguments: the file to write and
 * the build's timestamp (yyyyMMddHHmmss, for the page's date).
 */
public final class ManPage {

    static final String[][] EXAMPLES = {
        {"The user your team knows as customer-000042, as a card on a terminal, as JSON into a pipe:",
            "userlookup resolve customer-000042\nuserlookup resolve customer-000042 | jq -r .user_id"},
        {"Many ids, one a line, in input order, one JSON object a line:",
            "userlookup resolve --stdin -o ndjson < ids.txt"},
        {"One page of the team's users; every user; just the count:",
            "userlookup list --limit 3 --offset 100\nuserlookup list --all -o csv > users.csv\nuserlookup list --count"},
        {"A profile of the config file instead of the environment:",
            "userlookup --profile sandbox list --count"},
        {"A smoke check that tells its failures apart by exit status:",
            "userlookup resolve \"$CANARY_ID\" > /dev/null\ncase $? in\n  0) echo ok ;;\n  3) echo \"canary user missing\" ;;\n"
                    + "  4) echo \"key refused\" ;;\n  5) echo \"service down or broken\" ;;\n  *) echo \"usage or tool error\" ;;\nesac"},
    };

    private ManPage() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        String stamp = args.length > 1 ? args[1] : "";
        String date = stamp.matches("\\d{8}.*") ? stamp.substring(0, 4) + "-" + stamp.substring(4, 6) + "-" + stamp.substring(6, 8) : "";
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, render(model(), Version.get(), date), StandardCharsets.US_ASCII);
        System.out.println("[man-page] " + out);
    }

    /** The command line as the tool builds it, with no streams or environment of its own. */
    public static CommandLine model() {
        Io io = new Io(new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream(),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), Map.of(), new FixedTerminal(false, false, 0));
        return App.commandLine(io);
    }

    public static String render(CommandLine commandLine, String version, String date) {
        CommandSpec root = commandLine.getCommandSpec();
        String name = root.name();
        StringBuilder page = new StringBuilder();
        page.append(".\\\" Generated from the picocli model of ").append(name).append(" ").append(version).append(": do not edit.\n");
        page.append(".TH ").append(name.toUpperCase(java.util.Locale.ROOT)).append(" 1 \"").append(date).append("\" \"")
                .append(name).append(' ').append(esc(version)).append("\" \"User Commands\"\n");
        // Left-aligned: no stretched spaces between words in the many lines of names and paths.
        page.append(".ad l\n");

        page.append(".SH NAME\n").append(name).append(" \\- ").append(esc(stripPeriod(join(root.usageMessage().header())))).append('\n');

        page.append(".SH SYNOPSIS\n");
        for (CommandLine sub : root.subcommands().values()) {
            page.append(".SY ").append(name).append('\n').append(".RI [ OPTIONS ]\n").append(synopsis(sub.getCommandSpec())).append(".YS\n");
        }
        page.append(".SY ").append(name).append('\n').append(".B \\-\\-help\n.YS\n");
        page.append(".SY ").append(name).append('\n').append(".B \\-\\-version\n.YS\n");

        page.append(".SH DESCRIPTION\n");
        paragraphs(page, root.usageMessage().description());
        page.append(".PP\nOPTIONS work before or after the command.\n");
        page.append(".PP\n").append(text("At a terminal, userlookup help TOPIC shows OUTPUT (topic output), REQUESTS "
                + "(requests), ENVIRONMENT (environment), FILES (config) and EXIT STATUS (exit-codes), and userlookup help "
                + "COMMAND a command's help.")).append('\n');

        page.append(".SH COMMANDS\n");
        for (CommandLine sub : root.subcommands().values()) {
            CommandSpec spec = sub.getCommandSpec();
            page.append(".SS ").append(spec.name()).append('\n');
            paragraphs(page, spec.usageMessage().header());
            paragraphs(page, spec.usageMessage().description());
            for (PositionalParamSpec positional : spec.positionalParameters()) {
                page.append(".TP\n.I ").append(esc(positional.paramLabel())).append('\n')
                        .append(text(join(positional.description()))).append('\n');
            }
            for (OptionSpec option : ownOptions(spec)) {
                option(page, option);
            }
        }

        page.append(".SH OPTIONS\n");
        for (OptionSpec option : ordered(root.options())) {
            if (!option.hidden()) {
                option(page, option);
            }
        }

        page.append(".SH OUTPUT\n");
        blocks(page, HelpTopics.OUTPUT.blocks());

        page.append(".SH REQUESTS\n");
        blocks(page, HelpTopics.REQUESTS.blocks());

        page.append(".SH ENVIRONMENT\n");
        blocks(page, HelpTopics.ENVIRONMENT.blocks());

        page.append(".SH FILES\n");
        blocks(page, HelpTopics.CONFIG.blocks());
        page.append(".TP\n").append(bold("$XDG_CACHE_HOME/userlookup/")).append(" (default ").append(bold("~/.cache/userlookup/"))
                .append(")\n").append(text("find's index (user_id to client_user_id, one file per base URL and team) and the "
                        + "class-data archives the launcher makes on first use, one per build, JDK and copy of the program "
                        + "(folders 700, files 600); removed, they are made anew. The launcher uses or writes an archive only "
                        + "where no one else could have put it: every folder from / down is yours or root's and writable by "
                        + "neither group nor others, the file is yours, and no link is followed; otherwise it runs without one."))
                .append('\n');
        page.append(".TP\n").append(bold("lib/userlookup.jar")).append('\n')
                .append(text("The program, found by the launcher beside itself or in ../lib (links followed); with it "
                        + "userlookup.jsa and userlookup.jsa.jdk (a class-data archive and the JDK and jar it fits) and "
                        + "userlookup-VERSION.aot (an AOT cache for that JDK 25 or later), where the build made them, and "
                        + "userlookup.classlist (the classes the archives in the cache are made of).")).append('\n');

        page.append(".SH EXIT STATUS\n");
        blocks(page, HelpTopics.EXIT_CODES.blocks());

        page.append(".SH EXAMPLES\n");
        for (String[] example : EXAMPLES) {
            newParagraph(page);
            page.append(text(example[0])).append("\n.PP\n.RS\n.EX\n");
            for (String line : example[1].split("\n")) {
                page.append(literal(line)).append('\n');
            }
            page.append(".EE\n.RE\n");
        }

        page.append(".SH SEE ALSO\n").append(".BR jq (1),\n.BR java (1)\n");
        return page.toString();
    }

    /**
     * A help topic as the man page's section: its paragraphs, its entries as tagged paragraphs (the
     * terms bold), its examples as they are. The words are the topic's, as help prints them.
     */
    static void blocks(StringBuilder page, List<HelpTopics.Block> blocks) {
        for (HelpTopics.Block block : blocks) {
            if (block instanceof HelpTopics.Text paragraph) {
                newParagraph(page);
                page.append(text(paragraph.text())).append('\n');
            } else if (block instanceof HelpTopics.Entries entries) {
                for (HelpTopics.Entry entry : entries.entries()) {
                    page.append(".TP\n").append(terms(entry.term())).append('\n').append(text(entry.meaning())).append('\n');
                }
            } else if (block instanceof HelpTopics.Example example) {
                page.append(".PP\n.RS\n.EX\n");
                for (String line : example.lines()) {
                    page.append(literal(line)).append('\n');
                }
                page.append(".EE\n.RE\n");
            }
        }
    }

    /** A command's own options: not the global ones, nor --help and --version (under OPTIONS). */
    private static List<OptionSpec> ownOptions(CommandSpec spec) {
        List<OptionSpec> own = new ArrayList<>();
        for (OptionSpec option : ordered(spec.options())) {
            if (!option.inherited() && !option.hidden() && !option.usageHelp() && !option.versionHelp()) {
                own.add(option);
            }
        }
        return own;
    }

    /** Options as --help orders them: by their order attribute, declaration order among equals. */
    private static List<OptionSpec> ordered(List<OptionSpec> options) {
        List<OptionSpec> sorted = new ArrayList<>(options);
        sorted.sort(Comparator.comparingInt(OptionSpec::order));
        return sorted;
    }

    private static String synopsis(CommandSpec spec) {
        StringBuilder line = new StringBuilder(".B ").append(spec.name()).append('\n');
        for (OptionSpec option : ownOptions(spec)) {
            line.append("\\%[\\fB").append(esc(option.longestName())).append("\\fR");
            if (option.arity().max() > 0) {
                line.append("\\~\\fI").append(esc(option.paramLabel())).append("\\fR");
            }
            line.append("]\n");
        }
        for (PositionalParamSpec positional : spec.positionalParameters()) {
            String label = "\\fI" + esc(positional.paramLabel()) + "\\fR" + (positional.arity().max() > 1 ? "..." : "");
            line.append("\\%").append(positional.arity().min() == 0 ? "[" + label + "]" : label).append('\n');
        }
        return line.toString();
    }

    private static void option(StringBuilder page, OptionSpec option) {
        List<String> names = new ArrayList<>(List.of(option.names()));
        names.sort(Comparator.comparingInt(String::length));
        StringBuilder tag = new StringBuilder();
        for (String each : names) {
            tag.append(tag.length() == 0 ? "" : ", ").append(bold(each));
        }
        if (option.arity().max() > 0) {
            tag.append(" \\fI").append(esc(option.paramLabel())).append("\\fR");
        }
        page.append(".TP\n").append(tag).append('\n').append(text(join(option.description()))).append('\n');
    }

    private static void paragraphs(StringBuilder page, String[] lines) {
        String text = join(lines);
        if (!text.isEmpty()) {
            newParagraph(page);
            page.append(text(text)).append('\n');
        }
    }

    /** .PP, unless a heading just began one (mandoc warns of a .PP right after .SH or .SS). */
    private static void newParagraph(StringBuilder page) {
        int start = page.lastIndexOf("\n", page.length() - 2) + 1;
        String last = page.substring(start);
        if (!last.startsWith(".SH ") && !last.startsWith(".SS ")) {
            page.append(".PP\n");
        }
    }

    private static String terms(String names) {
        StringBuilder tag = new StringBuilder();
        for (String each : names.split(", ")) {
            tag.append(tag.length() == 0 ? "" : ", ").append(bold(each));
        }
        return tag.toString();
    }

    private static String join(String[] lines) {
        return String.join(" ", lines).replace("%n", " ").replace("%%", "%").replaceAll("\\s+", " ").strip();
    }

    private static String stripPeriod(String text) {
        return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
    }

    /** Bold, and never hyphenated. */
    private static String bold(String word) {
        return "\\fB\\%" + esc(word) + "\\fR";
    }

    /**
     * A line of running text, filled by troff. Words that are names rather than prose (with a
     * digit, capital, _, -, /, ~, $, = or a dot inside) are never hyphenated: USERLOOKUP_BASE_URL
     * must not become USER-LOOKUP_BASE_URL at a line's end.
     */
    static String text(String text) {
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            String core = word.replaceAll("[,.;:)]+$", "");
            line.append(line.length() == 0 ? "" : " ").append(core.matches(".*[0-9A-Z_\\-/~$=.].*") ? "\\%" : "").append(esc(word));
        }
        return guardLineStart(line.toString());
    }

    /** A line inside .EX/.EE, kept as it is. */
    static String literal(String line) {
        return guardLineStart(esc(line));
    }

    private static String guardLineStart(String line) {
        return line.startsWith(".") || line.startsWith("'") ? "\\&" + line : line;
    }

    /** Backslashes and minus signs escaped, anything not ASCII as its Unicode escape. */
    static String esc(String text) {
        StringBuilder out = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (c == '\\') {
                out.append("\\e");
            } else if (c == '-') {
                out.append("\\-");
            } else if (c < 0x20 || c > 0x7e) {
                out.append(String.format("\\[u%04X]", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.toString();
    }
}
