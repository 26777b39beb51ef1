package dev.userlookup.output;

import dev.userlookup.api.JsonBytes;

/**
 * Whether a value's bytes are already what the compact generator would write for them, so that
 * NDJSON can copy them as they are: no white space between tokens, and in names and strings
 * only characters the generator writes unescaped (not DEL, not what {@link TerminalSafeEscapes}
 * escapes beyond ASCII) and only the escapes it writes itself ({@code \" \\ \b \f \n \r \t}; a
 * {@code \/} or {@code \u00e9} would come out as {@code /} and {@code é}). Numbers are written as
 * sent either way. The value has been checked: JSON, strict UTF-8.
 */
final class CompactJson {

    private CompactJson() {
    }

    static boolean isOutputForm(JsonBytes value) {
        byte[] bytes = value.body();
        int end = value.offset() + value.length();
        int i = value.offset();
        while (i < end) {
            int b = bytes[i] & 0xff;
            if (b == '"') {
                i = stringEnd(bytes, i + 1);
                if (i < 0) {
                    return false;
                }
            } else if (b == ' ' || b == '\n' || b == '\r' || b == '\t') {
                return false;
            } else {
                i++;
            }
        }
        return true;
    }

    /** @return the index after the string's closing quote, or -1 if the generator would write the string otherwise */
    private static int stringEnd(byte[] bytes, int i) {
        while (true) {
            int b = bytes[i] & 0xff;
            if (b == '"') {
                return i + 1;
            }
            if (b == '\\') {
                int escaped = bytes[i + 1];
                if (escaped != '"' && escaped != '\\' && escaped != 'b' && escaped != 'f' && escaped != 'n'
                        && escaped != 'r' && escaped != 't') {
                    return -1;
                }
                i += 2;
            } else if (b < 0x80) {
                if (b == 0x7f) {
                    return -1;
                }
                i++;
            } else if (b < 0xe0) {
                if (TerminalSafeEscapes.escapesBeyondAscii(((b & 0x1f) << 6) | (bytes[i + 1] & 0x3f))) {
                    return -1;
                }
                i += 2;
            } else if (b < 0xf0) {
                if (TerminalSafeEscapes.escapesBeyondAscii(((b & 0x0f) << 12) | ((bytes[i + 1] & 0x3f) << 6) | (bytes[i + 2] & 0x3f))) {
                    return -1;
                }
                i += 3;
            } else {
                // Beyond the BMP nothing is escaped: the generator writes the same four bytes.
                i += 4;
            }
        }
    }
}
