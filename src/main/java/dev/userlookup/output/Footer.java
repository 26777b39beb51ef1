package dev.userlookup.output;

import dev.userlookup.console.DisplayWidth;
import dev.userlookup.console.LineFit;
import java.util.ArrayList;
import java.util.List;

/**
 * A footer for people: phrases that share a line while they fit, and otherwise each take their
 * own, so a terminal never wraps one ({@link LineFit#phrases}); then, where there is one, a
 * command to paste after its label ({@code Next page: userlookup list ...}): on the last line
 * while it fits there, else under its label, continued on lines that end in {@code " \"}.
 *
 * @param command the command to paste, or null; {@code label} says what it is for
 */
public record Footer(List<String> phrases, String label, ShellCommand command) {

    public Footer {
        phrases = List.copyOf(phrases);
    }

    static Footer of(String... phrases) {
        return new Footer(List.of(phrases), null, null);
    }

    /** The lines at {@code width} columns (0: one line). */
    public List<String> lines(int width) {
        if (command == null) {
            return LineFit.phrases(phrases, width);
        }
        String labelled = label + " " + command;
        List<String> all = new ArrayList<>(phrases);
        if (width <= 0 || DisplayWidth.of(labelled) <= width) {
            all.add(labelled);
            return LineFit.phrases(all, width);
        }
        List<String> lines = new ArrayList<>(LineFit.phrases(phrases, width));
        lines.add(label);
        lines.addAll(command.lines(width));
        return lines;
    }

    @Override
    public String toString() {
        return String.join(" ", phrases) + (command == null ? "" : " " + label + " " + command);
    }
}
