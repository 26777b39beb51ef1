package dev.userlookup.model;

import java.util.UUID;

/**
 * Held as its 128 bits so that case does not matter ({@code 138ADBBD-...} from a log is the
 * service's {@code 138adbbd-...}). The one place the tool decides what looks like a user_id.
 */
public record UserId(long high, long low) implements Comparable<UserId> {

    public static UserId parse(String text) {
        if (!looksLikeOne(text)) {
            return null;
        }
        UUID uuid = UUID.fromString(text);
        return new UserId(uuid.getMostSignificantBits(), uuid.getLeastSignificantBits());
    }

    public static boolean looksLikeOne(String text) {
        if (text == null || text.length() != 36) {
            return false;
        }
        for (int i = 0; i < 36; i++) {
            // ASCII only: Character.digit also accepts other scripts' digits, which UUID.fromString
            // would read as the ASCII UUID they resemble.
            char c = text.charAt(i);
            boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
            boolean hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            if (dash ? c != '-' : !hex) {
                return false;
            }
        }
        return true;
    }

    /** Unsigned, which is the order of the lower-case text. */
    @Override
    public int compareTo(UserId other) {
        int byHigh = Long.compareUnsigned(high, other.high);
        return byHigh != 0 ? byHigh : Long.compareUnsigned(low, other.low);
    }

    /** Lower case, as the service writes it. */
    @Override
    public String toString() {
        return new UUID(high, low).toString();
    }
}
