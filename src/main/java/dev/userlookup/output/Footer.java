package dev.userlookup.output;

import dev.userlookup.console.Counts;
import dev.userlookup.console.DisplayWidth;
import dev.userlookup.console.LineFit;
import dev.userlookup.model.UserPage;
import java.util.ArrayList;
import java.util.List;

/**
 * Commands always pass one; only the table on a terminal shows it. Fitted so that a terminal never
 * wraps a phrase; {@code command} (may be null) is one to paste.
 */
public record Footer(List<String> phrases, String label, ShellCommand command) {

    public Footer {
        phrases = List.copyOf(phrases);
    }

    static Footer of(String... phrases) {
        return new Footer(List.of(phrases), null, null);
    }

    /** After several resolved ids: "2 users; 1 not found." */
    public static Footer batch(long printed, long notFound) {
        return Footer.of(Counts.format(printed) + (printed == 1 ? " user" : " users")
                + (notFound == 0 ? "." : "; " + Counts.format(notFound) + " not found."));
    }

    /** After a walk over every page: "1,250 users." */
    public static Footer walk(long printed) {
        return Footer.of(Counts.format(printed) + " users.");
    }

    /** How to ask for the page at an offset: the command line of this run with that --offset (and --limit). */
    @FunctionalInterface
    public interface NextPage {
        ShellCommand at(long offset, int limit);
    }

    /** "Showing 51–100 of 1,250 users. Next page: userlookup list --offset 100 --limit 50" */
    public static Footer page(UserPage page, NextPage nextPage) {
        long offset = page.offset() != null ? page.offset() : 0;
        int shown = page.users().size();
        Long total = page.total();
        if (shown == 0) {
            return Footer.of("No users at offset " + Counts.format(offset)
                    + (total == null ? "." : " (" + Counts.format(total) + " in all)."));
        }
        String of = total == null ? "" : " of " + Counts.format(total);
        if (shown > Long.MAX_VALUE - offset) {
            // The service put users past offset 2^63-1, the largest there is: no offset follows them.
            return Footer.of("Showing " + Counts.format(shown) + " users at offset " + Counts.format(offset) + of + " users.",
                    "This is the last page.");
        }
        String slice = "Showing " + Counts.format(offset + 1) + "–" + Counts.format(offset + shown) + of + " users.";
        long next = offset + shown;
        if (total != null && next >= total) {
            return Footer.of(slice, "This is the last page.");
        }
        int limit = page.limit() != null && page.limit() > 0 ? page.limit() : shown;
        return new Footer(List.of(slice), "Next page:", nextPage.at(next, limit));
    }

    public List<String> lines(int width) {
        if (command == null) {
            return LineFit.continued(phrases, width, "", "");
        }
        String labelled = label + " " + command;
        List<String> all = new ArrayList<>(phrases);
        if (width <= 0 || DisplayWidth.of(labelled) <= width) {
            all.add(labelled);
            return LineFit.continued(all, width, "", "");
        }
        List<String> lines = new ArrayList<>(LineFit.continued(phrases, width, "", ""));
        lines.add(label);
        lines.addAll(command.lines(width));
        return lines;
    }
}
