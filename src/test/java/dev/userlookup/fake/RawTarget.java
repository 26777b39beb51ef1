package dev.userlookup.fake;

import java.io.ByteArrayOutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A request target as the client sent it, still percent-encoded. The fake decodes it itself so
 * that an encoded {@code /} ({@code %2F}) stays inside its path segment instead of splitting it.
 */
record RawTarget(String path, String query) {

    static RawTarget parse(String url) {
        int q = url.indexOf('?');
        return q < 0 ? new RawTarget(url, "") : new RawTarget(url.substring(0, q), url.substring(q + 1));
    }

    /** Query parameters, decoded as a form (so {@code +} is a space); the last of a repeated name wins. */
    Map<String, String> queryParameters() {
        Map<String, String> parameters = new LinkedHashMap<>();
        if (query.isEmpty()) {
            return parameters;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            parameters.put(formDecode(name), formDecode(value));
        }
        return parameters;
    }

    /**
     * Decodes one path segment: {@code %XX} to its byte, the bytes read as UTF-8. Unlike form
     * decoding, {@code +} stays {@code +}. A malformed escape is kept as it was.
     */
    static String decodeSegment(String raw) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        int i = 0;
        while (i < raw.length()) {
            if (raw.charAt(i) == '%' && i + 2 < raw.length()
                    && isHex(raw.charAt(i + 1)) && isHex(raw.charAt(i + 2))) {
                bytes.write(Integer.parseInt(raw, i + 1, i + 3, 16));
                i += 3;
            } else {
                int end = raw.indexOf('%', i + 1);
                end = end < 0 ? raw.length() : end;
                bytes.writeBytes(raw.substring(i, end).getBytes(StandardCharsets.UTF_8));
                i = end;
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private static String formDecode(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            return text;
        }
    }
}
