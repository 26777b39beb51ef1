package dev.userlookup.walk;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The ids of standard input, one a line, each bounded as it is read: a line is never held whole,
 * only the id it carries, and one whose id would pass {@link IdSource#LONGEST_ID_BYTES} is refused
 * as soon as it does, so a line of gigabytes takes the memory of one id. Blanks around an id are
 * not part of it ({@link #isBlank}) and do not count; blank lines are skipped. Lines end as
 * {@code BufferedReader.readLine} ends them: LF, CR or CRLF. Decoded here rather than by an
 * {@code InputStreamReader}, which fails a whole buffer for one bad byte, so that a line that is
 * not UTF-8 is named.
 */
final class IdLines {

    private final InputStream in;
    // Strict: an id that is not UTF-8 would be sent as U+FFFD and look up someone else.
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    /** Bytes read and not yet decoded, and characters decoded and not yet read: both ready to be read from. */
    private final ByteBuffer bytes = ByteBuffer.allocate(8192).flip();
    private final CharBuffer chars = CharBuffer.allocate(8192).flip();
    /** What is wrong with the bytes after {@link #chars}: thrown once those are read. */
    private CoderResult invalid;
    private boolean ended;
    /** A CR ended the last line: an LF right after it is part of that line end. */
    private boolean afterCr;
    /** The number of the line being read, from 1. */
    private long line;
    /** The line from its first character that is not a blank, as far as the bound lets it be held. */
    private final StringBuilder id = new StringBuilder(64);

    IdLines(InputStream in) {
        this.in = in;
    }

    /** The number of the line last read (or being read), from 1. */
    long line() {
        return line;
    }

    /**
     * @return the next id, or null at the end of the input
     * @throws IllegalArgumentException when a line's id is longer than the longest taken
     * @throws java.nio.charset.CharacterCodingException when the input is not UTF-8
     */
    String next() throws IOException {
        while (true) {
            line++;
            int c = read();
            if (c == '\n' && afterCr) {
                c = read();
            }
            afterCr = false;
            if (c < 0) {
                line--;
                return null;
            }
            id.setLength(0);
            int bytes = 0;
            int kept = 0;
            boolean blanksPastBound = false;
            for (; c >= 0 && c != '\n' && c != '\r'; c = read()) {
                // Most of a line is printable ASCII, which is never blank: only the rest is asked.
                boolean blank = (c <= ' ' || c >= 0x7f) && isBlank((char) c);
                if (blank && id.length() == 0) {
                    continue;
                }
                int size = utf8Bytes((char) c);
                if (blank) {
                    // Blanks at the end of a line are not the id's: held only while they might still be inside it.
                    if (!blanksPastBound && bytes + size <= IdSource.LONGEST_ID_BYTES) {
                        id.append((char) c);
                        bytes += size;
                    } else {
                        blanksPastBound = true;
                    }
                    continue;
                }
                if (blanksPastBound || bytes + size > IdSource.LONGEST_ID_BYTES) {
                    throw new IllegalArgumentException("line " + line + " of standard input is "
                            + IdSource.longerThanTaken(id));
                }
                id.append((char) c);
                bytes += size;
                kept = id.length();
            }
            afterCr = c == '\r';
            if (kept > 0) {
                return id.substring(0, kept);
            }
        }
    }

    private int read() throws IOException {
        if (!chars.hasRemaining()) {
            decode();
            if (!chars.hasRemaining()) {
                if (invalid != null) {
                    invalid.throwException();
                }
                return -1;
            }
        }
        return chars.get();
    }

    /** Decodes what is read next, at least one character unless the input ends or is not UTF-8 there. */
    private void decode() throws IOException {
        chars.clear();
        while (chars.position() == 0 && invalid == null) {
            CoderResult result = decoder.decode(bytes, chars, ended);
            if (result.isError()) {
                invalid = result;
            } else if (chars.position() == 0 && !ended) {
                bytes.compact();
                int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
                if (n < 0) {
                    ended = true;
                } else {
                    bytes.position(bytes.position() + n);
                }
                bytes.flip();
            } else if (chars.position() == 0) {
                break;
            }
        }
        chars.flip();
    }

    /** A char's share of the id's UTF-8: each half of a surrogate pair is half of its four bytes. */
    private static int utf8Bytes(char c) {
        if (c < 0x80) {
            return 1;
        }
        return c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
    }

    /** White space as Java and Unicode count it (no-break spaces too), and the invisible zero-width space and BOM. */
    static boolean isBlank(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\u200B' || c == '\uFEFF';
    }
}
