package dev.userlookup.commands.help;

/**
 * The root command's footer: one line naming the help topics (from {@link HelpTopics}, so it
 * cannot name one that is not there) and a few examples. The environment, the config file and
 * the exit statuses are topics of their own: root help stays one screen.
 */
public final class RootFooter {

    private RootFooter() {
    }

    /** The footer's lines, after a blank line; the topics on one line at 80 columns. */
    public static String[] lines() {
        return new String[] {
            "userlookup help TOPIC: " + String.join(", ", HelpTopics.names()) + ".",
            "",
            "Examples:",
            "  userlookup resolve customer-000042",
            "  userlookup find 138adbbd-c5e6-36c4-aff7-48390b9f91da",
            "  userlookup --profile sandbox list --count",
            "  userlookup list --all -o csv > users.csv",
            "  userlookup help list",
        };
    }
}
