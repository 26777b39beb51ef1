package dev.userlookup.console;

import java.util.Map;

/**
 * Which pager, if any, takes output taller than the screen: {@code $USERLOOKUP_PAGER}, else
 * {@code $PAGER}, else {@code less -FRX} (quit if one screen, keep colours, leave the text on the
 * screen), as git and gh choose. A variable set to the empty string turns paging off.
 */
public final class Pager {

    static final String DEFAULT = "less -FRX";

    private Pager() {
    }

    /** The shell command of the pager, or null for none. */
    public static String command(Map<String, String> env) {
        for (String variable : new String[] {"USERLOOKUP_PAGER", "PAGER"}) {
            String value = env.get(variable);
            if (value != null) {
                return value.isBlank() ? null : value;
            }
        }
        return DEFAULT;
    }
}
