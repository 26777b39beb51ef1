package dev.userlookup.terminal;

/**
 * Columns a string takes on a terminal: East Asian wide and fullwidth characters and most emoji
 * take two, combining marks and zero-width joiners none. An approximation of wcwidth(3) that is
 * good enough to keep table columns aligned.
 */
public final class DisplayWidth {

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

    private static final int ZERO_WIDTH_JOINER = 0x200d;

    public static int of(int cp) {
        if (cp == 0) {
            return 0;
        }
        if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) {
            return 0;
        }
        int type = Character.getType(cp);
        if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK || type == Character.FORMAT
                || cp == 0x200b || (cp >= 0x1160 && cp <= 0x11ff) || (cp >= 0xfe00 && cp <= 0xfe0f)) {
            return 0;
        }
        return isWide(cp) ? 2 : 1;
    }

    private static boolean isWide(int cp) {
        return (cp >= 0x1100 && cp <= 0x115f)
                || cp == 0x2329 || cp == 0x232a
                || (cp >= 0x231a && cp <= 0x231b)
                || (cp >= 0x23e9 && cp <= 0x23ec)
                || (cp >= 0x25fd && cp <= 0x25fe)
                || (cp >= 0x2614 && cp <= 0x2615)
                || (cp >= 0x2e80 && cp <= 0x303e)
                || (cp >= 0x3041 && cp <= 0x33ff)
                || (cp >= 0x3400 && cp <= 0x4dbf)
                || (cp >= 0x4e00 && cp <= 0x9fff)
                || (cp >= 0xa000 && cp <= 0xa4cf)
                || (cp >= 0xac00 && cp <= 0xd7a3)
                || (cp >= 0xf900 && cp <= 0xfaff)
                || (cp >= 0xfe30 && cp <= 0xfe4f)
                || (cp >= 0xff00 && cp <= 0xff60)
                || (cp >= 0xffe0 && cp <= 0xffe6)
                || (cp >= 0x1f300 && cp <= 0x1f64f)
                || (cp >= 0x1f900 && cp <= 0x1f9ff)
                || (cp >= 0x1f680 && cp <= 0x1f6ff)
                || (cp >= 0x20000 && cp <= 0x3fffd);
    }

    /** Cuts text to at most {@code columns}, ending in an ellipsis when it had to cut. */
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

    /** Pads text with spaces to exactly {@code columns} (text must already fit). */
    public static String pad(String text, int columns) {
        int missing = columns - of(text);
        return missing <= 0 ? text : text + " ".repeat(missing);
    }
}
