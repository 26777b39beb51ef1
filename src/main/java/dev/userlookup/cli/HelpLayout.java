package dev.userlookup.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * Help for people: the root lists the global options and the environment once; a command's help
 * shows its own options, points to the global ones, and gives examples.
 */
final class HelpLayout {

    static final String GLOBAL_OPTIONS = "Global options (--base-url, --profile, --api-key-file, -o, --color, --timeout, "
            + "--retries, --allow-insecure-http, -v) work here too: see 'userlookup --help'.";

    private HelpLayout() {
    }

    /** {@code -h, --help} for a command (the root also has -V). */
    static final class HelpOption {
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
        boolean help;
    }

    /** A command's option list without the inherited global options. */
    static void ownOptionsOnly(CommandLine command) {
        command.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, help -> {
            CommandLine.Help.Layout layout = help.createDefaultLayout();
            for (OptionSpec option : help.commandSpec().options()) {
                if (!option.inherited() && !option.hidden()) {
                    layout.addOption(option, help.createDefaultParamLabelRenderer());
                }
            }
            return layout.toString();
        });
    }
}
