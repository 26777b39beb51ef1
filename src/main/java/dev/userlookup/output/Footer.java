package dev.userlookup.output;

import dev.userlookup.console.DisplayWidth;
import java.util.ArrayList;
import java.util.List;

/**
 * A footer for people: phrases that share a line while they fit, and otherwise each take their
 * own, so a terminal never wraps one. A command to copy ({@code Next page: userlookup list ...})
 * is one phrase and is never broken, only moved under its label if need be.
 */
public record Footer(List<String> phrases) {

    public Footer {
        phrases = List.copyOf(phrases);
    }

    static Footer of(String... phrases) {
        return new Footer(List.of(phrases));
    }

    /** The lines at {@code width} columns (0: one line). */
    public List<String> lines(int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String phrase : phrases) {
            String joined = line.length() == 0 ? phrase : line + " " + phrase;
            if (width <= 0 || DisplayWidth.of(joined) <= width) {
                line.setLength(0);
                line.append(joined);
                continue;
            }
            if (line.length() > 0) {
                lines.add(line.toString());
            }
            line.setLength(0);
            int colon = phrase.indexOf(": ");
            if (DisplayWidth.of(phrase) > width && colon > 0) {
                lines.add(phrase.substring(0, colon + 1));
                line.append(phrase.substring(colon + 2));
            } else {
                line.append(phrase);
            }
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }

    @Override
    public String toString() {
        return String.join(" ", phrases);
    }
}
