package dev.userlookup.settings;

import java.util.Locale;

/** {@code -o, --output FMT}. */
public enum OutputFormat {
    TABLE, JSON, NDJSON, CSV;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static OutputFormat parse(String text) {
        for (OutputFormat format : values()) {
            if (format.id().equalsIgnoreCase(text.trim())) {
                return format;
            }
        }
        StringBuilder names = new StringBuilder();
        for (OutputFormat format : values()) {
            names.append(names.length() == 0 ? "" : ", ").append(format.id());
        }
        throw new IllegalArgumentException("expected one of " + names + " but was '" + text + "'");
    }
}
