package dev.userlookup.model.redaction;

/**
 * The team key. Its {@code toString} is {@code ***}, so it cannot reach a message by accident;
 * {@link #redact} takes it out of any text that came from elsewhere (an exception's message, a
 * body the service echoed).
 */
public final class ApiKey {

    private final String value;
    private final KeySpellings spellings;

    private ApiKey(String value) {
        this.value = value;
        this.spellings = new KeySpellings(value);
    }

    /** Shorter than this is not a key the service issued: a typo, a placeholder, a truncated paste. */
    public static final int MIN_LENGTH = 8;

    /**
     * A key as read from a file, stdin or the environment: surrounding white space (the file's
     * final newline) is dropped; anything else that is a control character is refused, since a
     * CR or LF in a header value is a header injection. A key shorter than {@value #MIN_LENGTH}
     * characters is refused too: no key the service issues is, and text that short could not be
     * taken out of what is shown without taking ordinary words with it.
     *
     * @param origin where the key came from, for the error message (never the key itself)
     */
    public static ApiKey of(String raw, String origin) {
        String key = raw == null ? "" : raw.strip();
        if (key.isEmpty()) {
            throw new IllegalArgumentException("the API key from " + origin + " is empty");
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f)) {
                throw new IllegalArgumentException("the API key from " + origin
                        + " contains a control character (line break or similar); it cannot go into a header");
            }
            if (c > 0xff) {
                throw new IllegalArgumentException("the API key from " + origin
                        + " contains a character that cannot go into an HTTP header");
            }
        }
        if (key.length() < MIN_LENGTH) {
            throw new IllegalArgumentException("the API key from " + origin + " has " + key.length()
                    + " characters: too short to be one the service issued (" + MIN_LENGTH + " or more)");
        }
        return new ApiKey(key);
    }

    /** The key itself, for the request header only. */
    public String value() {
        return value;
    }

    /** How many characters the key has: doctor shows this, never the key or any part of it. */
    public int length() {
        return value.length();
    }

    /**
     * The text with the key replaced by {@code ***} wherever it occurs, in every spelling the
     * service could send it back ({@link KeySpellings}): as sent, percent-encoded, JSON-escaped.
     */
    public String redact(String text) {
        return text == null ? null : spellings.replaced(text);
    }

    KeySpellings spellings() {
        return spellings;
    }

    @Override
    public String toString() {
        return "***";
    }
}
