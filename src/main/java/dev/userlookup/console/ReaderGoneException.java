package dev.userlookup.console;

import java.io.IOException;

/**
 * Standard output can no longer be written: its reader went away ({@code | head}). Not an error
 * for the user: the work stops at once and the tool exits 0 without a word.
 */
public final class ReaderGoneException extends IOException {

    private static final long serialVersionUID = 1L;

    ReaderGoneException(IOException cause) {
        super("standard output was closed", cause);
    }
}
