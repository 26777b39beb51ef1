package dev.userlookup.find.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * One index file, mapped and read in place (see {@link IndexFormat}): opening it reads the header
 * only, a lookup reads the 20 or so entries of a binary search and one client id. Every length,
 * offset and count is checked against the file's size before use; a file that fails a check is
 * not opened, and an entry that fails its CRC when read marks the whole file {@link #corrupt}.
 */
final class IndexFile {

    private final ByteBuffer map;
    private final int entriesStart;
    private final int count;
    private final int areaStart;
    private final int areaSize;
    private final IndexFormat.EntryCheck check = new IndexFormat.EntryCheck();
    private boolean corrupt;

    private IndexFile(ByteBuffer map, int entriesStart, int count, int areaSize) {
        this.map = map;
        this.entriesStart = entriesStart;
        this.count = count;
        this.areaStart = entriesStart + count * IndexFormat.ENTRY_SIZE;
        this.areaSize = areaSize;
    }

    /** Null when the file is absent, unreadable, not a regular file, corrupt or foreign. */
    static IndexFile open(Path file, byte[] baseUrl, byte[] team) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!attributes.isRegularFile()) {
                return null; // a folder, a pipe (whose open would wait) or a link in its place
            }
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
                long size = channel.size();
                if (size < IndexFormat.MIN_HEADER || size > IndexFormat.MAX_FILE_SIZE) {
                    return null;
                }
                MappedByteBuffer map = channel.map(FileChannel.MapMode.READ_ONLY, 0, size);
                return parse(map, baseUrl, team);
            }
        } catch (IOException | RuntimeException | InternalError e) {
            return null; // unreadable, gone, or cut under our feet (InternalError: a fault in the mapping)
        }
    }

    private static IndexFile parse(ByteBuffer map, byte[] baseUrl, byte[] team) {
        int size = map.capacity();
        if (!map.slice(0, IndexFormat.MAGIC.length).equals(ByteBuffer.wrap(IndexFormat.MAGIC)) || map.getInt(8) != IndexFormat.VERSION) {
            return null;
        }
        int count = map.getInt(12);
        int areaSize = map.getInt(16);
        int urlAt = 20;
        int teamAt = urlAt + 4 + baseUrl.length;
        int crcAt = teamAt + 4 + team.length;
        if (count < 0 || areaSize < 0 || crcAt + 4L > size
                || !holds(map, urlAt, baseUrl) || !holds(map, teamAt, team)) {
            return null;
        }
        CRC32 crc = new CRC32();
        crc.update(map.slice(0, crcAt));
        if ((int) crc.getValue() != map.getInt(crcAt)) {
            return null;
        }
        int entriesStart = crcAt + 4;
        if (entriesStart + (long) count * IndexFormat.ENTRY_SIZE + areaSize != size) {
            return null;
        }
        IndexFile file = new IndexFile(map, entriesStart, count, areaSize);
        return count == 0 || file.end(count - 1) == areaSize ? file : null;
    }

    private static boolean holds(ByteBuffer map, int at, byte[] expected) {
        return map.getInt(at) == expected.length && map.slice(at + 4, expected.length).equals(ByteBuffer.wrap(expected));
    }

    int count() {
        return count;
    }

    /** Whether an entry read so far failed its check: the file then reads as empty. */
    boolean corrupt() {
        return corrupt;
    }

    long high(int entry) {
        return map.getLong(entriesStart + entry * IndexFormat.ENTRY_SIZE);
    }

    long low(int entry) {
        return map.getLong(entriesStart + entry * IndexFormat.ENTRY_SIZE + 8);
    }

    int crc(int entry) {
        return map.getInt(entriesStart + entry * IndexFormat.ENTRY_SIZE + 20);
    }

    /** Where the one before it ends. */
    int start(int entry) {
        return entry == 0 ? 0 : end(entry - 1);
    }

    int end(int entry) {
        return map.getInt(entriesStart + entry * IndexFormat.ENTRY_SIZE + 16);
    }

    int find(long high, long low) {
        int from = 0;
        int to = count - 1;
        while (from <= to) {
            int middle = (from + to) >>> 1;
            int order = Long.compareUnsigned(high(middle), high);
            if (order == 0) {
                order = Long.compareUnsigned(low(middle), low);
            }
            if (order < 0) {
                from = middle + 1;
            } else if (order > 0) {
                to = middle - 1;
            } else {
                return middle;
            }
        }
        return -1;
    }

    /**
     * Whether the entry's client id lies in the area, is of an indexed length and matches the
     * entry's CRC with its id; if not, the file is marked corrupt.
     */
    boolean valid(int entry) {
        int start = start(entry);
        int end = end(entry);
        boolean valid = start >= 0 && end > start && end <= areaSize && end - start <= IndexFormat.MAX_CLIENT_ID_BYTES
                && check.of(high(entry), low(entry), map, areaStart + start, end - start) == crc(entry);
        corrupt |= !valid;
        return valid;
    }

    int clientIdBytes(int entry, byte[] into, int at) {
        int start = start(entry);
        int length = end(entry) - start;
        map.get(areaStart + start, into, at, length);
        return length;
    }

    boolean holdsClientId(int entry, byte[] bytes, int from, int length, byte[] scratch) {
        int own = clientIdBytes(entry, scratch, 0);
        return Arrays.equals(scratch, 0, own, bytes, from, from + length);
    }

    /** The client id the file holds for this id; null when none, or when the file is or turns out corrupt. */
    String clientUserId(long high, long low) {
        if (corrupt) {
            return null;
        }
        try {
            int entry = find(high, low);
            if (entry < 0 || !valid(entry)) {
                return null;
            }
            int start = start(entry);
            CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
            return utf8.decode(map.slice(areaStart + start, end(entry) - start)).toString();
        } catch (CharacterCodingException | RuntimeException | InternalError e) {
            corrupt = true; // not UTF-8 though its CRC held (a file written by something else), or cut under us
            return null;
        }
    }
}
