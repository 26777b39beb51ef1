package dev.userlookup.walk;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.NoSuchElementException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;

/**
 * Invisible blanks around an id are dropped (ids pasted from a ticket or a spreadsheet carry
 * them); an id whose outer blanks are its own is given as an argument, sent as it is.
 */
public final class IdSource implements OrderedParallel.Input<String> {

    /** In bytes of UTF-8: far beyond any id a service keeps (a UUID is 36), and a bound on what one line holds in memory. */
    public static final int LONGEST_ID_BYTES = 1024;
    /** How much of an id too long a message shows: enough to find it, never the whole. */
    private static final int SHOWN = 40;

    /** Ids read ahead at most: 100,000 ids on standard input take the memory of a few. */
    private static final int READ_AHEAD = 1024;
    private static final String END = new String("end of input");

    private final IdLines lines;
    private final BlockingQueue<String> read = new ArrayBlockingQueue<>(READ_AHEAD);
    private volatile RuntimeException failure;
    private Thread reading;
    private String next;
    private boolean done;

    public IdSource(InputStream in) {
        this.lines = new IdLines(in);
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
            for (String id = lines.next(); id != null; id = lines.next()) {
                read.put(id);
            }
        } catch (java.nio.charset.CharacterCodingException e) {
            failure = new IllegalArgumentException("line " + lines.line() + " of standard input is not UTF-8 text", e);
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
}
