package dev.userlookup.commands;

import java.util.function.UnaryOperator;

/** The keys the tests of its never showing send, and how they find a part of one in what was shown, in any spelling. */
final class KeyParts {

    /** 34 characters, as the service's keys are; nothing in any message has six of them in a row. */
    static final String KEY = "u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL";
    /** A key as base64 writes them, with the characters a URL or JSON spells otherwise ({@code / + =}). */
    static final String SLASHED = "q7Rk/XwZ+3nBv=Tj9p/Lm2+Hd8s=Gc4Fy/Ne6W";
    /** A part of a key this long anywhere in the output counts as showing it. */
    static final int PART = 6;

    private KeyParts() {
    }

    /**
     * Every way the service could send a key back: as sent, percent-encoded (upper and lower hex,
     * every character but letters and digits, or only what a URL's query must), JSON-escaped.
     */
    enum Spelling {
        AS_SENT(key -> key),
        PERCENT_UPPER(key -> percent(key, "%%%02X")),
        PERCENT_LOWER(key -> percent(key, "%%%02x")),
        PERCENT_ONLY_SLASH(key -> key.replace("/", "%2f")),
        JSON_SLASH(key -> key.replace("/", "\\/")),
        JSON_UNICODE(key -> key.replace("/", "\\u002F").replace("+", "\\u002b").replace("=", "\\u003D").replace("R", "\\u0052"));

        private final UnaryOperator<String> spell;

        Spelling(UnaryOperator<String> spell) {
            this.spell = spell;
        }

        String of(String key) {
            return spell.apply(key);
        }

        private static String percent(String key, String format) {
            StringBuilder out = new StringBuilder();
            for (char c : key.toCharArray()) {
                out.append(Character.isLetterOrDigit(c) ? String.valueOf(c) : String.format(format, (int) c));
            }
            return out.toString();
        }
    }

    /** The longest part of a key the text holds, in any spelling, if it is {@link #PART} characters or more; else null. */
    static String in(String text) {
        String decoded = decoded(text);
        for (String key : new String[] {KEY, SLASHED}) {
            // A longer part holds one of PART characters: where none is, no longer one is either.
            if (!holdsAPart(key, text, decoded)) {
                continue;
            }
            for (int length = key.length(); length >= PART; length--) {
                for (int start = 0; start + length <= key.length(); start++) {
                    String part = key.substring(start, start + length);
                    if (text.contains(part) || decoded.contains(part)) {
                        return part;
                    }
                }
            }
        }
        return null;
    }

    private static boolean holdsAPart(String key, String text, String decoded) {
        for (int start = 0; start + PART <= key.length(); start++) {
            String part = key.substring(start, start + PART);
            if (text.contains(part) || decoded.contains(part)) {
                return true;
            }
        }
        return false;
    }

    /** The text with percent-encoding and JSON escapes undone, as a reader of it could. */
    private static String decoded(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%' && i + 2 < text.length() && hex(text, i + 1, 2)) {
                out.append((char) Integer.parseInt(text.substring(i + 1, i + 3), 16));
                i += 2;
            } else if (c == '\\' && i + 5 < text.length() && text.charAt(i + 1) == 'u' && hex(text, i + 2, 4)) {
                out.append((char) Integer.parseInt(text.substring(i + 2, i + 6), 16));
                i += 5;
            } else if (c == '\\' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
                out.append('/');
                i++;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean hex(String text, int from, int count) {
        for (int i = from; i < from + count; i++) {
            if (Character.digit(text.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }
}
