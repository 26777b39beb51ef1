package dev.userlookup.console;

/**
 * Makes text from the service safe to put on a terminal: every control character (C0, DEL, C1,
 * and so every ESC sequence), the Unicode line and paragraph separators, every format character
 * (bidirectional overrides, zero-width spaces and joiners, the byte order mark, soft hyphens,
 * invisible tags) and lone surrogates are shown escaped ({@code \x1b}, {@code \n},
 * {@code \u202e}, {@code \u200b}), so a user record can neither move the cursor, retitle the
 * window, reorder what is shown, nor hide a character in an id that a person copies. A joiner
 * inside an emoji stays: it hides nothing there.
 */
public final class SafeText {

    private SafeText() {
    }

    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        int length = text.length();
        int i = 0;
        while (i < length && !needsEscape(text, i)) {
            i++;
        }
        if (i == length) {
            return text;
        }
        StringBuilder out = new StringBuilder(length + 16).append(text, 0, i);
        for (; i < length; i++) {
            if (needsEscape(text, i)) {
                appendEscaped(out, text.charAt(i));
            } else {
                out.append(text.charAt(i));
            }
        }
        return out.toString();
    }

    private static boolean needsEscape(String text, int i) {
        char c = text.charAt(i);
        if (c == ZERO_WIDTH_JOINER && joinsSymbols(text, i)) {
            return false;
        }
        if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) || isInvisibleControl(c)) {
            return true;
        }
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1))
                    || isInvisibleSupplementary(Character.toCodePoint(c, text.charAt(i + 1)));
        }
        if (Character.isLowSurrogate(c)) {
            return i == 0 || !Character.isHighSurrogate(text.charAt(i - 1)) || isInvisibleSupplementary(text.codePointAt(i - 1));
        }
        return false;
    }

    /**
     * Characters of the BMP that reorder or hide text (category Cf: bidi overrides, zero-width
     * characters, BOM, soft hyphen), and the line and paragraph separators. JSON output escapes
     * the same ones ({@code \u200b}), which keeps it lossless.
     */
    public static boolean isInvisibleControl(int c) {
        return c <= 0xffff && (Character.getType(c) == Character.FORMAT || c == 0x2028 || c == 0x2029);
    }

    private static final char ZERO_WIDTH_JOINER = '\u200d';

    /**
     * A joiner between two symbols is part of one emoji (👩‍⚕️, 👨‍👩‍👧): escaped, the emoji would
     * fall apart into its pieces. Between letters, or at either end, it hides in text and is shown.
     * The symbol before may carry a variation selector or a skin tone.
     */
    private static boolean joinsSymbols(String text, int i) {
        if (i == 0 || i + 1 >= text.length()) {
            return false;
        }
        int before = i;
        if (text.charAt(before - 1) == '\ufe0f') {
            before--;
        } else if (before >= 2 && isSkinTone(text.codePointBefore(before))) {
            before -= 2;
        }
        return before > 0 && Character.getType(text.codePointBefore(before)) == Character.OTHER_SYMBOL
                && Character.getType(text.codePointAt(i + 1)) == Character.OTHER_SYMBOL;
    }

    private static boolean isSkinTone(int codePoint) {
        return codePoint >= 0x1f3fb && codePoint <= 0x1f3ff;
    }

    /** Format characters beyond the BMP: the invisible tag characters (U+E0001, U+E0020..U+E007F) and their like. */
    private static boolean isInvisibleSupplementary(int codePoint) {
        return Character.getType(codePoint) == Character.FORMAT;
    }

    private static void appendEscaped(StringBuilder out, char c) {
        switch (c) {
            case '\n': out.append("\\n"); break;
            case '\r': out.append("\\r"); break;
            case '\t': out.append("\\t"); break;
            default:
                if (c < 0x100) {
                    out.append("\\x").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xf, 16));
                } else {
                    out.append(String.format("\\u%04x", (int) c));
                }
        }
    }
}
