package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.console.DisplayWidth;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A command the tool printed for people to paste, as a POSIX shell reads it: the printed lines
 * from the one that starts with {@code userlookup} (continued with {@code " \"}) are handed to
 * {@code sh}, which prints each word it splits off on a line of its own.
 */
final class Pasted {

    private Pasted() {
    }

    /**
     * The words the shell passes to userlookup, the program's name left out.
     *
     * @param text the printed lines that hold the command, its first word {@code userlookup} first
     */
    static List<String> words(String text) throws IOException, InterruptedException {
        assertTrue(text.startsWith("userlookup "), text);
        // printf in place of the program: one word a line, as the shell split them.
        String script = "printf '%s\\n'" + text.substring("userlookup".length());
        Process shell = new ProcessBuilder("sh", "-c", script).redirectErrorStream(true).start();
        String out = new String(shell.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, shell.waitFor(), out);
        return List.of(out.split("\n", -1)).subList(0, (int) out.chars().filter(c -> c == '\n').count());
    }

    /**
     * The command the lines show, from the line that starts with {@code userlookup} to the first
     * line that does not end in {@code " \"} (the last of the command), checking that each of
     * those lines is within {@code width} columns.
     */
    static String command(List<String> lines, int width) {
        StringBuilder command = new StringBuilder();
        boolean in = false;
        for (String line : lines) {
            String rest = line.strip();
            int start = rest.indexOf("userlookup ");
            if (!in && start >= 0) {
                in = true;
                rest = rest.substring(start);
            } else if (!in) {
                continue;
            }
            assertTrue(width <= 0 || DisplayWidth.of(line) <= width, "wider than " + width + ": [" + line + "]");
            command.append(rest);
            if (!rest.endsWith(" \\")) {
                return command.toString();
            }
            command.append('\n');
        }
        throw new AssertionError("no command in " + lines);
    }
}
