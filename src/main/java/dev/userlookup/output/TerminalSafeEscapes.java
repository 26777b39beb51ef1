package dev.userlookup.output;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import dev.userlookup.console.SafeText;

/**
 * JSON escaping that leaves nothing for a terminal to act on: beyond the C0 controls JSON
 * always escapes, DEL, the C1 controls (U+0080..U+009F, which include the 8-bit CSI), the line
 * separators and the bidirectional overrides are written as {@code \\uXXXX}. The value is
 * unchanged for any JSON reader; other non-ASCII text stays readable UTF-8.
 */
public final class TerminalSafeEscapes extends CharacterEscapes {

    private static final long serialVersionUID = 1L;
    static final TerminalSafeEscapes INSTANCE = new TerminalSafeEscapes(true);
    /** As jq escapes (--jq): the C0 controls and DEL only; Jackson's own table leaves DEL as it is. */
    public static final TerminalSafeEscapes ASCII_ONLY = new TerminalSafeEscapes(false);

    private final int[] ascii;
    private final boolean beyondAscii;

    private TerminalSafeEscapes(boolean beyondAscii) {
        ascii = CharacterEscapes.standardAsciiEscapesForJSON();
        ascii[0x7f] = CharacterEscapes.ESCAPE_STANDARD;
        this.beyondAscii = beyondAscii;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
        return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
        if (beyondAscii && escapesBeyondAscii(ch)) {
            return new SerializedString(String.format("\\u%04x", ch));
        }
        return null;
    }

    /** Whether a character beyond ASCII is written escaped: the C1 controls and the invisible format characters. */
    static boolean escapesBeyondAscii(int ch) {
        return (ch >= 0x80 && ch <= 0x9f) || SafeText.isInvisibleControl(ch);
    }
}
