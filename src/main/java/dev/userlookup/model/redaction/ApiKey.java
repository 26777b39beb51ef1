package dev.userlookup.model.redaction;

/** Its {@code toString} is {@code ***}, so the key cannot reach a message by accident. */
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
     * Control characters are refused: a CR or LF in a header value is a header injection. A short
     * key is refused too: text that short could not be taken out of what is shown without taking
     * ordinary words with it. {@code origin} names the key in messages, never the key itself.
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

    /** Every spelling the service could send the key back in ({@link KeySpellings}). */
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
