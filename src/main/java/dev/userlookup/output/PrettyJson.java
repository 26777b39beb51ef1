package dev.userlookup.output;

import dev.userlookup.model.json.JsonBytes;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Indented as jq indents, from the compact form byte by byte: what Jackson's pretty printer so
 * configured writes (pinned by a test), which costs a long walk's JSON clearly more CPU
 * (AbBenchmark). Not for several threads.
 */
final class PrettyJson {

    private static final int SPACES_A_LEVEL = 2;

    private byte[] buffer = new byte[1 << 13];
    private int size;

    PrettyJson clear() {
        size = 0;
        return this;
    }

    PrettyJson raw(byte b) {
        ensure(1);
        buffer[size++] = b;
        return this;
    }

    PrettyJson raw(String ascii) {
        byte[] bytes = ascii.getBytes(StandardCharsets.US_ASCII);
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buffer, size, bytes.length);
        size += bytes.length;
        return this;
    }

    PrettyJson newLine(int level) {
        int spaces = level * SPACES_A_LEVEL;
        ensure(1 + spaces);
        buffer[size++] = '\n';
        Arrays.fill(buffer, size, size + spaces, (byte) ' ');
        size += spaces;
        return this;
    }

    PrettyJson value(JsonBytes compact, int level) {
        byte[] bytes = compact.body();
        int end = compact.offset() + compact.length();
        int i = compact.offset();
        while (i < end) {
            byte b = bytes[i];
            switch (b) {
                case '"' -> {
                    int close = stringEnd(bytes, i + 1);
                    copy(bytes, i, close - i);
                    i = close;
                }
                case '{', '[' -> {
                    byte next = bytes[i + 1];
                    if (next == '}' || next == ']') {
                        copy(bytes, i, 2);
                        i += 2;
                    } else {
                        raw(b).newLine(++level);
                        i++;
                    }
                }
                case '}', ']' -> {
                    newLine(--level).raw(b);
                    i++;
                }
                case ',' -> {
                    raw(b).newLine(level);
                    i++;
                }
                case ':' -> {
                    raw(b).raw((byte) ' ');
                    i++;
                }
                default -> {
                    raw(b);
                    i++;
                }
            }
        }
        return this;
    }

    void writeTo(OutputStream out) throws IOException {
        out.write(buffer, 0, size);
    }

    private static int stringEnd(byte[] bytes, int i) {
        while (true) {
            byte b = bytes[i];
            if (b == '"') {
                return i + 1;
            }
            i += b == '\\' ? 2 : 1;
        }
    }

    private void copy(byte[] bytes, int from, int length) {
        ensure(length);
        System.arraycopy(bytes, from, buffer, size, length);
        size += length;
    }

    private void ensure(int more) {
        if (size + more > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, size + more));
        }
    }
}
