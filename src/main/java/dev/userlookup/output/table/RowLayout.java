package dev.userlookup.output.table;

/** A list table's columns, fitted: its header, and a user's row in them ({@link ListColumns}, {@link ChosenColumns}). */
interface RowLayout<C> {

    String header();

    /** The user's row: one line, or more where an id is longer than its column. */
    String line(C cells);
}
