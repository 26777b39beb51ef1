package dev.userlookup.commands;

import dev.userlookup.commands.options.Suggestion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A mistyped command or option names the closest one; help is for people and in one place. */
class HelpAndSuggestionsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "resolv x                | userlookup: unknown command 'resolv'; did you mean 'resolve'?",
        "lst                     | userlookup: unknown command 'lst'; did you mean 'list'?",
        "list --limt 5           | userlookup: list: unknown option '--limt'; did you mean '--limit'?",
        "list --ofset=5          | userlookup: list: unknown option '--ofset'; did you mean '--offset'?",
        "--bse-url x list        | userlookup: unknown option '--bse-url'; did you mean '--base-url'?",
        "resolve x --colr never  | userlookup: resolve: unknown option '--colr'; did you mean '--color'?",
        "list --prallel 2 --all  | userlookup: list: unknown option '--prallel'; did you mean '--parallel'?",
        "resolve x --api-key k   | userlookup: resolve: unknown option '--api-key'; did you mean '--api-key-file'?",
        "--api-key k list        | userlookup: unknown option '--api-key'; did you mean '--api-key-file'?",
        "compl bash              | userlookup: unknown command 'compl'; did you mean 'completion'?",
        "frobnicate              | userlookup: unknown command 'frobnicate'; see 'userlookup --help'",
        "list --zzzzzz           | userlookup: list: unknown option '--zzzzzz'; see 'userlookup list --help'",
        "list --all extra        | userlookup: list: unexpected argument 'extra'; see 'userlookup list --help'",
    })
    void aMistakeIsOneLineNamingTheClosestAndTheValueIsNotAnotherMistake(String args, String expected) {
        Cli.Result result = Cli.bare().run(args.split(" "));

        assertEquals(2, result.exit());
        assertEquals(expected + "\n", result.err());
        assertEquals("", result.out());
    }

    @Test
    void helpCommandShowsACommandsHelp() {
        Cli.Result viaCommand = Cli.bare().run("help", "list");
        Cli.Result viaOption = Cli.bare().run("list", "--help");

        assertEquals(0, viaCommand.exit());
        assertEquals(viaOption.out(), viaCommand.out());
        assertTrue(viaCommand.out().contains("Usage: userlookup [OPTIONS] list"), viaCommand.out());
    }

    @Test
    void theRootHelpListsTheGlobalOptionsOnceAndTheCommandsBeforeThem() {
        String help = Cli.bare().run("--help").out();

        for (String once : new String[] {"--base-url=URL", "--api-key-file=FILE", "--retries=N"}) {
            assertEquals(help.indexOf(once), help.lastIndexOf(once), once + " once: " + help);
            assertTrue(help.contains(once), once + ": " + help);
        }
        assertTrue(help.indexOf("Commands:") < help.indexOf("Options (before or after the command):"), help);
        assertTrue(help.contains("  help        "), help);
    }

    @Test
    void aCommandsHelpShowsItsOwnOptionsPointsToTheGlobalOnesAndHasExamples() {
        for (String command : new String[] {"resolve", "list", "find"}) {
            String help = Cli.bare().run(command, "--help").out();

            assertFalse(help.contains("--base-url=URL"), command + ": " + help);
            assertFalse(help.contains("Exit status:"), command + ": " + help);
            assertFalse(help.contains("USERLOOKUP_API_KEY"), command + ": " + help);
            assertTrue(help.contains("--parallel=N"), command + ": " + help);
            assertTrue(help.contains("see 'userlookup --help'"), command + ": " + help);
            assertTrue(help.contains("Examples:\n  userlookup " + command), command + ": " + help);
            assertTrue(help.split("\n").length < 35, command + " help is " + help.split("\n").length + " lines: " + help);
        }
    }

    @Test
    void globalOptionsStillWorkAfterTheCommandThoughItsHelpDoesNotListThem() {
        Cli.Result result = Cli.bare().run("list", "--base-url", "ftp://x", "--api-key-file", "/nonexistent");

        assertEquals(2, result.exit());
        assertTrue(result.err().contains("base URL"), result.err());
    }

    @Test
    void suggestionsAreByEditDistance() {
        assertEquals("resolve", Suggestion.closest("reslove", java.util.List.of("resolve", "list")));
        assertEquals("--limit", Suggestion.closest("--limt", java.util.List.of("--limit", "--offset", "--all")));
        assertEquals(null, Suggestion.closest("xyz", java.util.List.of("resolve", "list")));
        assertEquals("--api-key-file", Suggestion.closest("--api-key", java.util.List.of("--api-key-file", "--all", "--base-url")));
        assertEquals(null, Suggestion.closest("--a", java.util.List.of("--api-key-file", "--base-url")), "too short to say");
        assertEquals(null, Suggestion.closest("--pro", java.util.List.of("--profile", "--progress")), "two it could be");
        assertEquals(1, Suggestion.distance("ab", "ba"));
        assertEquals(3, Suggestion.distance("kitten", "sitting"));
    }
}
