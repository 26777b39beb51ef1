package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** TAB in a real interactive shell, with the script the built tool prints for it. */
class CompletionIT {

    static final Duration WAIT = Duration.ofSeconds(30);

    /**
     * {@code --fields user_id,cl<TAB>} completes the next field's name. The line is then printed
     * (Ctrl-A, {@code echo }, Enter), so the test reads what TAB made of it as the shell's output.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bash", "zsh"})
    void theNextFieldNameCompletesAfterAComma(String shell) {
        assumeTrue(Subprocess.scriptAvailable(), "util-linux script(1) is needed for pseudo-terminal tests");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin", shell)) || Files.isExecutable(Path.of("/bin", shell)), shell + " is not installed");
        String start = shell.equals("bash") ? "bash --norc --noprofile -i" : "zsh -f -i";
        try (Subprocess.Typed terminal = Subprocess.typedInTerminal(Map.of("TERM", "xterm", "HOME", home()), 120, 40, start)) {
            terminal.type("source <(" + Subprocess.LAUNCHER.toAbsolutePath() + " completion " + shell + ") && echo RE''ADY\n");
            terminal.awaitScreen("READY", WAIT);

            terminal.type("userlookup list --fields user_id,cl\t");
            terminal.type("\u0001echo \n");
            // What echo printed: the line as typed ends in a blank, where TAB left the cursor.
            terminal.awaitScreen("userlookup list --fields user_id,client_user_id\r\n", WAIT);
            terminal.type("exit\n");
            assertTrue(terminal.awaitEnd(WAIT), terminal::screen);
        }
    }

    private static String home() {
        try {
            return Files.createTempDirectory("userlookup-completion-home").toString();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
