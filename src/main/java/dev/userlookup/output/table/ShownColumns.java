package dev.userlookup.output.table;

import java.util.ArrayList;
import java.util.List;

/**
 * A list table's columns, fitted ({@link ListColumns}, {@link ChosenColumns}): which of a user's
 * cells it shows, in order, and their layout.
 */
record ShownColumns(int[] shown, TableLayout layout) {

    String header() {
        return layout.header();
    }

    /** The user's row: one line, or more where an id is longer than its column. */
    String line(String[] cells) {
        return String.join("\n", layout.lines(pick(cells, shown)));
    }

    static String[] pick(String[] cells, int[] indexes) {
        String[] picked = new String[indexes.length];
        for (int i = 0; i < indexes.length; i++) {
            picked[i] = cells[indexes[i]];
        }
        return picked;
    }

    static List<String[]> pick(List<String[]> rows, int[] indexes) {
        List<String[]> picked = new ArrayList<>(rows.size());
        for (String[] cells : rows) {
            picked.add(pick(cells, indexes));
        }
        return picked;
    }
}
