package dev.userlookup.commands.help;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.ExitCode;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The root footer is declared once: help and man page print it, README may not drift from it. */
class RootFooterTest {

    @Test
    void everyExitCodeIsExplainedOnceInItsOrder() throws IllegalAccessException {
        List<Integer> codes = new ArrayList<>();
        for (Field field : ExitCode.class.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == int.class) {
                codes.add(field.getInt(null));
            }
        }
        assertEquals(codes, RootFooter.EXIT_STATUS.stream().map(RootFooter.Status::code).toList());
    }

    @Test
    void theHelpListsTheDeclaredStatusesAndVariablesEachOnOneLine() {
        List<String> lines = Arrays.asList(RootFooter.lines());
        for (RootFooter.Status status : RootFooter.EXIT_STATUS) {
            assertTrue(lines.contains("  " + status.code() + "  " + status.meaning()), status.toString());
        }
        for (RootFooter.Variable variable : RootFooter.ENVIRONMENT) {
            String line = lines.stream().filter(each -> each.startsWith("  " + variable.names() + " ")).findFirst().orElseThrow();
            // The meanings line up at column 24 (or three blanks after longer names): man page and help read it so.
            assertTrue(line.endsWith(" " + variable.meaning()), line);
            int column = line.length() - variable.meaning().length();
            assertEquals(Math.max(24, 2 + variable.names().length() + 3), column, line);
        }
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
        assertEquals(RootFooter.EXIT_STATUS.stream().map(RootFooter.Status::code).toList(), codes);
    }

    @Test
    void readmeNamesEveryEnvironmentVariable() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        for (RootFooter.Variable variable : RootFooter.ENVIRONMENT) {
            for (String name : variable.names().split(", ")) {
                assertTrue(Pattern.compile("\\b" + name + "\\b").matcher(readme).find(), name + " is not in README");
            }
        }
    }
}
