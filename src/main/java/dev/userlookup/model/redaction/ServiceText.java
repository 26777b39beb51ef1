package dev.userlookup.model.redaction;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Text the service sent (an error's detail, a page's title, the start of a body that is not JSON,
 * a parser's words about a body, a value inside a user that a failure quotes), with the key taken
 * out. The only ways to make one take the key out first, of the whole text or of the bytes before
 * any of them are left behind; so cutting one short afterwards, as messages must, can never leave
 * part of the key. Cuts are made here alone ({@link #cut}, {@link #firstLine}); what shortens the
 * service's text for a message ({@code ResponseParser.firstLine}, {@code Reading.notIso}) takes
 * only a ServiceText.
 */
public final class ServiceText {

    private final String text;

    private ServiceText(String text) {
        this.text = text;
    }

    /** The text with every whole occurrence of the key taken out; null for null. */
    public static ServiceText of(String raw, ApiKey key) {
        return raw == null ? null : new ServiceText(key == null ? raw : key.redact(raw));
    }

    /**
     * At most {@code maxBytes} bytes of the body from its start, decoded as UTF-8, the key taken out
     * of the bytes first: every occurrence that begins before the point where the bytes are left is
     * replaced whole.
     */
    public static ServiceText decode(byte[] body, int maxBytes, ApiKey key) {
        byte[] kept = keyFree(body, maxBytes, key);
        return of(new String(kept, StandardCharsets.UTF_8), key);
    }

    /** Whether the body holds the key, as UTF-8 bytes. */
    public static boolean contains(byte[] body, ApiKey key) {
        byte[] needle = needle(key);
        if (needle == null) {
            return false;
        }
        int[] fallback = fallback(needle);
        int matched = 0;
        for (byte b : body) {
            matched = step(needle, fallback, matched, b);
            if (matched == needle.length) {
                return true;
            }
        }
        return false;
    }

    /** The body with every occurrence of the key, as UTF-8 bytes, replaced by {@code ***}. */
    public static byte[] keyFree(byte[] body, ApiKey key) {
        return keyFree(body, Integer.MAX_VALUE, key);
    }

    /**
     * One pass (Knuth-Morris-Pratt, so a hostile body costs no more than its length): bytes that
     * may still begin the key are held back until they turn out not to, and the pass stops once
     * {@code maxBytes} are out, so bytes held back then, the start of a key cut short, are left.
     */
    private static byte[] keyFree(byte[] body, int maxBytes, ApiKey key) {
        byte[] needle = needle(key);
        if (needle == null) {
            return Arrays.copyOf(body, Math.min(body.length, maxBytes));
        }
        int[] fallback = fallback(needle);
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(body.length, Math.min(maxBytes, 1 << 16)));
        int held = 0;
        for (int i = 0; i < body.length && out.size() < maxBytes; i++) {
            byte b = body[i];
            while (held > 0 && needle[held] != b) {
                int shorter = fallback[held - 1];
                // The bytes that no longer begin the key go out: the first (held - shorter) of it.
                out.write(needle, 0, held - shorter);
                held = shorter;
            }
            if (needle[held] == b) {
                held++;
                if (held == needle.length) {
                    out.write('*');
                    out.write('*');
                    out.write('*');
                    held = 0;
                }
            } else {
                out.write(b);
            }
        }
        if (out.size() < maxBytes) {
            out.write(needle, 0, held);
        }
        byte[] kept = out.toByteArray();
        return kept.length > maxBytes ? Arrays.copyOf(kept, maxBytes) : kept;
    }

    private static int step(byte[] needle, int[] fallback, int matched, byte b) {
        int at = matched == needle.length ? fallback[matched - 1] : matched;
        while (at > 0 && needle[at] != b) {
            at = fallback[at - 1];
        }
        return needle[at] == b ? at + 1 : 0;
    }

    /** For each prefix of the needle, the longest proper prefix that is also its suffix. */
    private static int[] fallback(byte[] needle) {
        int[] fallback = new int[needle.length];
        for (int i = 1, k = 0; i < needle.length; i++) {
            while (k > 0 && needle[i] != needle[k]) {
                k = fallback[k - 1];
            }
            if (needle[i] == needle[k]) {
                k++;
            }
            fallback[i] = k;
        }
        return fallback;
    }

    private static byte[] needle(ApiKey key) {
        // ApiKey.redact leaves keys of under 4 characters alone: they would take out ordinary words.
        if (key == null || key.length() < 4) {
            return null;
        }
        return key.value().getBytes(StandardCharsets.UTF_8);
    }

    /** Up to the first line break. */
    public ServiceText firstLine() {
        int newline = text.indexOf('\n');
        return newline < 0 ? this : new ServiceText(text.substring(0, newline));
    }

    public ServiceText strip() {
        return new ServiceText(text.strip());
    }

    /** At most {@code max} characters, then {@code …}; a surrogate pair is never split. */
    public ServiceText cut(int max) {
        if (text.length() <= max) {
            return this;
        }
        int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        return new ServiceText(text.substring(0, end) + "…");
    }

    boolean isEmpty() {
        return text.isEmpty();
    }

    @Override
    public String toString() {
        return text;
    }
}
