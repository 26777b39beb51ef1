package dev.userlookup.model;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Which field of a connected source describes the source: {@code provider}, the service's current
 * name for it, unless that is absent or null; then {@code source}, the deprecated name that the
 * service still sends and older services send alone. The shape check (with the row fields it
 * reads on the way) and the typed reading ask here, so they cannot disagree about which one counts.
 */
public final class SourceField {

    public static final String PROVIDER = "provider";
    public static final String DEPRECATED_SOURCE = "source";

    private SourceField() {
    }

    /**
     * On tokens: whether the value of the last {@code provider} field (its first token; null when
     * there was none) counts as sent. Unless it is missing or null it does, and a wrong type then
     * is an error, not a fallback.
     */
    static boolean sent(JsonToken provider) {
        return provider != null && provider != JsonToken.VALUE_NULL;
    }

    /** The same choice for the two values the typed reading took out of a connected source. */
    static JsonNode choose(JsonNode provider, JsonNode source) {
        return objectOrNull(sent(provider) ? provider : source);
    }

    /** The same rule on a tree: a node's first token is what the tokens' rule looks at. */
    private static boolean sent(JsonNode provider) {
        return provider != null && !provider.isMissingNode() && sent(provider.asToken());
    }

    private static JsonNode objectOrNull(JsonNode value) {
        return value != null && value.isObject() ? value : null;
    }
}
