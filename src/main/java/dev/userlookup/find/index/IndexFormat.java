package dev.userlookup.find.index;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * The index file, version 1, big-endian:
 * <pre>
 *   magic "\u0089ULIDX\r\n" (8) | version (4) | count (4) | area size (4)
 *   base URL length (4) + UTF-8 | team_id length (4) + UTF-8 | CRC32 of all the header before it (4)
 *   count entries of 24 bytes, sorted by user_id as unsigned 128 bits, each id once:
 *     id high (8) | id low (8) | end of its client_user_id in the area (4) | CRC32 of id + client id (4)
 *   the area: the client_user_ids, UTF-8, one after the other in the entries' order
 * </pre>
 * Fixed-size entries make a lookup a binary search over about 20 of them; an entry's client id
 * starts where the one before it ends. The header's CRC and each entry's make a file that was
 * cut, flipped or copied from elsewhere read as "corrupt": never trusted, rebuilt at save.
 */
final class IndexFormat {

    static final byte[] MAGIC = {(byte) 0x89, 'U', 'L', 'I', 'D', 'X', '\r', '\n'};
    static final int VERSION = 1;
    static final int ENTRY_SIZE = 24;
    /** A client_user_id longer than this is not indexed (the walk finds its user anyway). */
    static final int MAX_CLIENT_ID_BYTES = 1024;
    static final int MAX_TEAM_BYTES = 1024;
    static final int MAX_BASE_URL_BYTES = 4096;
    /** One mapped buffer, so one file stays under 2 GB (about 50 million users of 16-byte ids). */
    static final long MAX_FILE_SIZE = Integer.MAX_VALUE;
    /** The header of a file with an empty base URL and team_id. */
    static final int MIN_HEADER = MAGIC.length + 4 * 6;

    private IndexFormat() {
    }

    static int headerSize(byte[] baseUrl, byte[] team) {
        return MIN_HEADER + baseUrl.length + team.length;
    }

    static boolean teamFits(String team) {
        int length = utf8(team).length;
        return length > 0 && length <= MAX_TEAM_BYTES;
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** An entry's check, CRC32 of its 128-bit id and its client id's bytes; one per thread, reused. */
    static final class EntryCheck {
        private final CRC32 crc = new CRC32();
        private final byte[] id = new byte[16];

        int of(long high, long low, byte[] clientId, int from, int length) {
            start(high, low);
            crc.update(clientId, from, length);
            return (int) crc.getValue();
        }

        int of(long high, long low, ByteBuffer area, int from, int length) {
            start(high, low);
            crc.update(area.slice(from, length));
            return (int) crc.getValue();
        }

        private void start(long high, long low) {
            for (int i = 0; i < 8; i++) {
                id[i] = (byte) (high >>> (56 - 8 * i));
                id[8 + i] = (byte) (low >>> (56 - 8 * i));
            }
            crc.reset();
            crc.update(id);
        }
    }
}
