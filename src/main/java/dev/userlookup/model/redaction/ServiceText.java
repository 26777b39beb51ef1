package dev.userlookup.model.redaction;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Outside text a message quotes (the service's, a key command's). Every way to make one takes the
 * key out first, of the whole text or of the bytes before any are left behind, so cutting it
 * short afterwards, as messages must, can never leave part of the key.
 */
public final class ServiceText {

    private final String text;

    private ServiceText(String text) {
        this.text = text;
    }

    public static ServiceText of(String raw, ApiKey key) {
        return raw == null ? null : new ServiceText(key == null ? raw : key.redact(raw));
    }

    /** Key out of the bytes before the cut: an occurrence that begins before it is replaced whole. */
    public static ServiceText decode(byte[] body, int maxBytes, ApiKey key) {
        byte[] kept = keyFree(body, maxBytes, key);
        return of(new String(kept, StandardCharsets.UTF_8), key);
    }

    public static boolean contains(byte[] body, ApiKey key) {
        return key != null && key.spellings().foundIn(body);
    }

    public static byte[] keyFree(byte[] body, ApiKey key) {
        return keyFree(body, body.length, key);
    }

    /** An occurrence that begins before the cut is replaced whole, so no part of the key is left. */
    private static byte[] keyFree(byte[] body, int maxBytes, ApiKey key) {
        if (key == null) {
            return Arrays.copyOf(body, Math.min(body.length, maxBytes));
        }
        byte[] kept = key.spellings().replaced(body, maxBytes);
        return kept.length > maxBytes ? Arrays.copyOf(kept, maxBytes) : kept;
    }

    public ServiceText firstLine() {
        int newline = text.indexOf('\n');
        return newline < 0 ? this : new ServiceText(text.substring(0, newline));
    }

    public ServiceText strip() {
        return new ServiceText(text.strip());
    }

    /** A surrogate pair is never split. */
    public ServiceText cut(int max) {
        if (text.length() <= max) {
            return this;
        }
        int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        return new ServiceText(text.substring(0, end) + "…");
    }

    @Override
    public String toString() {
        return text;
    }
}
