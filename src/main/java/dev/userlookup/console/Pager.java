package dev.userlookup.console;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Chosen as git and gh choose; a variable set to the empty string turns paging off. */
public final class Pager {

    static final String DEFAULT = "less -FRX";

    private Pager() {
    }

    public static String command(Map<String, String> env) {
        String variable = chosenBy(env);
        if (variable == null) {
            return DEFAULT;
        }
        return env.get(variable).isBlank() ? null : env.get(variable);
    }

    public static String chosenBy(Map<String, String> env) {
        for (String variable : new String[] {"USERLOOKUP_PAGER", "PAGER"}) {
            if (env.get(variable) != null) {
                return variable;
            }
        }
        return null;
    }

    /** What a shell searches when PATH is unset (dash's default). */
    private static final String SHELL_DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
    /** A first word holding any of these is the shell's to read: it is not checked. */
    private static final String SHELL_SYNTAX = "|&;<>()$`\\\"'*?[#~=%{}";

    /**
     * A missing program makes {@code sh -c} exit 127 before it reads a byte, and the output written
     * to it would be lost without a word ({@code less} missing in a container).
     */
    public static boolean runnable(String command, Map<String, String> env) {
        String program = command.strip().split("\\s+", 2)[0];
        if (program.isEmpty()) {
            return false;
        }
        for (int i = 0; i < program.length(); i++) {
            if (SHELL_SYNTAX.indexOf(program.charAt(i)) >= 0) {
                return true;
            }
        }
        if (program.contains("/")) {
            return Files.isExecutable(Path.of(program)) && !Files.isDirectory(Path.of(program));
        }
        String path = env.get("PATH");
        for (String folder : (path == null ? SHELL_DEFAULT_PATH : path).split(":")) {
            Path candidate = Path.of(folder.isEmpty() ? "." : folder).resolve(program);
            if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
                return true;
            }
        }
        return false;
    }
}
