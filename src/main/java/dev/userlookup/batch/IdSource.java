package dev.userlookup.batch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.NoSuchElementException;

/**
 * Ids from standard input, one a line, read as they are needed. Blank lines are skipped; an id
 * is otherwise kept as written (inner and outer spaces included), less its line ending and a
 * byte order mark at the very start.
 */
public final class IdSource implements OrderedParallel.Input<String> {

    private final BufferedReader reader;
    private String next;
    private boolean done;
    private boolean first = true;

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
        try {
            return next != null || done || reader.ready();
        } catch (IOException e) {
            return true;
        }
    }

    @Override
    public boolean hasNext() {
        if (next == null && !done) {
            try {
                String line;
                while ((line = reader.readLine()) != null) {
                    if (first) {
                        first = false;
                        // A file saved by a Windows editor may start with a byte order mark.
                        if (line.startsWith("\uFEFF")) {
                            line = line.substring(1);
                        }
                    }
                    if (!line.isBlank()) {
                        next = line;
                        return true;
                    }
                }
                done = true;
            } catch (java.nio.charset.CharacterCodingException e) {
                throw new IllegalArgumentException("standard input is not UTF-8 text", e);
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read ids from standard input: " + e.getMessage(), e);
            }
        }
        return next != null;
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
