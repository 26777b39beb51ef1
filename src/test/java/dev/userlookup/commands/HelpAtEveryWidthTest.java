package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.console.DisplayWidth;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every help page and topic at a terminal of each width, in-process: no line is wider than the
 * terminal, and a wrapped line continues under its column (TerminalIT checks a real
 * pseudo-terminal's width reaches the help).
 */
class HelpAtEveryWidthTest {

    static final String[] HELP = {"--help", "help", "help resolve", "resolve --help", "list --help", "find --help", "doctor --help",
        "completion --help", "help help", "help environment", "help config", "help exit-codes", "help output", "help requests"};

    /** Lists and examples never fall back to column 0. */
    private static final String INDENTED_SECTIONS =
            "Commands:|Options.*:|Topics:|Read by the launcher.*:|A profile's settings:|A script can tell.*:|Examples:";

    @ParameterizedTest(name = "{0} columns")
    @ValueSource(ints = {60, 67, 80, 100})
    void helpFitsTheWidthAndWrappedLinesContinueUnderTheirColumn(int width) {
        for (String help : HELP) {
            Cli.Result result = Cli.bare().env("USERLOOKUP_PAGER", "").terminal(true, width).run(help.split(" "));

            assertEquals(0, result.exit(), result::toString);
            String all = result.out().replaceAll("\u001b\\[[0-9;]*m", "");
            String[] lines = all.split("\n");
            String section = "";
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i];
                assertTrue(DisplayWidth.of(line) <= width, help + ": wider than " + width + ": [" + line + "]\n" + all);
                if (line.isEmpty() || line.endsWith(":") && !line.startsWith(" ")) {
                    section = line;
                    continue;
                }
                if (section.matches(INDENTED_SECTIONS)) {
                    assertTrue(line.startsWith(" "), help + " at " + width + ", under " + section + ": [" + line + "]\n" + all);
                }
                // Nor does the rest of a usage line.
                if (i > 0 && lines[i - 1].startsWith("Usage: ") && !line.isEmpty()) {
                    assertTrue(line.startsWith("       "), help + " at " + width + ": usage continued at [" + line + "]");
                }
            }
        }
    }
}
