package dev.userlookup.walk;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.NoSuchElementException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;

/**
 * Invisible blanks around an id are dropped (ids pasted from a ticket or a spreadsheet carry
 * them); an id whose outer blanks are its own is given as an argument, sent as it is. A line is
 * never held whole, only its id, refused as soon as it passes the bound: a line of gigabytes takes
 * the memory of one id. Decoded here rather than by an {@code InputStreamReader}, which fails a
 * whole buffer for one bad byte, so that a line that is not UTF-8 is named.
 */
public final class IdSource implements OrderedParallel.Input<String> {

    /** In bytes of UTF-8: far beyond any id a service keeps (a UUID is 36), and a bound on what one line holds in memory. */
    public static final int LONGEST_ID_BYTES = 1024;
    /** How much of an id too long a message shows: enough to find it, never the whole. */
    private static final int SHOWN = 40;

    /** Ids read ahead at most: 100,000 ids on standard input take the memory of a few. */
    private static final int READ_AHEAD = 1024;
    private static final String END = new String("end of input");

    // Used by the thread that reads standard input only:
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
    private final BlockingQueue<String> read = new ArrayBlockingQueue<>(READ_AHEAD);
    private volatile RuntimeException failure;
    private Thread reading;
    private String next;
    private boolean done;

    public IdSource(InputStream in) {
        this.in = in;
    }

    public static boolean tooLong(String id) {
        return id.length() > LONGEST_ID_BYTES / 3 && id.getBytes(StandardCharsets.UTF_8).length > LONGEST_ID_BYTES;
    }

    /** Messages are escaped where they are written, not here. */
    public static String longerThanTaken(CharSequence id) {
        int cut = Math.min(id.length(), SHOWN);
        if (cut > 0 && Character.isHighSurrogate(id.charAt(cut - 1))) {
            cut--;
        }
        return "longer than the longest id taken, " + LONGEST_ID_BYTES + " bytes of UTF-8: \""
                + id.subSequence(0, cut) + (cut < id.length() ? "...\"" : "\"");
    }

    /** An interactive stdin should not hold back results already done while the person types the next id. */
    @Override
    public boolean ready() {
        startReading();
        return next != null || done || !read.isEmpty();
    }

    /**
     * A read from standard input cannot be interrupted, so a thread of its own reads and this
     * waits on what it hands over: Ctrl-C stops a run that waits for its next id at once.
     */
    @Override
    public boolean hasNext() {
        if (next == null && !done) {
            startReading();
            String id;
            try {
                id = read.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("interrupted");
            }
            if (id == END) {
                done = true;
                if (failure != null) {
                    throw failure;
                }
            } else {
                next = id;
            }
        }
        return next != null;
    }

    /** Reading starts at the first question, not before: a run that fails on its settings reads nothing. */
    private void startReading() {
        if (reading == null) {
            reading = new Thread(this::readAll, "userlookup-stdin");
            reading.setDaemon(true);
            reading.start();
        }
    }

    private void readAll() {
        try {
            for (String id = readId(); id != null; id = readId()) {
                read.put(id);
            }
        } catch (CharacterCodingException e) {
            failure = new IllegalArgumentException("line " + line + " of standard input is not UTF-8 text", e);
        } catch (IOException e) {
            failure = new IllegalArgumentException("cannot read ids from standard input: " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            failure = e;
        } catch (InterruptedException e) {
            return;
        }
        try {
            read.put(END);
        } catch (InterruptedException e) {
            // nobody waits for the end any more
        }
    }

    @Override
    public String next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        String id = next;
        next = null;
        return id;
    }

    /** The next id on standard input, null at its end. */
    private String readId() throws IOException {
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
                    if (!blanksPastBound && bytes + size <= LONGEST_ID_BYTES) {
                        id.append((char) c);
                        bytes += size;
                    } else {
                        blanksPastBound = true;
                    }
                    continue;
                }
                if (blanksPastBound || bytes + size > LONGEST_ID_BYTES) {
                    throw new IllegalArgumentException("line " + line + " of standard input is "
                            + longerThanTaken(id));
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
    private static boolean isBlank(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\u200B' || c == '\uFEFF';
    }
}
