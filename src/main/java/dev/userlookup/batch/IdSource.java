package dev.userlookup.batch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Ids from standard input, one a line, read as they are needed. Blank lines are skipped; an id
 * is otherwise kept as written (inner and outer spaces included), less its line ending and a
 * byte order mark at the very start.
 */
public final class IdSource implements Iterator<String> {

    private final BufferedReader reader;
    private String next;
    private boolean done;
    private boolean first = true;

    public IdSource(InputStream in) {
        this.reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
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
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read ids from standard input", e);
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
