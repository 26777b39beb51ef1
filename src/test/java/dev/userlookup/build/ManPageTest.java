package dev.userlookup.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import dev.userlookup.commands.help.HelpTopics;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The man page: renders without a warning, and says what --help says, and more. */
class ManPageTest {

    static CommandLine model;
    static String source;
    static Path page;

    @BeforeAll
    static void write() throws IOException {
        model = ManPage.model();
        source = ManPage.render(model, "0.1.0", "2026-01-01");
        page = Files.createTempFile("userlookup", ".1");
        Files.writeString(page, source, StandardCharsets.US_ASCII);
    }

    record Run(int exit, String out, String err) {
    }

    static Run run(Map<String, String> env, String... command) throws Exception {
        Path out = Files.createTempFile("man", ".out");
        Path err = Files.createTempFile("man", ".err");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().putAll(env);
            Process process = builder.start();
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), String.join(" ", command));
            return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.delete(out);
            Files.delete(err);
        }
    }

    static boolean installed(String command) {
        for (String folder : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            if (Files.isExecutable(Path.of(folder, command))) {
                return true;
            }
        }
        return false;
    }

    /** The page as a reader sees it: plain text, wide enough that no line of interest wraps. */
    static String rendered() throws Exception {
        assumeTrue(installed("groff"), "groff renders the page here (apt-get install groff-base)");
        Run run = run(Map.of(), "groff", "-man", "-Tutf8", "-P-c", "-P-b", "-P-o", "-P-u", "-rLL=200n", "-rHY=0", page.toString());
        assertEquals(0, run.exit(), run.err());
        return run.out();
    }

    @Test
    void rendersWithoutAWarningInEveryRendererHere() throws Exception {
        List<String> tried = new ArrayList<>();
        if (installed("groff")) {
            Run run = run(Map.of(), "groff", "-man", "-Tutf8", "-ww", "-z", page.toString());
            assertEquals(new Run(0, "", ""), run, "groff -ww");
            tried.add("groff");
        }
        if (installed("mandoc")) {
            Run run = run(Map.of(), "mandoc", "-Tlint", "-W", "warning", page.toString());
            assertEquals(new Run(0, "", ""), run, "mandoc -Tlint -W warning");
            tried.add("mandoc");
        }
        if (installed("man")) {
            Run run = run(Map.of("MANWIDTH", "80"), "man", "--warnings", "-l", page.toString());
            assertEquals(0, run.exit(), run.err());
            assertEquals("", run.err(), "man --warnings -l");
            assertTrue(run.out().contains("USERLOOKUP(1)"), run.out());
            tried.add("man");
        }
        assumeTrue(!tried.isEmpty(), "none of groff, mandoc or man is installed to render the page");
    }

    @Test
    void theSourceIsAsciiAndNoTextLineStartsLikeARequest() {
        for (String line : source.split("\n")) {
            assertTrue(line.chars().allMatch(c -> c >= 0x20 && c < 0x7f), line);
            assertFalse(line.startsWith("'"), line);
            if (line.startsWith(".")) {
                assertTrue(line.matches("\\.(\\\\\"|TH|SH|SS|SY|YS|PP|TP|IP|RS|RE|EX|EE|B|I|RI|BR|ad) ?.*"), "an unexpected request: " + line);
            }
        }
    }

    /** Every -x and --name that --help prints, for the root command and each subcommand. */
    static Set<String> helpOptions() {
        Set<String> names = new LinkedHashSet<>();
        List<String> helps = new ArrayList<>(List.of(model.getUsageMessage(CommandLine.Help.Ansi.OFF)));
        model.getSubcommands().values().forEach(sub -> helps.add(sub.getUsageMessage(CommandLine.Help.Ansi.OFF)));
        Pattern option = Pattern.compile("^ {2,}(?:(-[A-Za-z]), )?(--[a-z][a-z-]*)");
        for (String help : helps) {
            for (String line : help.split("\n")) {
                Matcher matcher = option.matcher(line);
                if (matcher.find()) {
                    if (matcher.group(1) != null) {
                        names.add(matcher.group(1));
                    }
                    names.add(matcher.group(2));
                }
            }
        }
        return names;
    }

    /** The rendered page's sections by heading. */
    static Map<String, String> sections(String text) {
        Map<String, String> sections = new LinkedHashMap<>();
        String heading = null;
        StringBuilder body = new StringBuilder();
        for (String line : text.split("\n")) {
            if (line.matches("[A-Z][A-Z ]+")) {
                if (heading != null) {
                    sections.put(heading, body.toString());
                }
                heading = line;
                body.setLength(0);
            } else {
                body.append(line).append('\n');
            }
        }
        if (heading != null) {
            sections.put(heading, body.toString());
        }
        return sections;
    }

    @Test
    void everyOptionOfHelpIsOnThePage() throws Exception {
        Set<String> options = helpOptions();
        assertTrue(options.containsAll(List.of("-h", "--help", "-V", "--version", "--base-url", "--profile", "--api-key-file", "-o",
                "--output", "--color", "--timeout", "--retries", "--allow-insecure-http", "-v", "--verbose", "--stdin", "--parallel",
                "--offset", "--limit", "--all", "--count")), options::toString);
        Map<String, String> sections = sections(rendered());
        String commands = sections.get("COMMANDS");
        String global = sections.get("OPTIONS");
        for (String option : options) {
            Pattern named = Pattern.compile("(?m)^ {7}(.*, )?" + Pattern.quote(option) + "(,.*| [A-Z_]+| {2,}\\S.*)?$");
            assertTrue(named.matcher(global).find() || named.matcher(commands).find(), option + " is not described on the page");
        }
        for (CommandLine sub : model.getSubcommands().values()) {
            String header = String.join(" ", sub.getCommandSpec().usageMessage().header());
            assertTrue(commands.replaceAll("\\s+", " ").contains(header), header);
        }
    }

    @Test
    void theSectionsAManPageOwes() throws Exception {
        Map<String, String> sections = sections(rendered());
        assertEquals(List.of("NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "OUTPUT", "REQUESTS", "ENVIRONMENT", "FILES", "EXIT STATUS",
                "EXAMPLES", "SEE ALSO"), List.copyOf(sections.keySet()));
        assertTrue(sections.get("NAME").contains("userlookup - look up the end users of the health-data service"), sections.get("NAME"));
        for (String variable : List.of("USERLOOKUP_BASE_URL", "USERLOOKUP_API_KEY", "USERLOOKUP_PROFILE", "USERLOOKUP_JAVA_OPTS",
                "HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY", "NO_COLOR", "CLICOLOR_FORCE", "XDG_CONFIG_HOME", "JAVA_HOME")) {
            assertTrue(Pattern.compile("(?m)^ {7}(.*, )?" + variable + "(,.*)?$").matcher(sections.get("ENVIRONMENT")).find(), variable);
        }
        String files = sections.get("FILES");
        assertTrue(words(files).contains("~/.config/userlookup/config.toml (or in $XDG_CONFIG_HOME/userlookup/ when that is set)"), files);
        // The help topic's example config, every line of it.
        for (String line : HelpTopics.CONFIG.blocks().stream().filter(HelpTopics.Example.class::isInstance)
                .flatMap(block -> ((HelpTopics.Example) block).lines().stream()).toList()) {
            assertTrue(files.contains(line), line + ":\n" + files);
        }
        assertTrue(files.contains("api_key_command"), files);
        assertTrue(files.contains("$XDG_CACHE_HOME/userlookup/") && files.contains("lib/userlookup.jar"), files);
        assertTrue(files.replaceAll("\\s+", " ").contains("a key file that others can write, or that another user owns, is refused"), files);
        String status = sections.get("EXIT STATUS");
        for (String code : List.of("0", "1", "2", "3", "4", "5", "130")) {
            assertTrue(Pattern.compile("(?m)^ {7}" + code + " +\\S").matcher(status).find(), "exit status " + code + ":\n" + status);
        }
        assertTrue(status.replaceAll("\\s+", " ").contains("HTTP 422"), status);
        assertTrue(status.contains("Success (also when the reader of the output went away)"), status);
        assertTrue(sections.get("EXAMPLES").contains("userlookup resolve --stdin -o ndjson < ids.txt"), sections.get("EXAMPLES"));
        String description = sections.get("DESCRIPTION").replaceAll("\\s+", " ");
        assertTrue(description.contains("from its provider, and from the deprecated source only where provider is missing or null"),
                description);
    }

    /** Text as a reader compares it: blanks run together, the man page's bold and quotes as plain. */
    static String words(String text) {
        return text.replaceAll("\\s+", " ").strip();
    }

    @Test
    void theEnvironmentFilesAndExitStatusSectionsSayWhatTheHelpTopicsSay() throws Exception {
        Map<String, String> sections = sections(rendered());
        Map<String, HelpTopics.Topic> topics = Map.of("ENVIRONMENT", HelpTopics.ENVIRONMENT, "FILES", HelpTopics.CONFIG,
                "EXIT STATUS", HelpTopics.EXIT_CODES);
        topics.forEach((heading, topic) -> {
            String section = sections.get(heading);
            for (HelpTopics.Block block : topic.blocks()) {
                if (block instanceof HelpTopics.Text paragraph) {
                    assertTrue(words(section).contains(words(paragraph.text())), heading + ": " + paragraph.text() + "\n" + section);
                } else if (block instanceof HelpTopics.Example example) {
                    for (String line : example.lines()) {
                        assertTrue(section.contains(" " + line + "\n"), heading + ": " + line + "\n" + section);
                    }
                } else if (block instanceof HelpTopics.Entries entries) {
                    for (HelpTopics.Entry entry : entries.entries()) {
                        Matcher tagged = Pattern.compile("(?m)^ {7}" + Pattern.quote(entry.term()) + "( +(\\S.*))?$").matcher(section);
                        assertTrue(tagged.find(), heading + ": " + entry.term() + "\n" + section);
                        String after = section.substring(tagged.start(1) < 0 ? tagged.end() : tagged.start(2));
                        assertTrue(words(after).startsWith(words(entry.meaning())), heading + ": " + entry.meaning() + "\n" + after);
                    }
                }
            }
        });
    }

    @Test
    void escapesWhatTroffWouldTakeForItself() {
        assertEquals("a\\-b \\ec \\[u00EB] \\[u1F469]", ManPage.esc("a-b \\c \u00eb \ud83d\udc69"));
        assertEquals("\\&.hidden", ManPage.literal(".hidden"));
        assertEquals("\\&'quoted'", ManPage.text("'quoted'"));
    }
}
