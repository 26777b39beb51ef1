package dev.userlookup.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One run's console: paged output is held until it is known to fit the screen (then written
 * whole at the close, no pager started); unpaged output and output kept off the pager go straight
 * through. No test here starts a pager: nothing written is taller than the screen.
 */
class ConsoleTest {

    private final ByteArrayOutputStream screen = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Console console(boolean stdoutIsTerminal, Map<String, String> env) {
        Terminal terminal = new TestTerminal() {
            @Override public boolean stdoutIsTerminal() { return stdoutIsTerminal; }
            @Override public boolean stderrIsTerminal() { return false; }
            @Override public int width() { return 80; }
            @Override public int height() { return 24; }
        };
        Console console = new Console(new Io(new ByteArrayInputStream(new byte[0]), screen, new PrintStream(err, true, StandardCharsets.UTF_8),
                env, terminal));
        console.redactWith(text -> text.replace("s3cret", "***"));
        return console;
    }

    private String shown() {
        return screen.toString(StandardCharsets.UTF_8);
    }

    @Test
    void onATerminalOutputWaitsForThePagerDecisionAndAShortOneIsWrittenWholeAtTheClose() throws IOException {
        Console console = console(true, Map.of("PAGER", "cat"));
        console.stdout().write("one line\n".getBytes(StandardCharsets.UTF_8));
        console.stdout().flush();
        assertEquals("", shown(), "held while it may yet need the pager");
        assertFalse(console.pagerRunning());

        console.close();
        assertEquals("one line\n", shown());
    }

    @Test
    void unpagedOutputGoesStraightThroughOnATerminalToo() throws IOException {
        Console console = console(true, Map.of("PAGER", "cat"));
        console.printWhole("42\n");
        assertEquals("42\n", shown());
        console.close();
        assertEquals("42\n", shown());
    }

    @Test
    void outputKeptOffThePagerOrIntoAPipeOrWithThePagerTurnedOffIsNeverHeld() throws IOException {
        Console typedInput = console(true, Map.of("PAGER", "cat"));
        typedInput.keepOffPager();
        Console pipe = console(false, Map.of("PAGER", "cat"));
        Console noPager = console(true, Map.of("USERLOOKUP_PAGER", ""));
        for (Console console : new Console[] {typedInput, pipe, noPager}) {
            screen.reset();
            console.stdout().write("a\n".getBytes(StandardCharsets.UTF_8));
            console.stdout().flush();
            assertEquals("a\n", shown());
            assertSame(console.io().stdout(), console.stdout(), "the same stream, no pager in between");
            console.close();
        }
    }

    @Test
    void messagesAreRedactedAndSaidOnStderr() {
        Console console = console(false, Map.of());
        console.stderr().say("the key s3cret was refused");
        assertEquals("userlookup: the key *** was refused\n", err.toString(StandardCharsets.UTF_8));
    }

    /** Thirty lines: taller than the 24-row screen, so a pager would take them. */
    private static byte[] tallOutput() {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 30; i++) {
            text.append("line ").append(i).append('\n');
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aPagerThatIsNotThereIsNamedOnceAndTheOutputShownWithoutIt() throws IOException {
        Console console = console(true, Map.of("USERLOOKUP_PAGER", "lesss -R", "PATH", "/nonexistent"));
        console.stdout().write(tallOutput());
        console.close();

        assertEquals(new String(tallOutput(), StandardCharsets.UTF_8), shown());
        assertEquals("userlookup: warning: the pager 'lesss -R' of USERLOOKUP_PAGER is not found; output is shown without one\n",
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theDefaultLessMissingAsInASmallContainerShowsTheOutputWithoutAWord() throws IOException {
        Console console = console(true, Map.of("PATH", "/nonexistent"));
        console.stdout().write(tallOutput());
        console.close();

        assertEquals(new String(tallOutput(), StandardCharsets.UTF_8), shown());
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }
}
