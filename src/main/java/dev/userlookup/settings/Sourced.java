package dev.userlookup.settings;

import java.util.Objects;

/** A setting's value and where it came from. The value may be null where the setting is optional. */
public record Sourced<T>(T value, Origin origin) {

    public Sourced {
        Objects.requireNonNull(origin, "origin");
    }
}
