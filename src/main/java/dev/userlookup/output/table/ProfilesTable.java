package dev.userlookup.output.table;

import dev.userlookup.settings.ProfileListing;
import dev.userlookup.console.LineFit;
import dev.userlookup.console.SafeText;
import java.util.List;

/**
 * The key's source is cut in the middle, so a key file keeps its name. The config is the user's
 * own text, but it reaches the terminal escaped all the same.
 */
public final class ProfilesTable {

    private static final List<TableLayout.Column> COLUMNS = List.of(
            TableLayout.Column.whole(" "),
            new TableLayout.Column("NAME", 8, 3),
            new TableLayout.Column("BASE URL", 12, 2),
            TableLayout.Column.cutInTheMiddle("KEY FROM", 8, 1));

    private ProfilesTable() {
    }

    public static String render(ProfileListing listing, int width) {
        StringBuilder out = new StringBuilder();
        String config = SafeText.escape(listing.configFile().toString());
        if (!listing.present()) {
            line(out, "No config file: profiles would be read from " + config + "; 'userlookup --help' shows its form", width);
            return out.toString();
        }
        line(out, "Profiles in " + config + (listing.profiles().isEmpty() ? ": none" : ":"), width);
        if (!listing.profiles().isEmpty()) {
            List<String[]> rows = listing.profiles().stream()
                    .map(entry -> new String[] {entry.isDefault() ? "*" : "", SafeText.escape(entry.name()), baseUrl(entry), keyFrom(entry)})
                    .toList();
            TableLayout layout = TableLayout.fit(COLUMNS, rows, width);
            out.append(layout.header().stripTrailing()).append('\n');
            for (String[] row : rows) {
                for (String line : layout.lines(row)) {
                    out.append(line).append('\n');
                }
            }
        }
        for (ProfileListing.Entry entry : listing.profiles()) {
            if (entry.refused() != null) {
                line(out, "profile " + SafeText.escape(entry.name()) + ": " + SafeText.escape(entry.refused()), width);
            }
        }
        if (listing.defaultMissing()) {
            line(out, "default_profile '" + SafeText.escape(listing.defaultProfile()) + "' names no profile of the file", width);
        } else if (listing.defaultProfile() != null) {
            line(out, "* default_profile: used when neither --profile nor USERLOOKUP_PROFILE names one", width);
        }
        return out.toString();
    }

    /** Marked first, so that a cut at the column's end leaves the mark. */
    private static String baseUrl(ProfileListing.Entry entry) {
        if (entry.baseUrl() == null) {
            return "none";
        }
        return (entry.refused() == null ? "" : "refused: ") + SafeText.escape(entry.baseUrl());
    }

    private static String keyFrom(ProfileListing.Entry entry) {
        if (entry.keyFrom() == null) {
            return "none";
        }
        return (entry.keyFrom() == ProfileListing.KeyFrom.FILE ? "file " : "command ") + SafeText.escape(entry.keySource());
    }

    private static void line(StringBuilder out, String text, int width) {
        for (String fitted : LineFit.wrap(text, width, "  ")) {
            out.append(fitted).append('\n');
        }
    }
}
