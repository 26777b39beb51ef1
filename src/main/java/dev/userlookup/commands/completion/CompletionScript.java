package dev.userlookup.commands.completion;

import picocli.AutoComplete;
import picocli.CommandLine;

/**
 * Generated from the picocli model, so it cannot drift from the commands; added here is what picocli
 * leaves out: profile names, {@code --option=value} (bash splits at the {@code =}), comma lists.
 */
public final class CompletionScript {

    public static final String PROFILE_PLACEHOLDER = "__USERLOOKUP_PROFILES__";

    /**
     * The value label of an option that takes a comma-separated list of names ({@code --fields}):
     * its values complete after each comma too, without the names already given.
     */
    public static final String COMMA_LIST = "LIST";

    /** After picocli's helpers: compReplyArray for a comma-separated list. */
    private static final String LIST_FILTER = "# compReplyList completes the name after the last comma of a comma-separated list (--fields a,b),\n"
            + "# among the names not given yet, and keeps what comes before it.\n"
            + "function compReplyList() {\n"
            + "  local curr_word=${COMP_WORDS[COMP_CWORD]}\n"
            + "  if [[ ${curr_word} == \"=\" ]]; then curr_word=\"\"; fi\n"
            + "  local given=\"\"\n"
            + "  if [[ ${curr_word} == *,* ]]; then given=${curr_word%,*},; fi\n"
            + "  local name\n"
            + "  for name in \"$@\"; do\n"
            + "    if [[ ${name} == \"${curr_word##*,}\"* && \",${given}\" != *\",${name},\"* ]]; then echo \"${given}${name}\"; fi\n"
            + "  done\n"
            + "}\n"
            + "\n";

    private static final String ENTRY_POINT = "# Bash completion entry point function.\n";

    /** The profile names of the user's config file, found when TAB is pressed. */
    private static final String PROFILE_NAMES = "$(sed -n 's/^[[:space:]]*\\[profiles\\.\\([^]]*\\)\\].*/\\1/p' "
            + "\"${XDG_CONFIG_HOME:-$HOME/.config}/userlookup/config.toml\" 2>/dev/null)";

    /** After picocli's two lines that read the words: '--output=js' arrives as '--output' '=' 'js'. */
    private static final String EQUALS_SIGN = "  local prev_word=${COMP_WORDS[COMP_CWORD-1]}\n"
            + "  # --option=value: bash splits the word at '='; complete the value as after '--option value'.\n"
            + "  if [[ ${curr_word} == \"=\" ]]; then curr_word=\"\"; fi\n"
            + "  if [[ ${prev_word} == \"=\" && COMP_CWORD -ge 2 ]]; then prev_word=${COMP_WORDS[COMP_CWORD-2]}; fi\n";

    /** picocli's helper that filters the values reads the current word again: the same for it. */
    private static final String VALUE_FILTER = "  local curr_word=${COMP_WORDS[COMP_CWORD]}\n  local i\n";
    private static final String VALUE_FILTER_EQUALS = "  local curr_word=${COMP_WORDS[COMP_CWORD]}\n"
            + "  if [[ ${curr_word} == \"=\" ]]; then curr_word=\"\"; fi\n  local i\n";

    private CompletionScript() {
    }

    public static String bash(CommandLine commandLine) {
        return "# bash completion for userlookup, generated from its picocli model: do not edit.\n"
                + "# Use: source <(userlookup completion bash)   in ~/.bashrc, or this file from\n"
                + "# share/bash-completion/completions/userlookup\n"
                + body(commandLine);
    }

    public static String zsh(CommandLine commandLine) {
        return "#compdef userlookup\n"
                + "# zsh completion for userlookup, generated from its picocli model: do not edit.\n"
                + "# Use: source <(userlookup completion zsh)   in ~/.zshrc, or put this file as _userlookup\n"
                + "# in a folder of $fpath (share/zsh/site-functions).\n"
                + "autoload -U +X compinit && { (( ${+_comps} )) || compinit; }\n"
                + "autoload -U +X bashcompinit && bashcompinit\n"
                // picocli's script aliases compopt; loaded from $fpath, the file is parsed before
                // that alias exists, so a function stands in.
                + "compopt() { complete \"$@\"; }\n"
                + body(commandLine)
                + "# Loaded from $fpath on the first TAB: answer that TAB too.\n"
                + "if [[ ${funcstack[1]-} == _userlookup ]]; then _bash_complete -F _complete_userlookup -o default; fi\n";
    }

    private static String body(CommandLine commandLine) {
        String script = AutoComplete.bash("userlookup", commandLine);
        script = script.replace("(\"" + PROFILE_PLACEHOLDER + "\")", "(" + PROFILE_NAMES + ")");
        script = script.replace("  local prev_word=${COMP_WORDS[COMP_CWORD-1]}\n", EQUALS_SIGN);
        script = script.replace(VALUE_FILTER, VALUE_FILTER_EQUALS);
        script = script.replace(ENTRY_POINT, LIST_FILTER + ENTRY_POINT);
        script = script.replace("compReplyArray \"${" + COMMA_LIST + "_option_args[@]}\"", "compReplyList \"${" + COMMA_LIST + "_option_args[@]}\"");
        // picocli stamps the generation time into the script; the file stays reproducible without it.
        return script.replaceAll("(?m)^# Generated by picocli .*$", "# Generated by picocli " + CommandLine.VERSION + ".");
    }
}
