package dev.userlookup.find.index;

import dev.userlookup.model.UserId;
import java.io.IOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.List;

/**
 * One index file, UTF-8 text: a header line (the format, the base URL, the team_id), then a line
 * {@code user_id TAB client_user_id} a user, sorted by user_id, each id once. The ids are written
 * as lower-case canonical UUIDs, whose text sorts as the ids do; the client ids, the base URL and
 * the team_id are percent-encoded as a URL's query is, so none holds a tab or a newline. A lookup
 * is a binary search over the mapped bytes, as look(1) does: a few lines read, not the file. No
 * checksums: every hit is confirmed by a resolve, so a damaged line costs one request; a line that
 * does not parse, or is out of order, finds nothing and is left out at the next save. A line longer
 * than any written ends the file there for both, so the lines after it are learnt again by walks.
 */
final class IndexFile {

    /** A client_user_id longer than this is not indexed (the walk finds its user anyway). */
    static final int MAX_CLIENT_ID_BYTES = 1024;
    static final int MAX_TEAM_BYTES = 1024;
    private static final int ID = 36;
    /** The longest line written, its newline included: every byte of a client id encoded. */
    private static final int MAX_LINE = ID + 2 + 3 * MAX_CLIENT_ID_BYTES;

    private final ByteBuffer lines;
    private final byte[] line = new byte[MAX_LINE];
    private final CharsetDecoder ascii = StandardCharsets.US_ASCII.newDecoder();

    private IndexFile(ByteBuffer lines) {
        this.lines = lines;
    }

