package dev.userlookup.output.table;

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
        return rows.stream().map(cells -> pick(cells, indexes)).toList();
    }
}
