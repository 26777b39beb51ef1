package dev.userlookup.model.redaction;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Where the key occurs in text, in every spelling a service could send it back: as sent;
 * percent-encoded, in either hex case, whichever of its characters the encoder chose, with
 * {@code +} for a space as forms write it; JSON-escaped ({@code \/}, {@code \\}, {@code \"}, and
 * a backslash, {@code u} and four hex digits in either case). The text's UTF-8 bytes are read twice, each time in one pass
 * (Knuth-Morris-Pratt, so a hostile body costs no more than its length): as they are, and with
 * those escapes undone, where a space and a plus count as one character; what either finds is
 * taken out, occurrences that overlap as one.
 */
final class KeySpellings {

    /** The most bytes of text that one byte of the key can take: a JSON escape of six (backslash, u, 00XX). */
    private static final int WIDEST_ESCAPE = 6;
    private static final byte[] REPLACEMENT = {'*', '*', '*'};
    /** What an escape that cannot be part of the key reads as: a byte UTF-8 never has. */
    private static final int NOT_IN_ANY_KEY = 0xff;

    private final byte[] asSent;
    private final int[] asSentFallback;
    /** The key as it reads once escapes are undone: a plus and a space are one character. */
    private final byte[] unescaped;
    private final int[] unescapedFallback;

    KeySpellings(String key) {
        asSent = key.getBytes(StandardCharsets.UTF_8);
        asSentFallback = fallback(asSent);
        unescaped = asSent.clone();
        for (int i = 0; i < unescaped.length; i++) {
            unescaped[i] = (byte) plusIsSpace(unescaped[i] & 0xff);
        }
        unescapedFallback = fallback(unescaped);
    }

    boolean foundIn(byte[] text) {
        return find(text, text.length).size > 0;
    }

    /**
     * The text's first {@code limit} bytes with every occurrence that begins there taken out
     * whole (it may end past the limit), so that text cut there holds no part of the key that
     * the whole text would have had taken out.
     */
    byte[] replaced(byte[] text, int limit) {
        int end = (int) Math.min(text.length, (long) limit + (long) asSent.length * WIDEST_ESCAPE);
        Spans spans = find(text, end);
        if (spans.size == 0) {
            return Arrays.copyOf(text, Math.min(limit, text.length));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(end, 1 << 16));
        int at = 0;
        for (int s = 0; s < spans.size && spans.starts[s] < limit; s++) {
            out.write(text, at, spans.starts[s] - at);
            out.write(REPLACEMENT, 0, REPLACEMENT.length);
            at = spans.ends[s];
        }
        if (at < limit) {
            out.write(text, at, Math.min(limit, text.length) - at);
        }
        return out.toByteArray();
    }

    String replaced(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        Spans spans = find(bytes, bytes.length);
        if (spans.size == 0) {
            return text;
        }
        // Back from bytes to the text's own characters: what getBytes made of a lone surrogate
        // ('?') must not replace it where no key was.
        StringBuilder out = new StringBuilder(text.length());
        int s = 0;
        int at = 0;
        for (int i = 0; i < text.length(); ) {
            if (s < spans.size && at >= spans.starts[s]) {
                out.append("***");
                while (i < text.length() && at < spans.ends[s]) {
                    at += utf8Length(text, i);
                    i += charCount(text, i);
                }
                s++;
                continue;
            }
            int chars = charCount(text, i);
            out.append(text, i, i + chars);
            at += utf8Length(text, i);
            i += chars;
        }
        return out.toString();
    }

    /** Every occurrence ending within the text's first {@code end} bytes, in order, overlapping ones joined. */
    private Spans find(byte[] text, int end) {
        return joined(pass(text, end, asSent, asSentFallback, false), pass(text, end, unescaped, unescapedFallback, true));
    }

    /**
     * One pass over the text, as it is or with its escapes undone. Undone, each escape is one unit
     * of the text that reads as one byte or a few, and an occurrence runs from the start of the
     * unit of its first byte to the end of the unit of its last.
     */
    private static Spans pass(byte[] text, int end, byte[] needle, int[] fallback, boolean undone) {
        Spans found = new Spans();
        int length = needle.length;
        // Where the unit of each of the last {@code length} bytes read began.
        int[] unitStarts = new int[length];
        int[] decoded = {-1, -1};
        long read = 0;
        int matched = 0;
        for (int i = 0; i < end; ) {
            int unitEnd = undone ? unit(text, i, end, decoded) : i + 1;
            int count = decoded[1] < 0 ? 1 : 2;
            for (int k = 0; k < count; k++) {
                int b = decoded[0] >= 0 ? decoded[k] : undone ? plusIsSpace(text[i] & 0xff) : text[i] & 0xff;
                unitStarts[(int) (read % length)] = i;
                matched = step(needle, fallback, matched, b);
                if (matched == length) {
                    found.add(unitStarts[(int) ((read + 1) % length)], unitEnd);
                }
                read++;
            }
            i = unitEnd;
        }
        return found;
    }

    /**
     * The escape at {@code i}, if one begins there: its bytes in {@code decoded} (unused places
     * -1) and where it ends. No escape: {@code decoded[0]} is -1 and the unit is the one byte.
     */
    private static int unit(byte[] text, int i, int end, int[] decoded) {
        Arrays.fill(decoded, -1);
        int c = text[i] & 0xff;
        if (c == '%' && i + 2 < end && hex(text[i + 1]) >= 0 && hex(text[i + 2]) >= 0) {
            decoded[0] = plusIsSpace(hex(text[i + 1]) << 4 | hex(text[i + 2]));
            return i + 3;
        }
        if (c != '\\' || i + 1 >= end) {
            return i + 1;
        }
        int next = text[i + 1] & 0xff;
        if (next == 'u' && i + 5 < end) {
            int cp = 0;
            for (int k = i + 2; k < i + 6; k++) {
                int digit = hex(text[k]);
                if (digit < 0) {
                    return i + 1;
                }
                cp = cp << 4 | digit;
            }
            if (cp < 0x80) {
                decoded[0] = plusIsSpace(cp);
            } else if (cp < 0x800) {
                decoded[0] = 0xc0 | cp >> 6;
                decoded[1] = 0x80 | cp & 0x3f;
            } else {
                decoded[0] = NOT_IN_ANY_KEY; // a key's characters go into a header: none is beyond U+00FF
            }
            return i + 6;
        }
        int simple = simpleEscape(next);
        if (simple < 0) {
            return i + 1;
        }
        decoded[0] = plusIsSpace(simple);
        return i + 2;
    }

    private static int simpleEscape(int c) {
        switch (c) {
            case '"': case '\\': case '/': return c;
            case 'b': return '\b';
            case 'f': return '\f';
            case 'n': return '\n';
            case 'r': return '\r';
            case 't': return '\t';
            default: return -1;
        }
    }

    private static int plusIsSpace(int b) {
        return b == '+' ? ' ' : b;
    }

    private static int hex(byte b) {
        return Character.digit(b, 16);
    }

    private static int step(byte[] needle, int[] fallback, int matched, int b) {
        int at = matched == needle.length ? fallback[matched - 1] : matched;
        while (at > 0 && (needle[at] & 0xff) != b) {
            at = fallback[at - 1];
        }
        return (needle[at] & 0xff) == b ? at + 1 : 0;
    }

    /** For each prefix of the needle, the longest proper prefix that is also its suffix. */
    private static int[] fallback(byte[] needle) {
        int[] fallback = new int[needle.length];
        for (int i = 1, k = 0; i < needle.length; i++) {
            while (k > 0 && needle[i] != needle[k]) {
                k = fallback[k - 1];
            }
            if (needle[i] == needle[k]) {
                k++;
            }
            fallback[i] = k;
        }
        return fallback;
    }

    private static Spans joined(Spans a, Spans b) {
        Spans all = new Spans();
        int i = 0;
        int j = 0;
        while (i < a.size || j < b.size) {
            boolean fromA = j >= b.size || i < a.size && a.starts[i] <= b.starts[j];
            int start = fromA ? a.starts[i] : b.starts[j];
            int end = fromA ? a.ends[i++] : b.ends[j++];
            if (all.size > 0 && start < all.ends[all.size - 1]) {
                all.ends[all.size - 1] = Math.max(all.ends[all.size - 1], end);
            } else {
                all.add(start, end);
            }
        }
        return all;
    }

    private static int charCount(String text, int i) {
        return Character.isHighSurrogate(text.charAt(i)) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1)) ? 2 : 1;
    }

    /** The bytes String.getBytes(UTF_8) makes of the character at {@code i}. */
    private static int utf8Length(String text, int i) {
        char c = text.charAt(i);
        if (charCount(text, i) == 2) {
            return 4;
        }
        if (Character.isSurrogate(c)) {
            return 1;
        }
        return c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
    }

    /** [start, end) of each occurrence. */
    private static final class Spans {
        int[] starts = new int[4];
        int[] ends = new int[4];
        int size;

        void add(int start, int end) {
            if (size == starts.length) {
                starts = Arrays.copyOf(starts, size * 2);
                ends = Arrays.copyOf(ends, size * 2);
            }
            starts[size] = start;
            ends[size] = end;
            size++;
        }
    }
}
