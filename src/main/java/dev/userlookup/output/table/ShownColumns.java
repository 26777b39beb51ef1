package dev.userlookup.output.table;

import java.util.ArrayList;
import java.util.List;

record ShownColumns(int[] shown, TableLayout layout) {

    String header() {
        return layout.header();
    }

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
