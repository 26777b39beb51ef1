package dev.userlookup.network;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Pieces, not a buffer that doubles as it grows (which would hold two or three times the body at a
 * moment); the one copy into a whole array is counted too while both exist.
 */
final class BodyChunks {

    private static final int PIECE = 64 << 10;

    private final MemoryBudget.Hold hold;
    private final List<byte[]> chunks = new ArrayList<>();
    private long size;

    BodyChunks(MemoryBudget.Hold hold) {
        this.hold = hold;
    }

    /** Empty pieces counted in the same hold (an unzip's). */
    BodyChunks sibling() {
        return new BodyChunks(hold);
    }

    long size() {
        return size;
    }

    void add(java.nio.ByteBuffer data) throws CappedBodySubscriber.TooLarge {
        int length = data.remaining();
        hold.take(length);
        byte[] chunk = new byte[length];
        data.get(chunk);
        chunks.add(chunk);
        size += length;
    }

    /**
     * Reads {@code in} to its end into pieces of 64 KiB, each counted before it is made, so an
     * unzip is bounded as it goes; past {@code cap} bytes it stops with {@code tooLarge}.
     */
    void readAll(InputStream in, long cap, String tooLarge) throws IOException {
        byte[] last = null;
        int filled = 0;
        while (true) {
            if (last == null || filled == last.length) {
                hold.take(PIECE);
                last = new byte[PIECE];
                chunks.add(last);
                filled = 0;
            }
            int read = in.read(last, filled, last.length - filled);
            if (read < 0) {
                return;
            }
            filled += read;
            size += read;
            if (size > cap) {
                throw new CappedBodySubscriber.TooLarge(tooLarge);
            }
        }
    }

    /** The pieces one after another; read them before {@link #drop}. */
    InputStream stream() {
        List<InputStream> parts = new ArrayList<>(chunks.size());
        long left = size;
        for (byte[] chunk : chunks) {
            int length = (int) Math.min(chunk.length, left);
            parts.add(new ByteArrayInputStream(chunk, 0, length));
            left -= length;
        }
        return new SequenceInputStream(Collections.enumeration(parts));
    }

    /** The body in one array (counted), the pieces let go. */
    byte[] join() throws CappedBodySubscriber.TooLarge {
        if (chunks.size() == 1 && chunks.get(0).length == size) {
            byte[] only = chunks.get(0);
            chunks.clear();
            size = 0;
            return only;
        }
        hold.take(size);
        byte[] whole = new byte[(int) size];
        int at = 0;
        for (byte[] chunk : chunks) {
            int length = (int) Math.min(chunk.length, size - at);
            System.arraycopy(chunk, 0, whole, at, length);
            at += length;
        }
        drop();
        return whole;
    }

    void drop() {
        long dropped = 0;
        for (byte[] chunk : chunks) {
            dropped += chunk.length;
        }
        chunks.clear();
        size = 0;
        hold.give(dropped);
    }
}
