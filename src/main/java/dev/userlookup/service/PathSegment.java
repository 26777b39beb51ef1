package dev.userlookup.service;

import java.nio.charset.StandardCharsets;

/** Percent-encoding of one path segment (RFC 3986), whatever it holds. */
public final class PathSegment {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private PathSegment() {
    }

    /**
     * Every UTF-8 byte outside the unreserved set ({@code A-Z a-z 0-9 - . _ ~}) becomes
     * {@code %XX}. A segment that is {@code .} or {@code ..} has its dots encoded as well, so
     * it can never be read as path navigation by a client, proxy or server.
     */
    public static String encode(String segment) {
        if (segment.equals(".") || segment.equals("..")) {
            return segment.replace(".", "%2E");
        }
        byte[] bytes = segment.getBytes(StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder(bytes.length * 3);
        for (byte b : bytes) {
            int c = b & 0xff;
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~') {
                out.append((char) c);
            } else {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
            }
        }
        return out.toString();
    }
}
