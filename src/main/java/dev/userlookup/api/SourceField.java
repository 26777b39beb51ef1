package dev.userlookup.api;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Which field of a connected source describes the source: {@code provider}, the service's current
 * name for it, unless that is absent or null; then {@code source}, the deprecated name that the
 * service still sends and older services send alone. The shape check, the typed reading and every
 * view ask here, so they cannot disagree about which one counts.
 */
public final class SourceField {

    public static final String PROVIDER = "provider";
    public static final String DEPRECATED_SOURCE = "source";

    private SourceField() {
    }

    /** The name of the field that describes the connected source {@code connected} (an object). */
    static String nameIn(JsonNode connected) {
        return sent(connected.get(PROVIDER)) ? PROVIDER : DEPRECATED_SOURCE;
    }

    /**
     * The object that describes the connected source {@code connected}, or null when the field
     * chosen holds none (neither field sent, both null).
     */
    public static JsonNode in(JsonNode connected) {
        if (connected == null || !connected.isObject()) {
            return null;
        }
        return objectOrNull(connected.get(nameIn(connected)));
    }

    /** The same choice for the two values already taken out of a connected source. */
    static JsonNode choose(JsonNode provider, JsonNode source) {
        return objectOrNull(sent(provider) ? provider : source);
    }

    /** A provider counts as sent unless it is missing or null; a wrong type then is an error, not a fallback. */
    private static boolean sent(JsonNode provider) {
        return provider != null && !provider.isNull() && !provider.isMissingNode();
    }

    private static JsonNode objectOrNull(JsonNode value) {
        return value != null && value.isObject() ? value : null;
    }
}
