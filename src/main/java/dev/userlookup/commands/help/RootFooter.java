package dev.userlookup.commands.help;

import java.util.ArrayList;
import java.util.List;

/**
 * The root command's footer: one line naming the help topics (from {@link HelpTopics}, so it
 * cannot name one that is not there) and a few examples. The environment, the config file and
 * the exit statuses are topics of their own: root help stays one screen.
 */
public final class RootFooter {

    static final List<String> EXAMPLES = List.of(
            "Examples:",
            "  userlookup resolve customer-000042",
            "  userlookup find 138adbbd-c5e6-36c4-aff7-48390b9f91da",
            "  userlookup --profile sandbox list --count",
            "  userlookup list --all -o csv > users.csv",
            "  userlookup help list");

    private RootFooter() {
    }

    /** The footer's lines, after a blank line. */
    public static String[] lines() {
        List<String> lines = new ArrayList<>();
        lines.add(topicsLine());
        lines.add("");
        lines.addAll(EXAMPLES);
        return lines.toArray(String[]::new);
    }

    /** {@code userlookup help TOPIC: environment, config, ...}: one line at 80 columns. */
    static String topicsLine() {
        return "userlookup help TOPIC: " + String.join(", ", HelpTopics.names()) + ".";
    }
}
