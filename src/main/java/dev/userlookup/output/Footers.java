package dev.userlookup.output;

import dev.userlookup.model.UserPage;
import dev.userlookup.console.Counts;
import java.util.List;

/** Commands always pass one; only the table on a terminal shows it. */
public final class Footers {

    private Footers() {
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
}
