package dev.userlookup.console;

import java.io.IOException;

/** Standard output failed for another reason than its reader leaving: exit 1, said. */
public final class OutputFailedException extends IOException {
    private static final long serialVersionUID = 1L;

    OutputFailedException(IOException cause) {
        super("writing output: " + cause.getMessage(), cause);
    }
}
