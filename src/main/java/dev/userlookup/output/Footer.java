package dev.userlookup.output;

import dev.userlookup.console.LineFit;
import java.util.List;

/**
 * A footer for people: phrases that share a line while they fit, and otherwise each take their
 * own, so a terminal never wraps one ({@link LineFit#phrases}). A command to copy
 * ({@code Next page: userlookup list ...}) is one phrase and is never broken, only moved under its
 * label if need be.
 */
public record Footer(List<String> phrases) {

    public Footer {
        phrases = List.copyOf(phrases);
    }

    static Footer of(String... phrases) {
        return new Footer(List.of(phrases));
    }

    /** The lines at {@code width} columns (0: one line). */
    public List<String> lines(int width) {
        return LineFit.phrases(phrases, width);
    }

    @Override
    public String toString() {
        return String.join(" ", phrases);
    }
}
