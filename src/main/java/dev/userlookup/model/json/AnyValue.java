package dev.userlookup.model.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/** Even a value the shape does not look at must hold no number a reader cannot hold. */
public final class AnyValue {

    /**
     * The fewest characters a number needs to leave a double's range without an exponent: 309
     * digits reach 1e308, and a fraction needs more to come nearer zero than 4.9e-324.
     */
    private static final int SHORTEST_OUT_OF_RANGE = 309;
    /** A scale of 10^9 and a thousand digits still fits BigDecimal's int, on any JDK. */
    private static final int EXPONENT_DIGITS = 9;

    private AnyValue() {
    }

    /** From the value's first token to its last. */
    public static void pass(JsonParser parser, JsonToken token) throws IOException {
        if (token.isNumeric()) {
            requireHeld(parser);
            return;
        }
        if (!token.isStructStart()) {
            return;
        }
        int depth = 0;
        JsonToken next = token;
        do {
            switch (next) {
                case START_OBJECT, START_ARRAY -> depth++;
                case END_OBJECT, END_ARRAY -> depth--;
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> requireHeld(parser);
                default -> {
                }
            }
        } while (depth > 0 && (next = parser.nextToken()) != null);
    }

    /**
     * A number at the parser that a double holds: not beyond 1.8e308 (a double reads it as
     * infinity: jq 1.6 prints 1.7976931348623157e+308, JavaScript Infinity, and arithmetic on it
     * in {@code --jq} gives Infinity) and, unless it is zero, not nearer zero than 4.9e-324 (read
     * as 0); and an exponent of at most nine digits, which Java's BigDecimal, Jackson's trees and
     * so {@code --jq} hold on every JDK (JDK 25 reads 1E+2147483648, which JDK 17 refuses). The
     * rule is the tool's, not a JDK's. Only a number with an exponent or of 309 characters or
     * more can break it, so only those are read.
     */
    private static void requireHeld(JsonParser parser) throws IOException {
        char[] text = parser.getTextCharacters();
        int from = parser.getTextOffset();
        int end = from + parser.getTextLength();
        int exponent = end;
        for (int i = from; i < end; i++) {
            if (text[i] == 'e' || text[i] == 'E') {
                exponent = i;
                break;
            }
        }
        if (exponent == end && end - from < SHORTEST_OUT_OF_RANGE) {
            return;
        }
        int digits = exponent + 1;
        if (digits < end && (text[digits] == '+' || text[digits] == '-')) {
            digits++;
        }
        while (digits < end && text[digits] == '0') {
            digits++;
        }
        if (end - digits > EXPONENT_DIGITS) {
            throw new NumberFormatException("an exponent of more than " + EXPONENT_DIGITS + " digits");
        }
        double value = Double.parseDouble(new String(text, from, end - from));
        if (Double.isInfinite(value)) {
            throw new NumberFormatException("beyond a double's range");
        }
        if (value == 0 && !zero(text, from, exponent)) {
            throw new NumberFormatException("nearer zero than a double holds");
        }
    }

    private static boolean zero(char[] text, int from, int end) {
        for (int i = from; i < end; i++) {
            if (text[i] >= '1' && text[i] <= '9') {
                return false;
            }
        }
        return true;
    }
}
