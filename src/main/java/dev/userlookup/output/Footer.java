package dev.userlookup.output;

import dev.userlookup.console.DisplayWidth;
import dev.userlookup.console.LineFit;
import java.util.ArrayList;
import java.util.List;

/** Fitted so that a terminal never wraps a phrase; {@code command} (may be null) is one to paste. */
public record Footer(List<String> phrases, String label, ShellCommand command) {

    public Footer {
        phrases = List.copyOf(phrases);
    }

    static Footer of(String... phrases) {
        return new Footer(List.of(phrases), null, null);
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
