package dev.userlookup.output;

import dev.userlookup.console.DisplayWidth;
import dev.userlookup.console.LineFit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * As a person pastes it into a POSIX shell. An option with its value is one part, and a line
 * breaks between parts where it can, so each option reads whole.
 */
public final class ShellCommand {

    /** As people write long commands by hand. */
    private static final String INDENT = "  ";
    private static final String CONTINUED = " \\";

    private final List<List<String>> parts;

    private ShellCommand(List<List<String>> parts) {
        this.parts = List.copyOf(parts);
    }

    public static ShellCommand of(String... words) {
        return new ShellCommand(Arrays.stream(words).map(List::of).toList());
    }

    public ShellCommand plus(String... words) {
        if (words.length == 0) {
            return this;
        }
        List<List<String>> more = new ArrayList<>(parts);
        more.add(List.of(words));
        return new ShellCommand(more);
    }

    public List<String> lines(int width) {
        List<String> units = new ArrayList<>();
        for (List<String> part : parts) {
            String whole = quoted(part);
            // A part that cannot share a line breaks between its own words, like any other.
            if (width > 0 && DisplayWidth.of(INDENT + whole + CONTINUED) > width) {
                part.forEach(word -> units.add(quoted(word)));
            } else {
                units.add(whole);
            }
        }
        return LineFit.continued(units, width, CONTINUED, INDENT);
    }

    @Override
    public String toString() {
        return String.join(" ", parts.stream().map(ShellCommand::quoted).toList());
    }

    private static String quoted(List<String> words) {
        return String.join(" ", words.stream().map(ShellCommand::quoted).toList());
    }

    /** A leading {@code =} is quoted too: zsh expands {@code =word} to a path. */
    static String quoted(String word) {
        if (!word.isEmpty() && word.charAt(0) != '=' && word.chars().allMatch(ShellCommand::plain)) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    private static boolean plain(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "_./:@%+=,-".indexOf(c) >= 0;
    }
}
