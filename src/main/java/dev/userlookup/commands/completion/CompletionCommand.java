package dev.userlookup.commands.completion;

import dev.userlookup.ExitCode;
import dev.userlookup.UsageException;
import dev.userlookup.commands.help.HelpLayout;
import dev.userlookup.console.Console;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code userlookup completion bash|zsh}: the completion script, for {@code source <(...)}. */
@Command(
        name = "completion",
        header = "Print the shell completion script for bash or zsh.",
        customSynopsis = "userlookup completion bash|zsh",
        description = "Offers commands, options, formats, files and your profile names on TAB.",
        footer = {
            "Examples:",
            "  source <(userlookup completion bash)   # in ~/.bashrc",
            "  source <(userlookup completion zsh)    # in ~/.zshrc",
        })
public final class CompletionCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpLayout.HelpOption help;

    @Parameters(paramLabel = "SHELL", completionCandidates = Shells.class, description = "bash or zsh.")
    String shell;

    private final Console console;

    public CompletionCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() throws Exception {
        String script;
        if ("bash".equals(shell)) {
            script = CompletionScript.bash(spec.root().commandLine());
        } else if ("zsh".equals(shell)) {
            script = CompletionScript.zsh(spec.root().commandLine());
        } else {
            throw new UsageException("completion: no script for '" + shell + "'; choose bash or zsh");
        }
        console.printWhole(script);
        return ExitCode.OK;
    }

    public static final class Shells implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("bash", "zsh").iterator();
        }
    }
}
