package dev.userlookup.console;

/** Asked lazily: a run with {@code -o json} into a pipe never pays for the native look-up. */
public interface Terminal {

    boolean stdoutIsTerminal();

    boolean stderrIsTerminal();

    /** 0 when unknown. */
    int width();

    /** 0 when unknown: then nothing is paged. */
    default int height() {
        return 0;
    }

    default int stderrWidth() {
        return stderrIsTerminal() ? width() : 0;
    }

    default boolean stdinIsTerminal() {
        return false;
    }

    /** A key typed at a prompt must not stay on the screen. */
    default EchoOff echoOff() {
        return () -> { };
    }

    /** Closing never fails. */
    interface EchoOff extends AutoCloseable {
        @Override
        void close();
    }
}
