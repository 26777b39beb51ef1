package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.commands.help.HelpTopics;
import dev.userlookup.console.DisplayWidth;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * Help that is looked at: the root and every command fit one screen (45 lines of 80 columns),
 * what does not fit there is a help topic, and each page says what the user can do.
 */
class HelpScreenTest {

    static final int SCREEN_LINES = 45;
    static final int SCREEN_COLUMNS = 80;

    /** Into a pipe, and at a terminal 80 columns wide. */
    static Cli cli(boolean terminal) {
        Cli cli = Cli.bare().env("NO_COLOR", "1").env("USERLOOKUP_PAGER", "");
        return terminal ? cli.terminal(true, SCREEN_COLUMNS) : cli;
    }

    static List<String> lines(Cli.Result result) {
        assertEquals(0, result.exit(), result::toString);
        return result.out().lines().toList();
    }

    static void assertOneScreen(String what, List<String> lines) {
        assertTrue(lines.size() <= SCREEN_LINES, what + " is " + lines.size() + " lines:\n" + String.join("\n", lines));
        for (String line : lines) {
            assertTrue(DisplayWidth.of(line) <= SCREEN_COLUMNS, what + ": wider than 80: [" + line + "]");
        }
    }

    static CommandLine model() {
        return CommandModel.whole();
    }

    @ParameterizedTest(name = "at a terminal: {0}")
    @ValueSource(booleans = {false, true})
    void rootHelpIsOneScreenOfCommandsOptionsAndTheTopics(boolean terminal) {
        List<String> help = lines(cli(terminal).run("--help"));

        assertOneScreen("--help", help);
        int commands = help.indexOf("Commands:");
        List<String> names = new ArrayList<>();
        for (String line : help.subList(commands + 1, help.size())) {
            if (line.isEmpty()) {
                break;
            }
            names.add(line.strip().split(" ")[0]);
        }
        assertEquals(List.of("resolve", "find", "list", "doctor", "profiles", "help", "completion"), names);
        for (String option : new String[] {"--base-url=URL", "--profile=NAME", "--api-key-file=FILE", "-o, --output=FMT", "-v, --verbose"}) {
            assertTrue(help.stream().anyMatch(line -> line.contains(option)), option + " in\n" + String.join("\n", help));
        }
        List<String> topics = help.stream().filter(line -> line.contains("userlookup help TOPIC")).toList();
        assertEquals(1, topics.size(), String.join("\n", help));
        for (String topic : new String[] {"environment", "config", "exit-codes", "output", "requests"}) {
            assertTrue(topics.get(0).contains(topic), topics.get(0));
        }
        assertFalse(help.contains("Exit status:") || help.stream().anyMatch(line -> line.startsWith("  USERLOOKUP_API_KEY")),
                "the environment and exit statuses are topics now:\n" + String.join("\n", help));
    }

    @ParameterizedTest(name = "at a terminal: {0}")
    @ValueSource(booleans = {false, true})
    void everyCommandsHelpIsOneScreen(boolean terminal) {
        for (String command : model().getSubcommands().keySet()) {
            assertOneScreen(command + " --help", lines(cli(terminal).run(command, "--help")));
        }
        for (String topic : dev.userlookup.commands.help.HelpTopics.names()) {
            assertOneScreen("help " + topic, lines(cli(terminal).run("help", topic)));
        }
    }

