package dev.userlookup.terminal;

import java.util.ArrayList;
import java.util.List;

/**
 * Breaks text into lines no wider than a terminal, between words, so the terminal never wraps
 * a word in the middle. A word wider than the line (a long URL) keeps a line of its own, whole.
 * Spaces where a line breaks go with the break: no line ends in blanks or is only its indent.
 */
public final class LineFit {

    private LineFit() {
    }

    /**
     * @param width columns; 0 or less for no limit
     * @param indent put before every line but the first (a continuation)
     */
    public static List<String> wrap(String text, int width, String indent) {
        List<String> lines = new ArrayList<>();
        if (width <= 0 || DisplayWidth.of(text) <= width) {
            lines.add(text);
            return lines;
        }
        String line = null;
        // After a break and before the next word: spaces there are the break, not a blank line.
        boolean atBreak = false;
        for (String word : text.split(" ")) {
            if (line == null) {
                line = word;
            } else if (atBreak) {
                if (!word.isEmpty()) {
                    line = line + word;
                    atBreak = false;
                }
            } else if (DisplayWidth.of(line) + 1 + DisplayWidth.of(word) <= width) {
                line = line + " " + word;
            } else {
                if (!line.isBlank()) {
                    lines.add(line.stripTrailing());
                }
                line = indent + word;
                atBreak = word.isEmpty();
            }
        }
        if (!atBreak) {
            lines.add(line);
        }
        return lines;
    }
}
