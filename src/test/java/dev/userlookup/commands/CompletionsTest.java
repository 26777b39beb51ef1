package dev.userlookup.commands;

import dev.userlookup.commands.completion.CompletionScript;
import dev.userlookup.console.Io;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.console.FixedTerminal;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The committed completion scripts are generated from the picocli model; this fails when they
 * no longer match the commands. To regenerate:
 * {@code mvn -q test -Dtest=CompletionsTest -Dcompletions.update=true}.
 */
class CompletionsTest {

    static final Path BASH = Path.of("completions", "userlookup.bash");
    static final Path ZSH = Path.of("completions", "userlookup.zsh");

    static String generated(String shell) {
        Io io = new Io(new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream(),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), Map.of(), new FixedTerminal(false, false, 0));
        return shell.equals("zsh") ? CompletionScript.zsh(App.commandLine(io)) : CompletionScript.bash(App.commandLine(io));
    }

    @Test
    void committedScriptsMatchTheCommands() throws Exception {
        if (Boolean.getBoolean("completions.update")) {
            Files.createDirectories(BASH.getParent());
            Files.writeString(BASH, generated("bash"));
            Files.writeString(ZSH, generated("zsh"));
        }
        assertEquals(generated("bash"), Files.readString(BASH),
                "completions/userlookup.bash is stale: mvn -q test -Dtest=CompletionsTest -Dcompletions.update=true");
        assertEquals(generated("zsh"), Files.readString(ZSH),
                "completions/userlookup.zsh is stale: mvn -q test -Dtest=CompletionsTest -Dcompletions.update=true");
    }

    @Test
    void theScriptsOfferTheCommandsOptionsAndValues() throws Exception {
        String bash = generated("bash");
        for (String word : new String[] {"resolve", "list", "doctor", "profiles", "--base-url", "--api-key-file", "--output", "--color", "--limit",
            "--offset", "--count", "ndjson", "csv", "always", "never"}) {
            assertTrue(bash.contains(word), "completion lacks " + word);
        }
    }

    @Test
    void profileNamesComeFromTheConfigFileAtCompletionTime() throws Exception {
        Path config = Files.createTempDirectory("userlookup-completion");
        Files.createDirectories(config.resolve("userlookup"));
        Files.writeString(config.resolve("userlookup/config.toml"),
                "default_profile = \"prod\"\n[profiles.prod]\nbase_url = \"https://a.test\"\n  [profiles.eu-sandbox]\n");
        Path script = Files.createTempFile("userlookup", ".bash");
        Files.writeString(script, generated("bash"));
        String line = "userlookup list --profile ";
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", "source " + script + " 2>/dev/null; COMP_LINE='" + line + "'; "
                + "COMP_WORDS=(userlookup list --profile ''); COMP_CWORD=3; COMP_POINT=${#COMP_LINE}; "
                + "_complete_userlookup 2>/dev/null; printf '%s\\n' \"${COMPREPLY[@]}\"")
                .redirectErrorStream(true);
        builder.environment().put("XDG_CONFIG_HOME", config.toString());
        Process bash = builder.start();
        bash.getOutputStream().close();
        String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, bash.waitFor(), output);
        assertEquals("prod\neu-sandbox\n", output.replace("\r", ""), "XDG_CONFIG_HOME=" + config);
    }

    @Test
    void bashAcceptsTheScript() throws Exception {
        Path script = Files.createTempFile("userlookup", ".bash");
        Files.writeString(script, generated("bash"));
        Process bash = new ProcessBuilder("bash", "-n", script.toString()).redirectErrorStream(true).start();
        String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, bash.waitFor(), output);
        Files.delete(script);
    }

    /** Runs the bash script's completion as bash would for these words, the last being completed. */
    static String complete(Path folder, String... words) throws Exception {
        Path script = Files.createTempFile("userlookup", ".bash");
        Files.writeString(script, generated("bash"));
        StringBuilder array = new StringBuilder();
        for (String word : words) {
            array.append(" '").append(word).append("'");
        }
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", "source " + script + " 2>/dev/null; cd '" + folder + "'; "
                + "COMP_WORDS=(" + array + "); COMP_CWORD=" + (words.length - 1) + "; COMP_LINE=\"${COMP_WORDS[*]}\"; "
                + "COMP_POINT=${#COMP_LINE}; _complete_userlookup 2>/dev/null; printf '%s\\n' \"${COMPREPLY[@]}\"")
                .redirectErrorStream(true);
        Process bash = builder.start();
        bash.getOutputStream().close();
        String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, bash.waitFor(), output);
        Files.delete(script);
        return output;
    }

    @Test
    void filesCompleteAfterApiKeyFile() throws Exception {
        Path folder = Files.createTempDirectory("userlookup-files");
        Files.writeString(folder.resolve("prod.key"), "k");
        Files.writeString(folder.resolve("other.txt"), "x");

        assertEquals("prod.key\n", complete(folder, "userlookup", "--api-key-file", "pr"));
        assertEquals("prod.key\n", complete(folder, "userlookup", "list", "--api-key-file", "pr"));
    }

    @Test
    void theFieldNamesCompleteAfterFields() throws Exception {
        Path folder = Files.createTempDirectory("userlookup-fields");

        assertEquals(String.join("\n", dev.userlookup.model.UserField.all().stream().map(dev.userlookup.model.UserField::csvColumn).toList())
                + "\n", complete(folder, "userlookup", "list", "--fields", ""));
        assertEquals("time_zone\nteam_id\n".lines().sorted().toList(), complete(folder, "userlookup", "resolve", "--fields", "t").lines().sorted().toList());
    }

    @Test
    void theNextFieldNameCompletesAfterACommaWithoutTheNamesGiven() throws Exception {
        Path folder = Files.createTempDirectory("userlookup-fields-list");

        assertEquals("user_id,client_user_id\n", complete(folder, "userlookup", "list", "--fields", "user_id,cl"));
        assertEquals(List.of("user_id,team_id", "user_id,time_zone"),
                complete(folder, "userlookup", "find", "--fields", "user_id,t").lines().sorted().toList());
        assertEquals("team_id,user_id,time_zone\n", complete(folder, "userlookup", "resolve", "--fields", "team_id,user_id,t"));
        assertEquals(dev.userlookup.model.UserField.all().size() - 1,
                complete(folder, "userlookup", "list", "--fields", "sources,").lines().count());
        // --fields=user_id,cl arrives as '--fields' '=' 'user_id,cl'
        assertEquals("user_id,client_user_id\n", complete(folder, "userlookup", "list", "--fields", "=", "user_id,cl"));
    }

    @Test
    void theCommandsAndTheHelpTopicsCompleteAfterHelp() throws Exception {
        Path folder = Files.createTempDirectory("userlookup-help");

        assertEquals(List.of("resolve", "find", "list", "doctor", "profiles", "completion", "environment", "config", "exit-codes", "output", "requests"),
                complete(folder, "userlookup", "help", "").lines().toList());
        assertEquals("exit-codes\n", complete(folder, "userlookup", "help", "ex"));
        assertEquals("environment\n", complete(folder, "userlookup", "help", "env"));
    }

    @Test
    void anOptionsValueCompletesAfterAnEqualsSign() throws Exception {
        Path folder = Files.createTempDirectory("userlookup-equals");

        // bash splits '--output=' into '--output' '=' (checked in an interactive bash)
        assertEquals("table\njson\nndjson\ncsv\n", complete(folder, "userlookup", "list", "--output", "="));
        assertEquals("json\n", complete(folder, "userlookup", "list", "--output", "=", "js"));
        assertEquals("never\n", complete(folder, "userlookup", "--color", "=", "ne"));
    }

    @Test
    void theCompletionCommandPrintsTheScriptsAndZshsStartsWithCompdef() {
        Cli.Result bash = Cli.bare().run("completion", "bash");
        Cli.Result zsh = Cli.bare().run("completion", "zsh");
        Cli.Result fish = Cli.bare().run("completion", "fish");

        assertEquals(0, bash.exit());
        assertEquals(generated("bash"), bash.out());
        assertEquals(0, zsh.exit());
        assertTrue(zsh.out().startsWith("#compdef userlookup\n"), zsh.out());
        assertEquals(2, fish.exit());
        assertEquals("userlookup: completion: no script for 'fish'; choose bash or zsh\n", fish.err());
    }

    @Test
    void zshLoadsTheScriptFromFpathAndRegistersTheCompletion() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/zsh")) || Files.isExecutable(Path.of("/bin/zsh")),
                "zsh is not installed");
        Path fpath = Files.createTempDirectory("userlookup-zsh");
        Files.writeString(fpath.resolve("_userlookup"), generated("zsh"));
        Process zsh = new ProcessBuilder("zsh", "-f", "-c", "fpath=('" + fpath + "' $fpath); autoload -U compinit; compinit -u -D; "
                + "print -r -- ${_comps[userlookup]}; source '" + fpath.resolve("_userlookup") + "'; print -r -- ${_comps[userlookup]}")
                .redirectErrorStream(true).start();
        zsh.getOutputStream().close();
        String output = new String(zsh.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertEquals(0, zsh.waitFor(), output);
        assertEquals("_userlookup\n_bash_complete -F _complete_userlookup -o default\n", output);
    }
}
