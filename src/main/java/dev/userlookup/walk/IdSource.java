package dev.userlookup.walk;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.NoSuchElementException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;

/**
 * Ids from standard input, one a line, read as they are needed. Blanks around an id are not part
 * of it: spaces, tabs, no-break spaces, zero-width spaces and byte order marks at either end of a
 * line are dropped (ids pasted from a ticket or a spreadsheet carry them, and nobody can see them
 * on a line), as is the line ending; blank lines are skipped. Blanks inside an id are kept. An id
 * with outer blanks that are really its own is given as an argument, which is sent as it is.
 */
public final class IdSource implements OrderedParallel.Input<String> {

    /** Ids read ahead at most: 100,000 ids on standard input take the memory of a few. */
    private static final int READ_AHEAD = 1024;
    /** What the reading thread puts after the last id: the end, or why there is no more. */
    private static final String END = new String("end of input");

    private final BufferedReader reader;
    private final BlockingQueue<String> read = new ArrayBlockingQueue<>(READ_AHEAD);
    private volatile RuntimeException failure;
    private Thread reading;
    private String next;
    private boolean done;

    public IdSource(InputStream in) {
        // Strict: an id that is not UTF-8 would be sent as U+FFFD and look up someone else.
        this.reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)), 1 << 16);
    }

    /**
     * Whether an id can be had without waiting: an interactive stdin should not hold back
     * results already done while the person types the next id.
     */
    @Override
    public boolean ready() {
        startReading();
        return next != null || done || !read.isEmpty();
    }

    /**
     * Waits for the next id. A read from standard input cannot be interrupted, so the reading is
     * done by a thread of its own and this waits on what it hands over: Ctrl-C stops a run that
     * waits for its next id at once, and its output is closed whole.
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
            String line;
            while ((line = reader.readLine()) != null) {
                String id = withoutBlanksAround(line);
                if (!id.isEmpty()) {
                    read.put(id);
                }
            }
        } catch (java.nio.charset.CharacterCodingException e) {
            failure = new IllegalArgumentException("standard input is not UTF-8 text", e);
        } catch (IOException e) {
            failure = new IllegalArgumentException("cannot read ids from standard input: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            return;
        }
        try {
            read.put(END);
        } catch (InterruptedException e) {
            // nobody waits for the end any more
        }
    }

    /** The line less the blanks at either end (a file saved by a Windows editor starts with a byte order mark, too). */
    static String withoutBlanksAround(String line) {
        int start = 0;
        int end = line.length();
        while (start < end && isBlank(line.charAt(start))) {
            start++;
        }
        while (end > start && isBlank(line.charAt(end - 1))) {
            end--;
        }
        return line.substring(start, end);
    }

    /** White space as Java and Unicode count it (no-break spaces too), and the invisible zero-width space and BOM. */
    private static boolean isBlank(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\u200B' || c == '\uFEFF';
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
}
