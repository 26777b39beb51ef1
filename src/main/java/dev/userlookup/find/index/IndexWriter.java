package dev.userlookup.find.index;

import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.zip.CRC32;

/**
 * Writes a {@link MergePlan} as an index file ({@link IndexFormat}) through {@link AtomicReplace}:
 * the header, the entries (an old entry keeps its CRC, a recorded one gets its own), then the
 * client ids in the same order.
 */
final class IndexWriter {

    private IndexWriter() {
    }

    /** @return false when the file would be too large to map (nothing is written then) */
    static boolean write(Path target, byte[] baseUrl, byte[] team, MergePlan plan, IndexFile old, RecordedUsers recorded)
            throws IOException {
        byte[] header = header(baseUrl, team, plan);
        long size = header.length + (long) plan.count() * IndexFormat.ENTRY_SIZE + plan.areaSize();
        if (size > IndexFormat.MAX_FILE_SIZE) {
            return false;
        }
        AtomicReplace.write(target, out -> {
            DataOutputStream data = new DataOutputStream(out);
            data.write(header);
            entries(data, plan, old, recorded);
            clientIds(data, plan, old, recorded);
            data.flush();
        });
        return true;
    }

    private static byte[] header(byte[] baseUrl, byte[] team, MergePlan plan) {
        ByteBuffer header = ByteBuffer.allocate(IndexFormat.headerSize(baseUrl, team));
        header.put(IndexFormat.MAGIC).putInt(IndexFormat.VERSION).putInt(plan.count()).putInt((int) plan.areaSize());
        header.putInt(baseUrl.length).put(baseUrl).putInt(team.length).put(team);
        CRC32 crc = new CRC32();
        crc.update(header.array(), 0, header.position());
        header.putInt((int) crc.getValue());
        return header.array();
    }

    private static void entries(DataOutputStream data, MergePlan plan, IndexFile old, RecordedUsers recorded) throws IOException {
        IndexFormat.EntryCheck check = new IndexFormat.EntryCheck();
        int end = 0;
        for (int n = 0; n < plan.count(); n++) {
            int source = plan.source(n);
            if (plan.fromOld(n)) {
                end += old.end(source) - old.start(source);
                data.writeLong(old.high(source));
                data.writeLong(old.low(source));
                data.writeInt(end);
                data.writeInt(old.crc(source));
            } else {
                int start = recorded.start(source);
                int length = recorded.end(source) - start;
                end += length;
                data.writeLong(recorded.high(source));
                data.writeLong(recorded.low(source));
                data.writeInt(end);
                data.writeInt(check.of(recorded.high(source), recorded.low(source), recorded.bytes(), start, length));
            }
        }
    }

    private static void clientIds(DataOutputStream data, MergePlan plan, IndexFile old, RecordedUsers recorded) throws IOException {
        byte[] scratch = new byte[IndexFormat.MAX_CLIENT_ID_BYTES];
        for (int n = 0; n < plan.count(); n++) {
            int source = plan.source(n);
            if (plan.fromOld(n)) {
                data.write(scratch, 0, old.clientIdBytes(source, scratch));
            } else {
                int start = recorded.start(source);
                data.write(recorded.bytes(), start, recorded.end(source) - start);
            }
        }
    }
}
