package dev.userlookup.commands.options;

import picocli.CommandLine.Option;

/** {@code --parallel}, declared once for the commands that send several requests at once. */
public final class ParallelOption {

    /** Requests (resolve) or pages (list --all) in flight at once, at most. */
    public static final int MAX = 16;

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "4", converter = OptionValues.ParallelCount.class,
            description = {"Requests at once, 1 to " + MAX + " (default: ${DEFAULT-VALUE}).",
                "Fewer while the service answers 429 or 503."})
    int parallel;

    public int value() {
        return parallel;
    }
}
