package dev.userlookup.terminal;

/**
 * Makes text from the service safe to put on a terminal: every control character (C0, DEL, C1,
 * and so every ESC sequence), the Unicode line and paragraph separators, bidirectional
 * overrides and lone surrogates are shown escaped ({@code \x1b}, {@code \n}, {@code \u202e}),
 * so a user record can neither move the cursor, retitle the window, nor reorder what is shown.
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
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(text.charAt(i + 1))) {
                out.append(c).append(text.charAt(++i));
            } else if (needsEscape(text, i)) {
                appendEscaped(out, c);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean needsEscape(String text, int i) {
        char c = text.charAt(i);
        if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) || isInvisibleControl(c)) {
            return true;
        }
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i == 0 || !Character.isHighSurrogate(text.charAt(i - 1));
        }
        return false;
    }

    /** Format characters that reorder or hide text: bidi embeddings, overrides and isolates, line separators. */
    public static boolean isInvisibleControl(int c) {
        return c == 0x061c || c == 0x200e || c == 0x200f
                || (c >= 0x202a && c <= 0x202e)
                || (c >= 0x2066 && c <= 0x2069)
                || c == 0x2028 || c == 0x2029;
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
