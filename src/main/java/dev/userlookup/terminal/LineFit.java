package dev.userlookup.terminal;

import java.util.ArrayList;
import java.util.List;

/**
 * Breaks text into lines no wider than a terminal, between words, so the terminal never wraps
 * a word in the middle. A word wider than the line (a long URL) keeps a line of its own, whole.
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
        for (String word : text.split(" ")) {
            if (line == null) {
                line = word;
            } else if (DisplayWidth.of(line) + 1 + DisplayWidth.of(word) <= width) {
                line = line + " " + word;
            } else {
                lines.add(line);
                line = indent + word;
            }
        }
        lines.add(line.toString());
        return lines;
    }
}
