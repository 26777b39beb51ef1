package dev.userlookup.find.index;

import dev.userlookup.model.UserId;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Parallel arrays and one byte array of UTF-8, no object per user, so a walk of a large team fits.
 * A forgotten id, or a client id that cannot be indexed, is kept as a mark that removes the id.
 */
final class RecordedUsers {

    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;
    /**
     * What a position costs at most until the save is done: the arrays (20 bytes), a client id
     * (16 bytes or so), and the save's sort (24). The recording stops at an eighth of the heap:
     * a walk of a huge team then saves nothing rather than run the tool out of memory after its
     * answer is printed.
     */
    static final int BYTES_PER_POSITION = 64;

    private final long maxPositions;

    private long[] highs = new long[1024];
    private long[] lows = new long[1024];
    /** {@code end >= 0}: where the user's client id ends in {@link #bytes}; {@code ~end}: a mark that removes the id. */
    private int[] ends = new int[1024];
    private byte[] bytes = new byte[16 * 1024];
    private int size;
    private int used;
    private boolean full;
    private String team;
    private boolean teamsDisagree;
    private final CharsetEncoder utf8 = StandardCharsets.UTF_8.newEncoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);

    RecordedUsers() {
        this(Runtime.getRuntime().maxMemory() / 8 / BYTES_PER_POSITION);
    }

    RecordedUsers(long maxPositions) {
        this.maxPositions = maxPositions;
    }

    void record(UserId id, String clientUserId, String teamId) {
        if (teamId != null) {
            if (team == null) {
                team = teamId;
            } else if (!team.equals(teamId)) {
                teamsDisagree = true;
            }
        }
        if (!makeRoom()) {
            return;
        }
        int length = clientUserId == null ? 0 : encode(clientUserId);
        add(id, length > 0 ? used + length : ~used);
        used += Math.max(length, 0);
    }

    void forget(UserId id) {
        if (makeRoom()) {
            add(id, ~used);
        }
    }

    int size() {
        return size;
    }

    /** Whether not everything recorded could be held (an eighth of the heap, or 2 GB of client ids): nothing is saved then. */
    boolean full() {
        return full;
    }

    /** The team_id the users recorded were sent with; null when none was given or when they disagree. */
    String team() {
        return teamsDisagree ? null : team;
    }

    boolean teamsDisagree() {
        return teamsDisagree;
    }

    long high(int i) {
        return highs[i];
    }

    long low(int i) {
        return lows[i];
    }

    /** Whether position {@code i} removes its id rather than giving it a client id. */
    boolean removes(int i) {
        return ends[i] < 0;
    }

    int start(int i) {
        return i == 0 ? 0 : end(i - 1);
    }

    int end(int i) {
        int end = ends[i];
        return end < 0 ? ~end : end;
    }

    byte[] bytes() {
        return bytes;
    }

    /** The positions in the file's order, each id once, the last thing recorded of it winning. */
    int[] latestSorted() {
        return EntryOrder.latestSorted(highs, lows, size);
    }

    private int encode(String clientUserId) {
        int length = clientUserId.length();
        if (length == 0 || length > IndexFormat.MAX_CLIENT_ID_BYTES || !bytesFor(IndexFormat.MAX_CLIENT_ID_BYTES)) {
            return 0;
        }
        for (int i = 0; i < length; i++) {
            char c = clientUserId.charAt(i);
            if (c >= 0x80) {
                return encodeUnicode(clientUserId);
            }
            bytes[used + i] = (byte) c;
        }
        return length;
    }

    private int encodeUnicode(String clientUserId) {
        ByteBuffer into = ByteBuffer.wrap(bytes, used, IndexFormat.MAX_CLIENT_ID_BYTES);
        utf8.reset();
        // Overflow: over the limit; an error: not Unicode (a lone surrogate), which no resolve would match.
        boolean encoded = utf8.encode(CharBuffer.wrap(clientUserId), into, true).isUnderflow() && utf8.flush(into).isUnderflow();
        return encoded ? into.position() - used : 0;
    }

    private void add(UserId id, int end) {
        highs[size] = id.high();
        lows[size] = id.low();
        ends[size] = end;
        size++;
    }

    private boolean makeRoom() {
        if (full) {
            return false;
        }
        if (size >= maxPositions) {
            full = true;
            return false;
        }
        if (size == highs.length) {
            if (size >= MAX_ARRAY / 2) {
                full = true;
                return false;
            }
            highs = Arrays.copyOf(highs, size * 2);
            lows = Arrays.copyOf(lows, size * 2);
            ends = Arrays.copyOf(ends, size * 2);
        }
        return true;
    }

    private boolean bytesFor(int more) {
        if (used + (long) more <= bytes.length) {
            return true;
        }
        if (used + (long) more > MAX_ARRAY) {
            full = true;
            return false;
        }
        bytes = Arrays.copyOf(bytes, (int) Math.min(MAX_ARRAY, Math.max(2L * bytes.length, used + (long) more)));
        return true;
    }
}
