package dev.userlookup.find.index;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.zip.CRC32;

/** An old entry keeps its CRC; a recorded one gets its own. */
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
            out.write(header);
            Chunk chunk = new Chunk(out);
            entries(chunk, plan, old, recorded);
            clientIds(chunk, plan, old, recorded);
            chunk.flush();
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

    private static void entries(Chunk chunk, MergePlan plan, IndexFile old, RecordedUsers recorded) throws IOException {
        IndexFormat.EntryCheck check = new IndexFormat.EntryCheck();
        int end = 0;
        for (int n = 0; n < plan.count(); n++) {
            int source = plan.source(n);
            ByteBuffer entry = chunk.room(IndexFormat.ENTRY_SIZE);
            if (plan.fromOld(n)) {
                end += old.end(source) - old.start(source);
                entry.putLong(old.high(source)).putLong(old.low(source)).putInt(end).putInt(old.crc(source));
            } else {
                int start = recorded.start(source);
                int length = recorded.end(source) - start;
                end += length;
                long high = recorded.high(source);
                long low = recorded.low(source);
                entry.putLong(high).putLong(low).putInt(end).putInt(check.of(high, low, recorded.bytes(), start, length));
            }
        }
    }

    private static void clientIds(Chunk chunk, MergePlan plan, IndexFile old, RecordedUsers recorded) throws IOException {
        for (int n = 0; n < plan.count(); n++) {
            int source = plan.source(n);
            ByteBuffer into = chunk.room(IndexFormat.MAX_CLIENT_ID_BYTES);
            if (plan.fromOld(n)) {
                into.position(into.position() + old.clientIdBytes(source, into.array(), into.position()));
            } else {
                int start = recorded.start(source);
                into.put(recorded.bytes(), start, recorded.end(source) - start);
            }
        }
    }

    /** The file's bytes gathered 64 KB at a time: one write for many entries. */
    private static final class Chunk {
        private final OutputStream out;
        private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16);

        Chunk(OutputStream out) {
            this.out = out;
        }

        ByteBuffer room(int bytes) throws IOException {
            if (buffer.remaining() < bytes) {
                flush();
            }
            return buffer;
        }

        void flush() throws IOException {
            out.write(buffer.array(), 0, buffer.position());
            buffer.clear();
        }
    }
}
