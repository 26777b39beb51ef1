package dev.userlookup.console;

import java.util.Locale;
import java.util.Map;

/** {@code --color WHEN}: whether table output carries ANSI colour. */
public enum ColorMode {
    AUTO, ALWAYS, NEVER;

    /**
     * auto: on a terminal only; off under NO_COLOR (any non-empty value, no-color.org) or
     * TERM=dumb; on under CLICOLOR_FORCE (any non-empty value but "0").
     */
    public boolean enabled(Terminal terminal, Map<String, String> env) {
        switch (this) {
            case ALWAYS:
                return true;
            case NEVER:
                return false;
            default:
                String force = env.get("CLICOLOR_FORCE");
                if (force != null && !force.isEmpty() && !force.equals("0")) {
                    return true;
                }
                String noColor = env.get("NO_COLOR");
                if (noColor != null && !noColor.isEmpty()) {
                    return false;
                }
                if ("dumb".equals(env.get("TERM"))) {
                    return false;
                }
                return terminal.stdoutIsTerminal();
        }
    }

    public static ColorMode parse(String text) {
        return valueOf(text.trim().toUpperCase(Locale.ROOT));
    }
}
