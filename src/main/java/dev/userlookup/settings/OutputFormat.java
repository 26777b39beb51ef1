package dev.userlookup.settings;

import java.util.Locale;

/** {@code -o, --output FMT}. */
public enum OutputFormat {
    TABLE, JSON, NDJSON, CSV;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException for a name that is none of them, which the option's parser words */
    public static OutputFormat parse(String text) {
        return valueOf(text.trim().toUpperCase(Locale.ROOT));
    }
}
