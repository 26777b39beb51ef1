package dev.userlookup.commands.help;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.ExitCode;
import dev.userlookup.commands.CommandModel;
import dev.userlookup.console.DisplayWidth;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The help topics are declared once: help prints them, the man page is made of them, README may not drift from them. */
class HelpTopicsTest {

    @Test
    void everyExitCodeIsExplainedOnceInItsOrder() throws IllegalAccessException {
        List<Integer> codes = new ArrayList<>();
        for (Field field : ExitCode.class.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == int.class) {
                codes.add(field.getInt(null));
            }
        }
        assertEquals(codes, statusCodes());
    }

    static List<Integer> statusCodes() {
        return HelpTopics.EXIT_STATUSES.entries().stream().map(entry -> Integer.parseInt(entry.term())).toList();
    }

    @Test
    void theRootFooterNamesEveryTopicOnOneLine() {
        List<String> naming = List.of(CommandModel.whole().getCommandSpec().usageMessage().footer()).stream().filter(line -> line.contains("userlookup help TOPIC")).toList();

        assertEquals(List.of("userlookup help TOPIC: environment, config, exit-codes, output, requests."), naming);
    }

    @ParameterizedTest(name = "{0} columns")
    @ValueSource(ints = {55, 80, 120})
    void aTopicFitsTheWidthWithItsMeaningsInOneColumnAndItsExamplesWhole(int width) {
        for (HelpTopics.Topic topic : HelpTopics.ALL) {
            List<String> lines = HelpLayout.topic(topic, width).lines().toList();
            String shown = String.join("\n", lines);
            List<Integer> columns = new ArrayList<>();
            for (HelpTopics.Block block : topic.blocks()) {
                if (block instanceof HelpTopics.Example example) {
                    for (String line : example.lines()) {
                        assertTrue(lines.contains("  " + line), line + " whole in\n" + shown);
                    }
                } else if (block instanceof HelpTopics.Entries entries) {
                    for (HelpTopics.Entry entry : entries.entries()) {
                        columns.add(meaningColumn(lines, entry, shown));
                    }
                }
            }
            assertTrue(columns.stream().distinct().count() <= 1, topic.name() + ": meanings at columns " + columns + "\n" + shown);
            for (String line : lines) {
                assertTrue(DisplayWidth.of(line) <= width, topic.name() + ": wider than " + width + ": [" + line + "]");
            }
        }
    }

    /** Where the entry's meaning starts: beside its term, or on the line below a long one. */
    private static int meaningColumn(List<String> lines, HelpTopics.Entry entry, String shown) {
        String word = entry.meaning().split(" ")[0];
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("  " + entry.term() + "  ")) {
                return line.indexOf(word, 2 + entry.term().length());
            }
            if (line.equals("  " + entry.term())) {
                assertTrue(lines.get(i + 1).strip().startsWith(word), entry.term() + "\n" + shown);
                return lines.get(i + 1).indexOf(word);
            }
        }
        throw new AssertionError(entry.term() + " is not shown:\n" + shown);
    }

    @Test
    void readmesExitStatusTableHasTheSameCodes() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        Matcher table = Pattern.compile("(?m)^\\| code \\| meaning \\|\\n\\|---\\|---\\|\\n((?:\\|.*\\n)+)").matcher(readme);
        assertTrue(table.find(), "README's exit status table");
        List<Integer> codes = new ArrayList<>();
        Matcher row = Pattern.compile("(?m)^\\| (\\d+) \\|").matcher(table.group(1));
        while (row.find()) {
            codes.add(Integer.parseInt(row.group(1)));
        }
        assertEquals(statusCodes(), codes);
    }

    @Test
    void readmeNamesEveryVariableTheToolReads() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        for (HelpTopics.Entry variable : HelpTopics.TOOL_VARIABLES.entries()) {
            for (String name : variable.term().split(", ")) {
                assertTrue(Pattern.compile("\\b" + name + "\\b").matcher(readme).find(), name + " is not in README");
            }
        }
    }
}
