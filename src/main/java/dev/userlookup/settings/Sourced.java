package dev.userlookup.settings;

import java.nio.file.Path;

/**
 * A setting's value and where it came from, named as a person would name it, e.g. {@code environment
 * USERLOOKUP_API_KEY}. The value may be null where the setting is optional.
 */
public record Sourced<T>(T value, Kind kind, String origin) {

    /**
     * In the order they win, as a rule: an option beats its environment variable, which beats the
     * config file; a profile named by the --profile option beats the environment, though.
     */
    public enum Kind { OPTION, ENVIRONMENT, CONFIG, DEFAULT }

    static <T> Sourced<T> byDefault(T value) {
        return new Sourced<>(value, Kind.DEFAULT, "default");
    }

    static <T> Sourced<T> option(T value, String name) {
        return new Sourced<>(value, Kind.OPTION, "option " + name);
    }

    static <T> Sourced<T> environment(T value, String variable) {
        return new Sourced<>(value, Kind.ENVIRONMENT, "environment " + variable);
    }

    static <T> Sourced<T> config(T value, String profile, Path file) {
        return new Sourced<>(value, Kind.CONFIG, (profile == null ? "default_profile" : "profile " + profile) + " in " + file);
    }

    /** Another value from the same place. */
    <U> Sourced<U> with(U other) {
        return new Sourced<>(other, kind, origin);
    }
}
