package dev.userlookup.console;

import org.jline.utils.WCWidth;

/**
 * Columns a string takes on a terminal, by JLine's {@code WCWidth} (wcwidth(3) with Unicode's
 * East Asian wide and emoji-presentation ranges): wide characters take two, combining marks and
 * zero-width characters none. Control characters take none here; server text reaches a
 * terminal only escaped ({@link SafeText}), so they are never measured raw.
 */
public final class DisplayWidth {

    private static final int ZERO_WIDTH_JOINER = 0x200d;

    private DisplayWidth() {
    }

    public static int of(String text) {
        int width = 0;
        int previous = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            // In an emoji ZWJ sequence the joined characters draw as one glyph.
            width += previous == ZERO_WIDTH_JOINER ? 0 : of(cp);
            previous = cp;
            i += Character.charCount(cp);
        }
        return width;
    }

    public static int of(int cp) {
        return Math.max(0, WCWidth.wcwidth(cp));
    }

    public static String truncate(String text, int columns) {
        if (of(text) <= columns) {
            return text;
        }
        if (columns <= 0) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        int width = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            int w = of(cp);
            if (width + w > columns - 1) {
                break;
            }
            out.appendCodePoint(cp);
            width += w;
            i += Character.charCount(cp);
        }
        return out.append('…').toString();
    }

    /** Text must already fit. */
    public static String pad(String text, int columns) {
        int missing = columns - of(text);
        return missing <= 0 ? text : text + " ".repeat(missing);
    }
}
