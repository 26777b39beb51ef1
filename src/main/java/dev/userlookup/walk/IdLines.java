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
 * A line is never held whole, only its id, refused as soon as it passes the bound: a line of
 * gigabytes takes the memory of one id. Decoded here rather than by an {@code InputStreamReader},
 * which fails a whole buffer for one bad byte, so that a line that is not UTF-8 is named.
 */
final class IdLines {

    private final InputStream in;
    // Strict: an id that is not UTF-8 would be sent as U+FFFD and look up someone else.
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    /** Both kept ready to be read from. */
    private final ByteBuffer bytes = ByteBuffer.allocate(8192).flip();
    private final CharBuffer chars = CharBuffer.allocate(8192).flip();
    /** What is wrong with the bytes after {@link #chars}: thrown once those are read. */
    private CoderResult invalid;
    private boolean ended;
    private boolean afterCr;
    private long line;
    private final StringBuilder id = new StringBuilder(64);

    IdLines(InputStream in) {
        this.in = in;
    }

    long line() {
        return line;
    }

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

    /** Ids pasted from a ticket or a spreadsheet carry no-break spaces, zero-width spaces and BOMs nobody can see. */
    static boolean isBlank(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\u200B' || c == '\uFEFF';
    }
}
