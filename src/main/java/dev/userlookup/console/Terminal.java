package dev.userlookup.console;

/** Asked lazily: a run with {@code -o json} into a pipe never pays for the native look-up. */
public interface Terminal {

    boolean stdoutIsTerminal();

    boolean stderrIsTerminal();

    /** 0 when unknown. */
    int width();

    /** 0 when unknown: then nothing is paged. */
    int height();

    int stderrWidth();

    boolean stdinIsTerminal();

    /** A key typed at a prompt must not stay on the screen. */
    EchoOff echoOff();

    /** Closing never fails. */
    interface EchoOff extends AutoCloseable {
        @Override
        void close();
    }
}
