package dev.userlookup.commands;

import dev.userlookup.UsageException;
import dev.userlookup.walk.IdSource;
import java.util.List;

/** The ids resolve and find are given: as arguments, or one a line on standard input ({@code --stdin}). */
final class IdInput {

    private IdInput() {
    }

    static void check(String command, String label, List<String> ids, boolean stdin, Factory factory) {
        if (stdin && !ids.isEmpty()) {
            throw new UsageException(command + ": give ids as arguments or with --stdin, not both");
        }
        if (!stdin && ids.isEmpty()) {
            throw new UsageException(command + ": give a " + label + " (or several, or --stdin)");
        }
        if (stdin && factory.options().keyFromStdin()) {
            throw new UsageException(command + ": --stdin and --api-key-file - cannot both read standard input");
        }
        for (String id : ids) {
            if (IdSource.tooLong(id)) {
                throw new UsageException(command + ": the " + label + " given is " + IdSource.longerThanTaken(id));
            }
        }
    }

    /**
     * At a terminal the person is told how, or one who typed --stdin sees only a cursor that waits;
     * the output stays off the pager there, so what they type and what comes back share the screen.
     */
    static IdSource fromStdin(Factory factory, String what) {
        if (factory.console().terminal().stdinIsTerminal()) {
            factory.console().keepOffPager();
            factory.say("reading " + what + ", one a line (Ctrl-D to end)");
        }
        return new IdSource(factory.console().io().stdin());
    }
}