    /** Null when the file is absent, unreadable, not a regular file, not whole, or another base URL's or team's. */
    static IndexFile open(Path file, String baseUrl, String team) {
        try {
            if (!Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isRegularFile()) {
                return null; // a folder, a pipe (whose open would wait) or a link in its place
            }
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
                byte[] header = header(baseUrl, team);
                long size = channel.size();
                if (size < header.length || size > Integer.MAX_VALUE) {
                    return null; // one mapped buffer: under 2 GB, some 35 million users
                }
                ByteBuffer map = channel.map(FileChannel.MapMode.READ_ONLY, 0, size);
                boolean ours = map.slice(0, header.length).equals(ByteBuffer.wrap(header))
                        && map.get((int) size - 1) == '\n';
                return ours ? new IndexFile(map.slice(header.length, (int) size - header.length)) : null;
            }
        } catch (IOException | RuntimeException | InternalError e) {
            return null; // unreadable, gone, or cut under our feet (InternalError: a fault in the mapping)
        }
    }

    /** The client id on the line of {@code id}; null when there is none, or it does not parse. */
    String clientUserId(UserId id) {
        int length = find(line(id, null));
        return length < 0 ? null : clientUserId(length);
    }

    /** Whether the file says what a line recorded says: that line, or for one that drops a user_id, none of it. */
    boolean says(byte[] recorded) {
        int length = find(recorded);
        return recorded.length == ID + 1 ? length < 0
                : length == recorded.length - 1 && Arrays.equals(line, 0, length, recorded, 0, length);
    }

    /** The length of the line of {@code key}'s user_id, read into {@link #line}; -1 when there is none. */
    private int find(byte[] key) {
        try {
            int from = 0; // a line's start; the lines before it hold smaller ids
            int to = lines.limit(); // the line sought, if any, starts before this
            while (from < to) {
                int middle = (from + to) >>> 1;
                int start = middle == 0 ? 0 : middle + read(middle - 1); // the first line starting at middle or after
                if (start < middle) {
                    return -1; // a line longer than any written
                } else if (start >= to) {
                    to = middle;
                    continue;
                }
                int length = read(start);
                int order = Arrays.compareUnsigned(line, 0, Math.max(0, Math.min(ID, length)), key, 0, ID);
                if (length < 0 || order == 0) {
                    return Math.max(length, -1);
                } else if (order < 0) {
                    from = start + length + 1;
                } else {
                    to = start;
                }
            }
            return -1;
        } catch (RuntimeException | InternalError e) {
            return -1; // cut under our feet
        }
    }

    /**
     * Writes the lines {@code recorded} (sorted by user_id, each once) merged into {@code old}
     * (null: none) in one pass, the recorded winning. False, and nothing written, when that would
     * change nothing and {@code anyway} is false.
     */
    static boolean write(Path target, String baseUrl, String team, IndexFile old, List<byte[]> recorded, boolean anyway)
            throws IOException {
        return IndexLocation.write(target, out -> {
            out.write(header(baseUrl, team));
            boolean changed = anyway;
            byte[] last = new byte[ID]; // the user_id written last
            int at = 0;
            int end = old == null ? 0 : old.lines.limit();
            for (int next = 0; next <= recorded.size(); next++) {
                byte[] key = next == recorded.size() ? null : recorded.get(next);
                // A drop of a user_id the file does not hold changes nothing.
                boolean same = key != null && key.length == ID + 1;
                while (at < end) { // the old lines up to this one's (all of them after the last)
                    int length = old.read(at);
                    int order = length < 0 || key == null ? -1
                            : Arrays.compareUnsigned(old.line, 0, Math.min(ID, length), key, 0, ID);
                    if (order > 0) {
                        break;
                    }
                    at = length < 0 ? end : at + length + 1; // a line longer than any written ends what is read
                    boolean kept = length > ID && Arrays.compareUnsigned(old.line, 0, ID, last, 0, ID) > 0
                            && old.clientUserId(length) != null;
                    changed |= !kept; // a line left out
                    if (order == 0) {
                        same = kept && Arrays.equals(old.line, 0, length + 1, key, 0, key.length);
                    } else if (kept) {
                        out.write(old.line, 0, length + 1);
                        System.arraycopy(old.line, 0, last, 0, ID);
                    }
                }
                if (key != null && key.length > ID + 1) {
                    out.write(key);
                    System.arraycopy(key, 0, last, 0, ID);
                }
                changed |= key != null && !same;
            }
            return changed;
        });
    }

    /** A line of the file: the user_id, and a tab and the client id unless null (a line that drops the user_id). */
    static byte[] line(UserId id, String clientUserId) {
        String text = id
                + (clientUserId == null ? "" : "\t" + URLEncoder.encode(clientUserId, StandardCharsets.UTF_8));
        return (text + "\n").getBytes(StandardCharsets.US_ASCII);
    }

    static int compareIds(byte[] line, byte[] other) {
        return Arrays.compareUnsigned(line, 0, ID, other, 0, ID);
    }

    static boolean teamFits(String team) {
        int length = team.getBytes(StandardCharsets.UTF_8).length;
        return length > 0 && length <= MAX_TEAM_BYTES;
    }

    /** Whether the index can hold it: UTF-8 of 1 to 1,024 bytes (no lone surrogate, which no resolve would match). */
    static boolean indexable(String clientUserId) {
        if (clientUserId == null || clientUserId.isEmpty() || clientUserId.length() > MAX_CLIENT_ID_BYTES) {
            return false;
        }
        byte[] bytes = clientUserId.getBytes(StandardCharsets.UTF_8);
        return bytes.length <= MAX_CLIENT_ID_BYTES && new String(bytes, StandardCharsets.UTF_8).equals(clientUserId);
    }

    private static byte[] header(String baseUrl, String team) {
        return ("userlookup index 2\t" + URLEncoder.encode(baseUrl, StandardCharsets.UTF_8) + "\t"
                + URLEncoder.encode(team, StandardCharsets.UTF_8) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Copies the line that starts at {@code start}, newline included, into {@link #line}; its
     * length without the newline, or -2 when it is longer than any line written.
     */
    private int read(int start) {
        int limit = (int) Math.min(lines.limit(), (long) start + MAX_LINE); // near 2 GB the sum would overflow
        for (int i = start; i < limit; i++) {
            if (lines.get(i) == '\n') {
                lines.get(start, line, 0, i - start + 1);
                return i - start;
            }
        }
        return -2;
    }

    /** The client id of the line in {@link #line}; null when it does not parse. */
    private String clientUserId(int length) {
        if (length <= ID + 1 || line[ID] != '\t') {
            return null;
        }
        for (int i = 0; i < ID; i++) { // a user_id as written: lower-case hex, dashes where a UUID has them
            boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
            if (dash ? line[i] != '-' : Character.digit(line[i], 16) < 0 || line[i] < 'a' && line[i] > '9') {
                return null;
            }
        }
        try {
            String text = ascii.decode(ByteBuffer.wrap(line, ID + 1, length - ID - 1)).toString();
            String clientUserId = text.indexOf('\t') < 0 ? URLDecoder.decode(text, StandardCharsets.UTF_8) : null;
            return indexable(clientUserId) ? clientUserId : null;
        } catch (CharacterCodingException | IllegalArgumentException e) { // not ASCII, or a % that is no escape
            return null;
        }
    }
}
