package dev.userlookup.service;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Percent-encoding of one path segment (RFC 3986), whatever it holds. */
public final class PathSegment {

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
        // A form's encoding, but for three characters: a space is %20 in a path, * is not unreserved, ~ is.
        return URLEncoder.encode(segment, StandardCharsets.UTF_8)
                .replace("+", "%20").replace("*", "%2A").replace("%7E", "~");
    }
}
