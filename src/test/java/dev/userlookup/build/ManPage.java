package dev.userlookup.build;

import dev.userlookup.Version;
import dev.userlookup.commands.App;
import dev.userlookup.console.Io;
import dev.userlookup.console.Terminal;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Writes {@code userlookup.1}, the man page, from the picocli model that {@code --help} prints:
 * the commands, their headers, descriptions and options, and the root command's footer (its
 * environment, profile and exit-status blocks), so the page cannot drift from the help. Only
 * what the model cannot know is written here: the launcher's own environment and files, the
 * config file's keys, and the examples.
 *
 * <p>Plain troff with the man macros, ASCII only ({@code \[uXXXX]} for anything else), so man-db,
 * groff and mandoc render it alike. Run by {@code mvn package}; arguments: the file to write and
 * the build's timestamp (yyyyMMddHHmmss, for the page's date).
 */
public final class ManPage {

    /** Environment the launcher reads, which the Java model cannot know of, and XDG_CONFIG_HOME. */
    static final List<String[]> MORE_ENVIRONMENT = List.of(
            new String[] {"XDG_CONFIG_HOME", "The folder of userlookup/config.toml (default: ~/.config); see FILES."},
            new String[] {"USERLOOKUP_JAVA_OPTS", "JVM options the launcher adds after its own, split at spaces: "
                    + "-Xmx2g for a larger heap, -XX:TieredStopAtLevel=4 for the C2 compiler on very long walks, "
                    + "another -XX:+Use...GC instead of the serial collector."},
            new String[] {"JAVA_HOME", "The Java (17 or later) the launcher runs; otherwise the java on PATH."},
            new String[] {"XDG_CACHE_HOME", "Where the build's own archive does not fit (the program unpacked elsewhere, another JDK), "
                    + "the launcher keeps a class-data archive for faster start-up in $XDG_CACHE_HOME/userlookup "
                    + "(default: ~/.cache/userlookup), made on first use."},
            new String[] {"LC_ALL, LC_CTYPE, LANG", "Under the C or POSIX locale (or none) the launcher has the JVM read "
                    + "the command line as UTF-8, so that an id such as Zo\u00eb is sent as it was typed."});

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
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), Map.of(), Terminal.fixed(false, false, 0));
        return App.commandLine(io);
    }

    public static String render(CommandLine commandLine, String version, String date) {
        CommandSpec root = commandLine.getCommandSpec();
        String name = root.name();
        Footer footer = Footer.parse(root.usageMessage().footer());
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

        page.append(".SH ENVIRONMENT\n");
        for (String[] variable : footer.environment) {
            page.append(".TP\n").append(variables(variable[0])).append('\n').append(text(capitalise(variable[1]) + ".")).append('\n');
        }
        for (String[] variable : MORE_ENVIRONMENT) {
            page.append(".TP\n").append(variables(variable[0])).append('\n').append(text(variable[1])).append('\n');
        }

        page.append(".SH FILES\n");
        String heading = footer.profilesHeading.replaceAll(":$", "");
        int space = heading.indexOf(' ');
        page.append(".TP\n").append(bold(space < 0 ? heading : heading.substring(0, space)))
                .append(space < 0 ? "" : " " + text(heading.substring(space + 1))).append('\n');
        page.append(text("Profiles, for example:")).append('\n');
        page.append(".RS\n.EX\n");
        for (String line : footer.profilesExample) {
            page.append(literal(line)).append('\n');
        }
        page.append(".EE\n.RE\n");
        page.append(".IP\n").append(text("Each [profiles.NAME] has base_url and one of api_key_file (~ and paths relative to the "
                + "config's folder allowed) or api_key_command (run with sh -c, 60 s to answer; its standard output is the key). "
                + "--profile or USERLOOKUP_PROFILE picks a profile, otherwise default_profile. A profile's key is sent only to "
                + "its own base_url. An unknown profile or setting, or a TOML error, is exit status 2. As ssh does, a config file "
                + "(or its folder) or a key file that others can write, or that another user owns, is refused, exit status 2 "
                + "naming it: the config runs api_key_command. A key file others can read draws a warning; the config holds "
                + "no secret and draws none. userlookup profiles lists the profiles.")).append('\n');
        for (String line : footer.profilesAfter) {
            page.append(".IP\n").append(text(line)).append('\n');
        }
        page.append(".TP\n").append(bold("$XDG_CACHE_HOME/userlookup/")).append(" (default ").append(bold("~/.cache/userlookup/"))
                .append(")\n").append(text("The class-data archives the launcher makes on first use, one per build, JDK and copy of the program "
                        + "(the folder 700, the files 600); removed, they are made anew."))
                .append('\n');
        page.append(".TP\n").append(bold("lib/userlookup.jar")).append('\n')
                .append(text("The program, found by the launcher beside itself or in ../lib (links followed); with it "
                        + "userlookup.jsa and userlookup.jsa.jdk (a class-data archive and the JDK and jar it fits) and "
                        + "userlookup-VERSION.aot (an AOT cache for that JDK 25 or later), where the build made them, and "
                        + "userlookup.classlist (the classes the archives in the cache are made of).")).append('\n');

        page.append(".SH EXIT STATUS\n");
        for (String[] status : footer.exitStatus) {
            page.append(".TP\n.B ").append(status[0]).append('\n').append(text(capitalise(status[1]) + ".")).append('\n');
        }

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
     * The root command's footer in its three blocks, as {@code --help} prints them: environment
     * lines ({@code NAME   text}), the profiles block, and the exit statuses ({@code N  text},
     * continued on indented lines). Anything else fails the build: the page would drift.
     */
    static final class Footer {
        final List<String[]> environment = new ArrayList<>();
        String profilesHeading;
        final List<String> profilesExample = new ArrayList<>();
        final List<String> profilesAfter = new ArrayList<>();
        final List<String[]> exitStatus = new ArrayList<>();

        private static final Pattern VARIABLE = Pattern.compile("^ {2}([A-Z][A-Z_]*(?:, [A-Z][A-Z_]*)*) {2,}(\\S.*)$");
        private static final Pattern STATUS = Pattern.compile("^ {2}(\\d+) {2,}(\\S.*)$");
        private static final Pattern CONTINUED = Pattern.compile("^ {4,}(\\S.*)$");

        static Footer parse(String[] lines) {
            Footer footer = new Footer();
            List<List<String>> blocks = new ArrayList<>();
            List<String> block = new ArrayList<>();
            for (String line : lines) {
                if (line.isBlank()) {
                    if (!block.isEmpty()) {
                        blocks.add(block);
                    }
                    block = new ArrayList<>();
                } else {
                    block.add(line.stripTrailing());
                }
            }
            if (!block.isEmpty()) {
                blocks.add(block);
            }
            for (List<String> each : blocks) {
                if (each.get(0).startsWith("Profiles:")) {
                    footer.profilesHeading = each.get(0).substring("Profiles:".length()).strip();
                    for (String line : each.subList(1, each.size())) {
                        (line.startsWith("  ") ? footer.profilesExample : footer.profilesAfter).add(line.strip());
                    }
                } else if (each.get(0).equals("Exit status:")) {
                    for (String line : each.subList(1, each.size())) {
                        Matcher status = STATUS.matcher(line);
                        Matcher continued = CONTINUED.matcher(line);
                        if (status.matches()) {
                            footer.exitStatus.add(new String[] {status.group(1), status.group(2)});
                        } else if (continued.matches() && !footer.exitStatus.isEmpty()) {
                            String[] last = footer.exitStatus.get(footer.exitStatus.size() - 1);
                            last[1] = last[1] + " " + continued.group(1);
                        } else {
                            throw new IllegalStateException("the footer's exit status line is not '  N  text': " + line);
                        }
                    }
                } else if (each.get(0).equals("Examples:")) {
                    // The help's few examples; EXAMPLES below has them and more, each explained.
                    continue;
                } else {
                    for (String line : each) {
                        Matcher variable = VARIABLE.matcher(line);
                        Matcher continued = CONTINUED.matcher(line);
                        if (variable.matches()) {
                            footer.environment.add(new String[] {variable.group(1), variable.group(2)});
                        } else if (continued.matches() && !footer.environment.isEmpty()) {
                            String[] last = footer.environment.get(footer.environment.size() - 1);
                            last[1] = last[1] + " " + continued.group(1);
                        } else {
                            throw new IllegalStateException("the footer's environment line is not '  NAME   text': " + line);
                        }
                    }
                }
            }
            if (footer.environment.isEmpty() || footer.profilesHeading == null || footer.exitStatus.isEmpty()) {
                throw new IllegalStateException("the root command's footer no longer has its environment, profiles and exit status "
                        + "blocks; ManPage reads them from there");
            }
            return footer;
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

    private static String variables(String names) {
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

    private static String capitalise(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
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
