package dev.userlookup.find.index;

import dev.userlookup.model.UserId;
import java.io.IOException;
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
import java.util.Iterator;
import java.util.Map;
import java.util.SortedMap;
import java.util.UUID;

/**
 * One index file, UTF-8 text: a header line (the format, the base URL, the team_id), then a line
 * {@code user_id TAB client_user_id} a user, sorted by user_id, each id once. The ids are written
 * as lower-case canonical UUIDs, whose text sorts as the ids do; in a client id, backslash, tab
 * and newline are written {@code \\}, {@code \t} and {@code \n}. A lookup is a binary search over
 * the mapped bytes, as look(1) does: a few lines read, not the file. No checksums: every hit is
 * confirmed by a resolve, so a damaged line costs one request; a line that does not parse, or is
 * out of order, finds nothing and is left out at the next save.
 */
final class IndexFile {

    /** A client_user_id longer than this is not indexed (the walk finds its user anyway). */
    static final int MAX_CLIENT_ID_BYTES = 1024;
    static final int MAX_TEAM_BYTES = 1024;
    static final int MAX_BASE_URL_BYTES = 4096;
    private static final int ID = 36;
    /** The longest line written, its newline included: every byte of a client id escaped. */
    private static final int MAX_LINE = ID + 2 + 2 * MAX_CLIENT_ID_BYTES;

    private final ByteBuffer lines;
    private final byte[] line = new byte[MAX_LINE];
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();

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
                boolean ours = map.slice(0, header.length).equals(ByteBuffer.wrap(header)) && map.get((int) size - 1) == '\n';
                return ours ? new IndexFile(map.slice(header.length, (int) size - header.length)) : null;
            }
        } catch (IOException | RuntimeException | InternalError e) {
            return null; // unreadable, gone, or cut under our feet (InternalError: a fault in the mapping)
        }
    }

    /** The client id on the line of {@code id}; null when there is none, or it does not parse. */
    String clientUserId(UserId id) {
        byte[] key = key(id);
        try {
            int from = 0; // a line's start; the lines before it hold smaller ids
            int to = lines.limit(); // the line sought, if any, starts before this
            while (from < to) {
                int middle = (from + to) >>> 1;
                int start = middle == 0 ? 0 : middle + read(middle - 1); // the first line starting at middle or after
                if (start < middle) {
                    return null; // a line longer than any written
                } else if (start >= to) {
                    to = middle;
                    continue;
                }
                int length = read(start);
                int order = Arrays.compareUnsigned(line, 0, Math.max(0, Math.min(ID, length)), key, 0, ID);
                if (length < 0 || order == 0) {
                    return length < 0 ? null : clientUserId(length);
                } else if (order < 0) {
                    from = start + length + 1;
                } else {
                    to = start;
                }
            }
            return null;
        } catch (RuntimeException | InternalError e) {
            return null; // cut under our feet
        }
    }

    /**
     * Writes {@code recorded} (a null client id drops the id) merged into {@code old} (null: none)
     * in one pass, the recorded winning. False, and nothing written, when that would change
     * nothing and {@code anyway} is false.
     */
    static boolean write(Path target, String baseUrl, String team, IndexFile old, SortedMap<UserId, String> recorded,
            boolean anyway) throws IOException {
        return AtomicReplace.write(target, out -> {
            out.write(header(baseUrl, team));
            boolean changed = anyway;
            byte[] last = new byte[ID]; // the id of the line written last
            Iterator<Map.Entry<UserId, String>> news = recorded.entrySet().iterator();
            Map.Entry<UserId, String> next = news.hasNext() ? news.next() : null;
            byte[] nextKey = next == null ? null : key(next.getKey());
            int at = 0;
            int end = old == null ? 0 : old.lines.limit();
            while (at < end || next != null) {
                int length = at < end ? old.read(at) : -1;
                if (at < end && length < 0) {
                    at = end; // a line longer than any written: the rest is not read
                    changed = true;
                    continue;
                }
                int order = at == end ? 1 : next == null ? -1 : Arrays.compareUnsigned(old.line, 0, Math.min(ID, length), nextKey, 0, ID);
                String kept = order > 0 ? null : Arrays.compareUnsigned(old.line, 0, Math.min(ID, length), last, 0, ID) > 0
                        ? old.clientUserId(length) : null;
                if (order < 0 && kept != null) {
                    out.write(old.line, 0, length + 1);
                    System.arraycopy(old.line, 0, last, 0, ID);
                } else if (order >= 0) {
                    changed |= next.getValue() == null ? order == 0 : !next.getValue().equals(kept);
                    if (next.getValue() != null) {
                        out.write(nextKey);
                        out.write(('\t' + escape(next.getValue()) + '\n').getBytes(StandardCharsets.UTF_8));
                        System.arraycopy(nextKey, 0, last, 0, ID);
                    }
                    next = news.hasNext() ? news.next() : null;
                    nextKey = next == null ? null : key(next.getKey());
                } else {
                    changed = true; // a line left out
                }
                at += order <= 0 ? length + 1 : 0;
            }
            return changed;
        });
    }

    static boolean teamFits(String team) {
        int length = team.getBytes(StandardCharsets.UTF_8).length;
        return length > 0 && length <= MAX_TEAM_BYTES;
    }

    /** Whether the index can hold it: UTF-8 of 1 to 1,024 bytes (a lone surrogate is none, and no resolve would match it). */
    static boolean indexable(String clientUserId) {
        if (clientUserId == null || clientUserId.isEmpty() || clientUserId.length() > MAX_CLIENT_ID_BYTES) {
            return false;
        }
        byte[] bytes = clientUserId.getBytes(StandardCharsets.UTF_8);
        return bytes.length <= MAX_CLIENT_ID_BYTES && new String(bytes, StandardCharsets.UTF_8).equals(clientUserId);
    }

    private static byte[] header(String baseUrl, String team) {
        return ("userlookup index 2\t" + escape(baseUrl) + "\t" + escape(team) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] key(UserId id) {
        return new UUID(id.high(), id.low()).toString().getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Copies the line that starts at {@code start}, newline included, into {@link #line}; its
     * length without the newline, or -2 when it is longer than any line written.
     */
    private int read(int start) {
        int limit = Math.min(lines.limit(), start + MAX_LINE);
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
            if (i == 8 || i == 13 || i == 18 || i == 23 ? line[i] != '-' : Character.digit(line[i], 16) < 0 || line[i] < 'a' && line[i] > '9') {
                return null;
            }
        }
        try {
            String clientUserId = unescape(utf8.decode(ByteBuffer.wrap(line, ID + 1, length - ID - 1)).toString());
            return clientUserId != null && indexable(clientUserId) ? clientUserId : null;
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    private static String escape(String text) {
        return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n");
    }

    /** Null when it holds a tab or an escape not written by {@link #escape}. */
    private static String unescape(String text) {
        if (text.indexOf('\\') < 0) {
            return text.indexOf('\t') < 0 ? text : null;
        }
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\t' || (c == '\\' && ++i == text.length())) {
                return null;
            }
            if (c == '\\') {
                int escape = "\\tn".indexOf(text.charAt(i));
                if (escape < 0) {
                    return null;
                }
                c = "\\\t\n".charAt(escape);
            }
            out.append(c);
        }
        return out.toString();
    }
}
