package dev.userlookup.commands;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * One case of {@link ResponseFuzzTest}, made by {@link FuzzCaseGenerator} from the seed and its
 * index alone.
 *
 * @param base      the name of the valid body the case started from
 * @param mutations what was done to that body, in order, for the report
 * @param payload   the body after the mutations
 * @param wire      the bytes served: the payload, gzipped (soundly or not) when {@code http} says so
 */
record FuzzCase(long seed, int index, Command command, String format, boolean terminal, int width, String base,
        List<String> mutations, byte[] payload, Http http, byte[] wire) {

    enum Command { RESOLVE, LIST, LIST_ALL, LIST_COUNT }

    /** How the body is served; {@code note} names what is unusual about it, for the report and the tally. */
    record Http(int status, String contentType, String contentEncoding, String note) {
        @Override
        public String toString() {
            return status + (contentType == null ? " (no Content-Type)" : " " + contentType)
                    + (contentEncoding == null ? "" : ", Content-Encoding " + contentEncoding) + (note == null ? "" : ", " + note);
        }
    }

    String[] args() {
        List<String> args = new ArrayList<>();
        switch (command) {
            case RESOLVE -> args.addAll(List.of("resolve", "x"));
            case LIST -> args.add("list");
            case LIST_ALL -> args.addAll(List.of("list", "--all", "--parallel", "2"));
            case LIST_COUNT -> args.addAll(List.of("list", "--count"));
            default -> throw new IllegalStateException();
        }
        args.addAll(List.of("-o", format, "--retries", "0", "--timeout", "5"));
        return args.toArray(new String[0]);
    }

    String describe() {
        return "case " + index + " (seed " + seed + "; rerun: mvn -q -B test -Dtest=ResponseFuzzTest -Dfuzz.seed=" + seed
                + " -Dfuzz.case=" + index + "): userlookup " + String.join(" ", args())
                + (terminal ? " [stdout a terminal, " + width + " columns]" : "")
                + "; base " + base + "; mutations " + mutations + "; HTTP " + http
                + "; body " + payload.length + " bytes: " + excerpt(payload, 300);
    }

    /** The wire bytes with the Content-Encoding undone (an empty body is left as it is). */
    byte[] decodedWire() throws IOException {
        if (http.contentEncoding() == null || wire.length == 0) {
            return wire;
        }
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(wire))) {
            return in.readAllBytes();
        }
    }

    /** The first {@code max} bytes, printable ASCII as it is and every other byte as {@code \xNN}. */
    static String excerpt(byte[] bytes, int max) {
        StringBuilder out = new StringBuilder("\"");
        int n = Math.min(bytes.length, max);
        for (int i = 0; i < n; i++) {
            int b = bytes[i] & 0xff;
            if (b >= 0x20 && b < 0x7f && b != '\\') {
                out.append((char) b);
            } else if (b == '\\') {
                out.append("\\\\");
            } else {
                out.append(String.format("\\x%02x", b));
            }
        }
        out.append('"');
        if (bytes.length > max) {
            out.append("… (").append(bytes.length - max).append(" more bytes)");
        }
        return out.toString();
    }
}
