package dev.userlookup.model.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * Passes over a value whose content the shape does not look at (an unknown field, or one already
 * found wrong), holding it to what any value must be: JSON within the parser's bounds, and no
 * number that a reader cannot hold. A decimal whose exponent is out of BigDecimal's range
 * ({@code 1E+2147483648}) is valid JSON text that Jackson's tree, and so most readers downstream,
 * fail on: it is refused, as when every body was read as a tree.
 */
public final class AnyValue {

    private AnyValue() {
    }

    /** @param token the value's first token, the parser at it; afterwards the parser is at its last */
    public static void pass(JsonParser parser, JsonToken token) throws IOException {
        if (token == JsonToken.VALUE_NUMBER_FLOAT) {
            requireUsable(parser);
            return;
        }
        if (!token.isStructStart()) {
            return;
        }
        int depth = 1;
        while (depth > 0) {
            JsonToken next = parser.nextToken();
            if (next.isStructStart()) {
                depth++;
            } else if (next.isStructEnd()) {
                depth--;
            } else if (next == JsonToken.VALUE_NUMBER_FLOAT) {
                requireUsable(parser);
            }
        }
    }

    /** Only an exponent can take a decimal of at most the allowed digits out of range: only those are read. */
    private static void requireUsable(JsonParser parser) throws IOException {
        char[] text = parser.getTextCharacters();
        int end = parser.getTextOffset() + parser.getTextLength();
        for (int i = parser.getTextOffset(); i < end; i++) {
            if (text[i] == 'e' || text[i] == 'E') {
                parser.getDecimalValue(); // NumberFormatException when out of range
                return;
            }
        }
    }
}
