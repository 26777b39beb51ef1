package dev.userlookup.settings;

import java.nio.file.Path;
import java.util.Objects;

/** Named as a person would name it, e.g. {@code environment USERLOOKUP_API_KEY}. */
public record Origin(Kind kind, String description) {

    /**
     * In the order they win, as a rule: an option beats its environment variable, which beats the
     * config file; a profile named by the --profile option beats the environment, though.
     */
    public enum Kind { OPTION, ENVIRONMENT, CONFIG, DEFAULT }

    public static final Origin DEFAULT = new Origin(Kind.DEFAULT, "default");

    public Origin {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(description, "description");
    }

    public static Origin option(String name) {
        return new Origin(Kind.OPTION, "option " + name);
    }

    public static Origin environment(String variable) {
        return new Origin(Kind.ENVIRONMENT, "environment " + variable);
    }

    public static Origin config(String profile, Path file) {
        return new Origin(Kind.CONFIG, (profile == null ? "default_profile" : "profile " + profile) + " in " + file);
    }

    /** Names {@code api_key_command}, not the command itself, which may carry a secret of its own. */
    public static Origin profileKey(String profile, String source, Path file) {
        return new Origin(Kind.CONFIG, "profile " + profile + "'s " + source + ", in " + file);
    }

    @Override
    public String toString() {
        return description;
    }
}
