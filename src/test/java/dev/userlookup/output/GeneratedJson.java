package dev.userlookup.output;

import java.util.Random;

/** Random JSON values for differential tests of the output's hand-written writers. */
final class GeneratedJson {

    /** Characters of names and strings: plain, escaped by JSON, escaped for a terminal, beyond ASCII. */
    private static final String[] PIECES = {
        "a", "Z", "0", " ", "/", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u0041", "\\u00e9", "\\u0001", "\\u001f",
        "\\u007f", "\\u2028", "\\ud83d\\ude00", "\\ud800", "\u00e9", "\u007f", "\u0085", "\u009b", "\u2028", "\u202e", "\u200f",
        "\ud83d\ude00", "\u2013", "\u4e2d", "<", "&", "'",
    };
    private static final String[] NUMBERS = {
        "0", "-0", "1", "-17", "123456789012345678901234567890", "0.5", "-2.50", "1e3", "1E-7", "6.02e+23", "1.0", "3.14159265358979323846",
    };

    private GeneratedJson() {
    }

    static String value(Random random, int depth) {
        int kind = random.nextInt(depth > 0 ? 7 : 5);
        switch (kind) {
            case 0:
                return string(random);
            case 1:
                return NUMBERS[random.nextInt(NUMBERS.length)];
            case 2:
                return random.nextBoolean() ? "true" : "false";
            case 3:
                return "null";
            case 4:
                return string(random);
            case 5: {
                StringBuilder object = new StringBuilder("{");
                for (int i = random.nextInt(4); i > 0; i--) {
                    object.append(string(random)).append(':').append(value(random, depth - 1)).append(i > 1 ? "," : "");
                }
                return object.append('}').toString();
            }
            default: {
                StringBuilder array = new StringBuilder("[");
                for (int i = random.nextInt(4); i > 0; i--) {
                    array.append(value(random, depth - 1)).append(i > 1 ? "," : "");
                }
                return array.append(']').toString();
            }
        }
    }

    private static String string(Random random) {
        StringBuilder text = new StringBuilder("\"");
        for (int i = random.nextInt(8); i > 0; i--) {
            // Mostly plain, as the service's text is: so that many users are in the output form.
            text.append(random.nextInt(3) > 0 ? "a" : PIECES[random.nextInt(PIECES.length)]);
        }
        return text.append('"').toString();
    }

    /** {@code json} with white space after some structural characters outside strings. */
    static String spaced(String json, Random random) {
        StringBuilder out = new StringBuilder();
        boolean inString = false;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            out.append(c);
            if (inString) {
                if (c == '\\') {
                    out.append(json.charAt(++i));
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if ((c == ',' || c == ':' || c == '{' || c == '[') && random.nextInt(3) == 0) {
                out.append(" \n\t\r".charAt(random.nextInt(4)));
            }
        }
        return out.toString();
    }
}
