package dev.userlookup.console;

import java.util.ArrayList;
import java.util.List;

/**
 * The one place text is fitted to a terminal's width, so the terminal never wraps a word in the
 * middle. A word wider than the line (a long URL) keeps a line of its own, whole.
 */
public final class LineFit {

    private LineFit() {
    }

    /** {@code width} 0 or less: no limit. */
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

    /**
     * Units joined by spaces, never broken: a line ends between two units, with {@code mark} (a
     * shell command's {@code " \"}), and the next starts with {@code indent}; {@code width} 0 or
     * less: one line.
     */
    public static List<String> continued(List<String> units, int width, String mark, String indent) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < units.size(); i++) {
            String unit = units.get(i);
            // The last unit needs no room for the mark after it.
            String after = i == units.size() - 1 ? "" : mark;
            if (line.length() > 0 && width > 0 && DisplayWidth.of(line + " " + unit + after) > width) {
                lines.add(line + mark);
                line.setLength(0);
                line.append(indent);
            } else if (line.length() > 0) {
                line.append(' ');
            }
            line.append(unit);
        }
        lines.add(line.toString());
        return lines;
    }

    /**
     * A text people copy whole (an id) on as few lines as it can take, so that a mouse selection
     * of one line takes all of it whenever the terminal is wide enough; never cut. Its callers' text
     * is wider than its room: {@code width} above 0, text of some width.
     */
    public static List<String> whole(String text, int column, int width) {
        int textWidth = DisplayWidth.of(text);
        int fewest = (textWidth + width - 1) / width;
        int piece = (textWidth + fewest - 1) / fewest;
        int indent = Math.max(0, Math.min(column, width - piece));
        int room = width - indent;
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder(" ".repeat(indent));
        int used = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            int w = DisplayWidth.of(cp);
            if (used > 0 && used + w > room) {
                lines.add(line.toString());
                line = new StringBuilder(" ".repeat(indent));
                used = 0;
            }
            line.appendCodePoint(cp);
            used += w;
            i += Character.charCount(cp);
        }
        lines.add(line.toString());
        return lines;
    }

    /** Cut in the middle so that the part after the last {@code /} stays whole: a file's name is what tells paths apart. */
    public static String middle(String text, int columns) {
        int slash = text.lastIndexOf('/');
        int lastWidth = slash < 0 ? 0 : DisplayWidth.of(text.substring(slash));
        if (DisplayWidth.of(text) <= columns || columns <= 1) {
            return DisplayWidth.truncate(text, columns);
        }
        if (slash >= 0 && lastWidth <= columns - 2) {
            return DisplayWidth.truncate(text, columns - lastWidth) + text.substring(slash);
        }
        int start = slash < 0 ? columns / 2 : 0;
        // The start and its ellipsis, as truncate cuts it; then the end, from its own side.
        int from = text.length();
        for (int room = columns - 1 - start; from > 0 && DisplayWidth.of(text.codePointBefore(from)) <= room; ) {
            room -= DisplayWidth.of(text.codePointBefore(from));
            from -= Character.charCount(text.codePointBefore(from));
        }
        return DisplayWidth.truncate(text, start + 1) + text.substring(from);
    }

    /** Our own text only: the service's is cut by model.ServiceText, which takes the key out first. */
    public static String firstLine(String text, String ifNone) {
        if (text == null) {
            return ifNone;
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
