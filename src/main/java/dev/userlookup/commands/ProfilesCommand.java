package dev.userlookup.commands;

import dev.userlookup.ExitCode;
import dev.userlookup.console.Console;
import dev.userlookup.settings.ProfileListing;
import dev.userlookup.settings.OutputFormat;
import dev.userlookup.output.ProfilesJson;
import dev.userlookup.output.table.ProfilesTable;
import java.io.IOException;
import java.util.concurrent.Callable;
import dev.userlookup.commands.help.HelpLayout;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code userlookup profiles}: the profiles of the config file, never a key. */
@Command(
        name = "profiles",
        header = "List the profiles of the config file, the default marked.",
        customSynopsis = "userlookup profiles",
        description = "Shows each profile's name, base URL and where its key comes from (the key file's path or the key "
                + "command as written; never the key: no command is run and no key file is read), the default_profile "
                + "marked. A base URL that every command refuses (one that carries a password, shown as ***) is marked "
                + "refused, with the reason. Without a config file it says where one would be read from (exit 0). -o json (the default "
                + "when not on a terminal; every format but table gives it) is one document for scripts. A config file "
                + "that others can write, or that another user owns, is exit 2.",
        footer = {
            "Examples:",
            "  userlookup profiles",
            "  userlookup profiles -o json | jq -r '.profiles[].name'",
        })
final class ProfilesCommand implements Callable<Integer> {

    private final Factory factory;

    @Mixin
    HelpLayout.HelpOption help;

    ProfilesCommand(Factory factory) {
        this.factory = factory;
    }

    @Override
    public Integer call() throws IOException {
        Console console = factory.console();
        ProfileListing listing = ProfileListing.read(console.io().env());
        // The run's settings are not decided: that could run a key command. Only -o is read.
        OutputFormat format = factory.options().output;
        boolean table = format == OutputFormat.TABLE || format == null && console.terminal().stdoutIsTerminal();
        int width = console.terminal().stdoutIsTerminal() ? console.terminal().width() : 0;
        String text = table ? ProfilesTable.render(listing, width) : ProfilesJson.render(listing);
        console.printWhole(text);
        return ExitCode.OK;
    }
}
