package dev.userlookup.console;

/** A terminal for tests: no height (nothing paged), stderr as wide as stdout, no typed input. */
public interface TestTerminal extends Terminal {

    @Override
    default int height() {
        return 0;
    }

    @Override
    default int stderrWidth() {
        return stderrIsTerminal() ? width() : 0;
    }

    @Override
    default boolean stdinIsTerminal() {
        return false;
    }

    @Override
    default EchoOff echoOff() {
        return () -> { };
    }
}
