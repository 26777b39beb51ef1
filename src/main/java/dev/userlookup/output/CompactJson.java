package dev.userlookup.output;

import dev.userlookup.model.json.JsonBytes;

/**
 * Whether a value's bytes are already what the compact generator would write, so that they can be
 * copied as they are: that costs a long walk's NDJSON and JSON clearly less CPU (AbBenchmark).
 * A {@code \/} or {@code \u00e9} would come out of the generator as {@code /} and {@code é}, so
 * such a value is not copied.
 */
final class CompactJson {

    // What each byte is to the scan: one table look-up for the common printable ASCII byte.
    private static final byte PLAIN = 0;
    private static final byte QUOTE = 1;
    private static final byte BACKSLASH = 2;
    private static final byte SPACE = 3;
    private static final byte LEAD_OF_TWO = 4;
    private static final byte LEAD_OF_THREE = 5;
    private static final byte LEAD_OF_FOUR = 6;
    /** White space between tokens, DEL, or what cannot stand raw in checked JSON: never the output form. */
    private static final byte OTHER = 7;
    private static final byte[] KIND = kinds();

    private CompactJson() {
    }

    private static byte[] kinds() {
        byte[] kinds = new byte[256];
        for (int b = 0; b < 0x20; b++) {
            kinds[b] = OTHER;
        }
        kinds['"'] = QUOTE;
        kinds['\\'] = BACKSLASH;
        kinds[' '] = SPACE;
        kinds[0x7f] = OTHER;
        for (int b = 0x80; b < 0x100; b++) {
            kinds[b] = b < 0xc0 ? OTHER : b < 0xe0 ? LEAD_OF_TWO : b < 0xf0 ? LEAD_OF_THREE : LEAD_OF_FOUR;
        }
        return kinds;
    }

    static boolean isOutputForm(JsonBytes value) {
        byte[] bytes = value.body();
        int end = value.offset() + value.length();
        boolean inString = false;
        int i = value.offset();
        while (i < end) {
            int kind = KIND[bytes[i] & 0xff];
            if (kind == PLAIN) {
                i++;
                continue;
            }
            switch (kind) {
                case QUOTE -> {
                    inString = !inString;
                    i++;
                }
                case SPACE -> {
                    if (!inString) {
                        return false;
                    }
                    i++;
                }
                case BACKSLASH -> {
                    if (!isShortEscape(bytes[i + 1])) {
                        return false;
                    }
                    i += 2;
                }
                case LEAD_OF_TWO -> {
                    if (TerminalSafeEscapes.escapesBeyondAscii(((bytes[i] & 0x1f) << 6) | (bytes[i + 1] & 0x3f))) {
                        return false;
                    }
                    i += 2;
                }
                case LEAD_OF_THREE -> {
                    if (TerminalSafeEscapes.escapesBeyondAscii(((bytes[i] & 0x0f) << 12) | ((bytes[i + 1] & 0x3f) << 6)
                            | (bytes[i + 2] & 0x3f))) {
                        return false;
                    }
                    i += 3;
                }
                // Beyond the BMP nothing is escaped: the generator writes the same four bytes.
                case LEAD_OF_FOUR -> i += 4;
                default -> {
                    return false;
                }
            }
        }
        return true;
    }

    /** The escapes the generator writes itself; a backslash is only ever in a string of checked JSON. */
    private static boolean isShortEscape(byte escaped) {
        return escaped == '"' || escaped == '\\' || escaped == 'b' || escaped == 'f' || escaped == 'n' || escaped == 'r'
                || escaped == 't';
    }
}
