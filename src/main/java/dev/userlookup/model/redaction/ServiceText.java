package dev.userlookup.model.redaction;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Text from outside the tool that a message quotes, with the key taken out: the service's (an
 * error's detail, a page's title, the start of a body that is not JSON, a parser's words about a
 * body, a value inside a user that a failure quotes), and a key command's words on its failure.
 * The only ways to make one take the key out first, of the whole text or of the bytes before any
 * of them are left behind; so cutting one short afterwards, as messages must, can never leave
 * part of the key. Cuts are made here alone ({@link #cut}, {@link #firstLine}); what shortens the
 * service's text for a message ({@code ResponseParser.firstLine}, {@code Question.notIso}) takes
 * only a ServiceText.
 */
public final class ServiceText {

    private final String text;

    private ServiceText(String text) {
        this.text = text;
    }

    /** The text with every whole occurrence of the key, in any of its spellings, taken out; null for null. */
    public static ServiceText of(String raw, ApiKey key) {
        return raw == null ? null : new ServiceText(key == null ? raw : key.redact(raw));
    }

    /**
     * At most {@code maxBytes} bytes of the body from its start, decoded as UTF-8, the key taken out
     * of the bytes first, in any of its spellings: every occurrence that begins before the point
     * where the bytes are left is replaced whole.
     */
    public static ServiceText decode(byte[] body, int maxBytes, ApiKey key) {
        byte[] kept = keyFree(body, maxBytes, key);
        return of(new String(kept, StandardCharsets.UTF_8), key);
    }

    /** Whether the body holds the key, in any of its spellings ({@link KeySpellings}). */
    public static boolean contains(byte[] body, ApiKey key) {
        return key != null && key.spellings().foundIn(body);
    }

    /** The body with every occurrence of the key, in any of its spellings, replaced by {@code ***}. */
    public static byte[] keyFree(byte[] body, ApiKey key) {
        return keyFree(body, body.length, key);
    }

    /**
     * At most {@code maxBytes} bytes from the start: every occurrence of the key that begins
     * before the point where the bytes are left is replaced whole, so none of it is left there.
     */
    private static byte[] keyFree(byte[] body, int maxBytes, ApiKey key) {
        if (key == null) {
            return Arrays.copyOf(body, Math.min(body.length, maxBytes));
        }
        byte[] kept = key.spellings().replaced(body, maxBytes);
        return kept.length > maxBytes ? Arrays.copyOf(kept, maxBytes) : kept;
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
