package dev.userlookup.console;

/** The few ANSI styles table output uses; empty strings when colour is off. */
public final class Style {

    private static final String ESC = "\u001b[";

    private final boolean enabled;

    public Style(boolean enabled) {
        this.enabled = enabled;
    }

    public String bold(String text) {
        return wrap("1", text);
    }

    public String dim(String text) {
        return wrap("2", text);
    }

    private String wrap(String code, String text) {
        if (!enabled || text.isEmpty()) {
            return text;
        }
        return ESC + code + "m" + text + ESC + "0m";
    }
}
