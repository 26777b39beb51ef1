package dev.userlookup.commands;

import static dev.userlookup.commands.MutationMaterial.JUNK;
import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

/**
 * Mutations of a body as bytes, blind to JSON: truncation, deleted, duplicated and swapped
 * ranges, flipped bytes, spliced-in junk (control characters, invalid UTF-8, bad escapes),
 * whitespace, a BOM, NUL; the whole body replaced; and gzip, sound or corrupt. Each adds an entry
 * to {@code mutations} (or {@code note}) saying what it did and where.
 */
final class ByteMutators {

    private static final byte[] BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

    private ByteMutators() {
    }

    /** One mutation of {@code body}, of a kind and at a place drawn from {@code r}. */
    static byte[] mutate(Random r, byte[] body, List<String> mutations) {
        int n = body.length;
        if (n == 0) {
            mutations.add("insert into empty");
            return JUNK[r.nextInt(JUNK.length)].clone();
        }
        int kind = r.nextInt(100);
        if (kind < 14) {
            int at = r.nextInt(n);
            mutations.add("truncate@" + at);
            return Arrays.copyOf(body, at);
        }
        if (kind < 26) {
            int at = r.nextInt(n);
            int length = 1 + r.nextInt(Math.min(64, n - at));
            mutations.add("delete@" + at + "+" + length);
            return concat(Arrays.copyOfRange(body, 0, at), Arrays.copyOfRange(body, at + length, n));
        }
        if (kind < 38) {
            int at = r.nextInt(n);
            int length = 1 + r.nextInt(Math.min(64, n - at));
            int to = r.nextInt(n + 1);
            mutations.add("duplicate@" + at + "+" + length + "->" + to);
            return concat(Arrays.copyOfRange(body, 0, to), Arrays.copyOfRange(body, at, at + length), Arrays.copyOfRange(body, to, n));
        }
        if (kind < 46 && n >= 4) {
            int a = r.nextInt(n / 2);
            int aLength = 1 + r.nextInt(Math.min(32, n / 2 - a));
            int b = n / 2 + r.nextInt(n - n / 2);
            int bLength = 1 + r.nextInt(Math.min(32, n - b));
            mutations.add("swap@" + a + "+" + aLength + "<->" + b + "+" + bLength);
            return concat(Arrays.copyOfRange(body, 0, a), Arrays.copyOfRange(body, b, b + bLength), Arrays.copyOfRange(body, a + aLength, b),
                    Arrays.copyOfRange(body, a, a + aLength), Arrays.copyOfRange(body, b + bLength, n));
        }
        if (kind < 62) {
            byte[] out = body.clone();
            StringBuilder what = new StringBuilder("flip");
            for (int i = 1 + r.nextInt(4); i > 0; i--) {
                int at = r.nextInt(n);
                byte before = out[at];
                out[at] = r.nextBoolean() ? (byte) (out[at] ^ (1 << r.nextInt(8))) : (byte) r.nextInt(256);
                what.append(String.format("@%d:%02x->%02x", at, before & 0xff, out[at] & 0xff));
            }
            mutations.add(what.toString());
            return out;
        }
        if (kind < 82) {
            int at = r.nextInt(n + 1);
            byte[] junk = JUNK[r.nextInt(JUNK.length)];
            mutations.add("insert@" + at + " " + FuzzCase.excerpt(junk, 20));
            return concat(Arrays.copyOfRange(body, 0, at), junk, Arrays.copyOfRange(body, at, n));
        }
        if (kind < 92) {
            String[] blanks = {" ", "\t", "\r\n", "\n\n\n", "  \t \r\n ", " ".repeat(5000)};
            String blank = blanks[r.nextInt(blanks.length)];
            int where = r.nextInt(4);
            int at;
            if (where == 0) {
                at = 0;
            } else if (where == 1) {
                at = n;
            } else {
                List<Integer> structural = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    byte b = body[i];
                    if (b == '{' || b == '[' || b == ',' || b == ':' || b == '}' || b == ']') {
                        structural.add(i + (r.nextBoolean() ? 0 : 1));
                    }
                }
                at = structural.isEmpty() ? 0 : structural.get(r.nextInt(structural.size()));
            }
            mutations.add("whitespace@" + at + " " + FuzzCase.excerpt(blank.getBytes(UTF_8), 8));
            return concat(Arrays.copyOfRange(body, 0, at), blank.getBytes(UTF_8), Arrays.copyOfRange(body, at, n));
        }
        if (kind < 96) {
            mutations.add("BOM prefix");
            return concat(BOM, body);
        }
        int at = r.nextInt(n);
        mutations.add("NUL@" + at);
        return concat(Arrays.copyOfRange(body, 0, at), new byte[] {0}, Arrays.copyOfRange(body, at, n));
    }

    /**
     * The whole body replaced: by nothing, blanks, a BOM, null, another type, HTML, or the
     * document in an array, twice, after a BOM or with whitespace around it.
     */
    static byte[] wholeBody(Random r, String base, List<String> mutations) {
        String[] bodies = {"", "null", "[]", "[" + base + "]", "\"a string\"", "0", "true", "{}", " \r\n\t ", "\ufeff",
            "\ufeff" + base, base + "\n\n", "<html><title>oops</title></html>", base + base, "  " + base + "  "};
        int which = r.nextInt(bodies.length);
        mutations.add("whole body #" + which);
        return bodies[which].getBytes(UTF_8);
    }

    static byte[] gzip(byte[] body) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
            zip.write(body);
        }
        return out.toByteArray();
    }

    /**
     * A gzip stream damaged one way: cut short, a bit flipped in the data or the trailer, a
     * header byte changed, junk after it, or plain JSON in front of it.
     */
    static byte[] corruptGzip(Random r, byte[] zipped, List<String> note) {
        int n = zipped.length;
        switch (r.nextInt(6)) {
            case 0: {
                int at = 1 + r.nextInt(n - 1);
                note.add("truncated@" + at);
                return Arrays.copyOf(zipped, at);
            }
            case 1: {
                byte[] out = zipped.clone();
                int at = 10 + r.nextInt(Math.max(1, n - 18));
                out[at] ^= (byte) (1 << r.nextInt(8));
                note.add("flip in deflate data@" + at);
                return out;
            }
            case 2: {
                byte[] out = zipped.clone();
                int at = n - 1 - r.nextInt(8);
                out[at] ^= (byte) 0x5a;
                note.add("flip in trailer@" + at);
                return out;
            }
            case 3: {
                byte[] out = zipped.clone();
                int at = r.nextInt(10);
                out[at] = (byte) r.nextInt(256);
                note.add("header byte " + at + " set to " + (out[at] & 0xff));
                return out;
            }
            case 4: {
                note.add("garbage appended");
                return concat(zipped, "not gzip at all".getBytes(UTF_8));
            }
            default: {
                // Plain JSON where the gzip header should be, the gzip stream after it.
                note.add("not gzip: the plain body");
                return concat("{\"user_id\":\"u\"}".getBytes(UTF_8), zipped);
            }
        }
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}