    @Test
    void theTopicsSayTheEnvironmentTheConfigFileAndTheExitStatuses() {
        String environment = String.join("\n", lines(cli(false).run("help", "environment")));
        String config = String.join("\n", lines(cli(false).run("help", "config")));
        String exitCodes = String.join("\n", lines(cli(false).run("help", "exit-codes")));

        for (String variable : new String[] {"USERLOOKUP_BASE_URL", "USERLOOKUP_API_KEY", "USERLOOKUP_PROFILE", "USERLOOKUP_CA_CERT",
            "SSL_CERT_FILE", "USERLOOKUP_PAGER, PAGER", "HTTPS_PROXY, HTTP_PROXY, NO_PROXY", "NO_COLOR, CLICOLOR_FORCE",
            "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "USERLOOKUP_JAVA_OPTS", "JAVA_HOME"}) {
            assertTrue(Pattern.compile("(?m)^  " + Pattern.quote(variable) + "( |$)").matcher(environment).find(), variable + ":\n" + environment);
        }
        // Every line of the topic's example config, each on a line of its own.
        List<String> example = HelpTopics.CONFIG.blocks().stream().filter(HelpTopics.Example.class::isInstance)
                .flatMap(block -> ((HelpTopics.Example) block).lines().stream()).toList();
        assertTrue(example.contains("[profiles.prod]") && example.size() > 5, example.toString());
        for (String line : example) {
            assertTrue(config.contains("  " + line + "\n"), line + ":\n" + config);
        }
        assertTrue(config.startsWith("Profiles live in ~/.config/userlookup/config.toml"), config);
        for (String code : new String[] {"0", "1", "2", "3", "4", "5", "130", "143"}) {
            assertTrue(Pattern.compile("(?m)^  " + code + " +[A-Z]").matcher(exitCodes).find(), code + ":\n" + exitCodes);
        }
        assertTrue(exitCodes.replaceAll("\\s+", " ").contains("2 Usage or input error: bad option or value, missing base URL or key, "
                + "or HTTP 422 from the service."), exitCodes);
    }

    @Test
    void helpWithoutANameIsTheRootHelpWithItsCommandsAndTopics() {
        assertEquals(cli(false).run("--help").out(), cli(false).run("help").out());
    }

    @Test
    void anUnknownNameAfterHelpIsExit2WithTheClosestCommandOrTopic() {
        Cli.Result topic = Cli.bare().run("help", "enviroment");
        Cli.Result command = Cli.bare().run("help", "lsit");
        Cli.Result far = Cli.bare().run("help", "frobnicate");

        assertEquals(2, topic.exit(), topic::toString);
        assertEquals("userlookup: help: no command or topic 'enviroment'; did you mean 'environment'?\n", topic.err());
        assertEquals("", topic.out());
        assertEquals(2, command.exit(), command::toString);
        assertEquals("userlookup: help: no command or topic 'lsit'; did you mean 'list'?\n", command.err());
        assertEquals(2, far.exit(), far::toString);
        assertEquals("userlookup: help: no command or topic 'frobnicate'; see 'userlookup help'\n", far.err());
    }

    @Test
    void aCommandsHelpSaysWhatTheUserCanDoNotTheServicesInternals() {
        for (String command : new String[] {"resolve", "list", "find"}) {
            String help = cli(false).run(command, "--help").out();
            for (String internal : new String[] {"9223372036854775807", "2^63", "more users than asked", "percent-encoded",
                "exact comparison", "steps by what came back"}) {
                assertFalse(help.contains(internal), command + " --help says '" + internal + "':\n" + help);
            }
        }
    }

    /** The lines of the usage block: from "Usage:" to the blank line. */
    static String usage(String help) {
        Matcher usage = Pattern.compile("(?ms)^Usage: (.*?)\\n\\n").matcher(help);
        assertTrue(usage.find(), help);
        return usage.group(1).replaceAll("\\s+", " ");
    }

    @Test
    void theUsageLineOfEveryCommandNamesEachOfItsOptions() {
        CommandLine model = model();
        for (CommandLine command : model.getSubcommands().values()) {
            String name = command.getCommandName();
            String usage = usage(cli(false).run(name, "--help").out());
            for (CommandLine.Model.OptionSpec option : command.getCommandSpec().options()) {
                if (!option.inherited() && !option.usageHelp()) {
                    String expected = "[" + option.longestName() + (option.arity().max() > 0 ? " " + option.paramLabel() : "") + "]";
                    assertTrue(usage.contains(expected), name + ": " + expected + " in " + usage);
                }
            }
        }
        assertEquals("userlookup [OPTIONS] list [--offset N] [--limit N] [--all] [--parallel N] [--count] [--fields LIST] [--jq FILTER]",
                usage(cli(false).run("list", "--help").out()));
    }

    @Test
    void aBracketedOptionInAUsageLineIsNeverBrokenAcrossLines() {
        for (String command : new String[] {"resolve", "list", "find"}) {
            String help = cli(true).run(command, "--help").out();
            Matcher usage = Pattern.compile("(?ms)^Usage: (.*?)\\n\\n").matcher(help);
            assertTrue(usage.find(), help);
            for (String line : usage.group(1).split("\n")) {
                assertEquals(line.chars().filter(c -> c == '[').count(), line.chars().filter(c -> c == ']').count(), command + ": " + line);
            }
        }
    }

    /** Each option line of a page: the column its text starts at, and the blanks before it. */
    static final Pattern OPTION_LINE = Pattern.compile("^  (?:-\\w, |    )--[\\w-]+(?:=\\S+)?( +)\\S");

    @Test
    void everyOptionsTextStartsInOneColumnOnEveryPageAfterTwoBlanksAtLeast() {
        Set<Integer> columns = new LinkedHashSet<>();
        List<String> pages = new ArrayList<>(List.of("--help", "help --help"));
        model().getSubcommands().keySet().forEach(command -> pages.add(command + " --help"));
        for (String page : pages) {
            for (String line : cli(false).run(page.split(" ")).out().split("\n")) {
                Matcher option = OPTION_LINE.matcher(line);
                if (option.find()) {
                    assertTrue(option.group(1).length() >= 2, page + ": [" + line + "]");
                    columns.add(option.end() - 1);
                }
            }
        }
        assertEquals(1, columns.size(), "text columns " + columns);
    }

    @Test
    void helpsOwnHelpIsLaidOutAsEveryOtherPage() {
        String help = cli(false).run("help", "--help").out();
        String list = cli(false).run("list", "--help").out();

        assertTrue(help.startsWith("Show help for a command or a topic.\n\nUsage: userlookup help [COMMAND|TOPIC]\n"), help);
        assertFalse(help.contains("--base-url"), "no global options listed: " + help);
        String helpOption = list.lines().filter(line -> line.contains("--help")).findFirst().orElseThrow();
        assertTrue(help.contains(helpOption + "\n"), helpOption + " in\n" + help);
        assertTrue(help.contains("\nTopics:\n  environment  "), help);
    }

    @Test
    void noCommandIsExit2NamingEveryCommand() {
        Cli.Result result = Cli.bare().run();

        assertEquals(2, result.exit());
        assertEquals("userlookup: missing command: resolve, find, list, doctor, profiles, help or completion; see 'userlookup --help'\n",
                result.err());
        assertEquals("", result.out());
    }
}
