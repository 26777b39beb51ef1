package dev.userlookup.console;

/** A terminal whose answers a test sets. */
public record FixedTerminal(boolean stdoutIsTerminal, boolean stderrIsTerminal, int width) implements TestTerminal {
}
