package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.userlookup.console.Io;
import dev.userlookup.console.FixedTerminal;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run builds picocli's model of the root and of the one command it names; help, completion and
 * arguments that name no command for certain build every command, so that what they print is the same.
 */
class CommandModelTest {

    static final List<String> EVERY = List.of("resolve", "find", "list", "doctor", "profiles", "help", "completion");

    private static List<String> built(String... args) {
        Io io = new Io(new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream(),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), Map.of(), new FixedTerminal(false, false, 0));
        Factory factory = new Factory(io, SignalStop.NONE, null, null);
        return List.copyOf(App.commandLine(factory, App.reporter(factory), args).getSubcommands().keySet());
    }

    @Test
    void aRunBuildsOnlyTheCommandItNamesAfterTheGlobalOptions() {
        assertEquals(List.of("resolve"), built("resolve", "x"));
        assertEquals(List.of("list"), built("--profile", "sandbox", "-o", "json", "-v", "--allow-insecure-http", "list", "--all"));
        assertEquals(List.of("find"), built("--base-url=https://service.example.test", "--timeout", "2", "find", "x"));
        assertEquals(List.of("doctor"), built("doctor", "--help"));
        assertEquals(List.of("profiles"), built("profiles", "-o", "json"));
        assertEquals(List.of("resolve"), built("resolve", "--", "list"));
    }

    @ParameterizedTest(name = "[{0}]")
    @ValueSource(strings = {"", "--help", "-h resolve x", "-V resolve", "help", "help resolve", "completion bash", "reslove x",
        "x resolve", "--bogus resolve x", "--profile list resolve x", "--profile=list resolve x", "--profile -v resolve x",
        "--profile", "-- resolve x", "@args resolve x", "--profile @name resolve x", "-ojson resolve x", "-vo json resolve x",
        "--verbose=true resolve x"})
    void helpCompletionAndArgumentsThatNameNoCommandForCertainBuildEveryCommand(String words) {
        assertEquals(EVERY, built(words.isEmpty() ? new String[0] : words.split(" ")));
    }

    /** {@code help NAME} builds every command; {@code NAME --help} only its own: the same page, its option column too. */
    @ParameterizedTest(name = "width {0}")
    @ValueSource(ints = {0, 55, 80, 200})
    void aCommandsHelpIsTheSameWhicheverCommandsTheRunBuilt(int width) {
        Cli cli = Cli.bare().env("NO_COLOR", "1").env("USERLOOKUP_PAGER", "").terminal(width > 0, width);
        for (String command : EVERY) {
            Cli.Result alone = cli.run(command, "--help");
            assertEquals(0, alone.exit(), alone::toString);
            assertEquals(cli.run("help", command).out(), alone.out(), command);
        }
    }
}
