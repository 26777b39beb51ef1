package dev.userlookup.commands;

import dev.userlookup.console.Io;
import dev.userlookup.console.FixedTerminal;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import picocli.CommandLine;

/** The tool's picocli model with every command in it, as help, the man page and the completions read it. */
public final class CommandModel {

    private CommandModel() {
    }

    /** With no streams or environment of its own. */
    public static CommandLine whole() {
        Io io = new Io(new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream(),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), Map.of(), new FixedTerminal(false, false, 0));
        Factory factory = new Factory(io, SignalStop.NONE, null, null);
        return App.commandLine(factory, App.reporter(factory));
    }
}
