package dev.userlookup.console;

/**
 * What the tool knows about the terminal it runs in. Asked lazily: a run with {@code -o json}
 * into a pipe never pays for the native look-up.
 */
public interface Terminal {

    /** Whether standard output is a terminal (not a pipe or a file). */
    boolean stdoutIsTerminal();

    /** Whether standard error is a terminal: decides progress output. */
    boolean stderrIsTerminal();

    /** Columns of the terminal on standard output, or 0 when unknown. */
    int width();

    /** Rows of the terminal on standard output, or 0 when unknown (then nothing is paged). */
    default int height() {
        return 0;
    }

    /** Columns of the terminal on standard error, or 0 when it is not one. */
    default int stderrWidth() {
        return stderrIsTerminal() ? width() : 0;
    }

    /** Whether standard input is a terminal: a person typing, not a pipe or a file. */
    default boolean stdinIsTerminal() {
        return false;
    }

    /**
     * Stops the terminal on standard input echoing what is typed, until the returned handle is
     * closed: a key typed at a prompt must not stay on the screen.
     */
    default EchoOff echoOff() {
        return () -> { };
    }

    /** Restores echo on close; closing never fails. */
    interface EchoOff extends AutoCloseable {
        @Override
        void close();
    }

    /** A fixed terminal, for tests and for callers that already know. */
    static Terminal fixed(boolean stdoutIsTerminal, boolean stderrIsTerminal, int width) {
        return new Terminal() {
            @Override public boolean stdoutIsTerminal() { return stdoutIsTerminal; }
            @Override public boolean stderrIsTerminal() { return stderrIsTerminal; }
            @Override public int width() { return width; }
        };
    }
}
