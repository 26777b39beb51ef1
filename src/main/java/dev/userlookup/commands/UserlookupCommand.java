package dev.userlookup.commands;

import dev.userlookup.ExitCode;
import dev.userlookup.Version;
import dev.userlookup.commands.completion.CompletionCommand;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code userlookup}: the global options (a mixin, inherited by the subcommands) and the help. */
@Command(
        name = "userlookup",
        mixinStandardHelpOptions = true,
        versionProvider = UserlookupCommand.VersionProvider.class,
        subcommands = {ResolveCommand.class, ListCommand.class, DoctorCommand.class, ProfilesCommand.class, CompletionCommand.class, CommandLine.HelpCommand.class},
        sortOptions = false,
        usageHelpAutoWidth = true,
        headerHeading = "userlookup: ",
        header = "look up the end users of the health-data service.",
        synopsisHeading = "%nUsage: ",
        customSynopsis = "userlookup [OPTIONS] COMMAND [ARGS]",
        descriptionHeading = "%n",
        description = "Resolves a user by the client_user_id your team gave it, or lists the team's users. "
                + "Output is a table on a terminal and JSON otherwise; see -o. Tables and CSV read a connected "
                + "source's slug and name from its provider, and from the deprecated source only where provider is "
                + "missing or null; JSON and NDJSON print both as sent.",
        commandListHeading = "%nCommands:%n",
        optionListHeading = "%nOptions (before or after the command):%n",
        footerHeading = "%nEnvironment:%n",
        footer = {
            "  USERLOOKUP_BASE_URL   the service's base URL (--base-url beats it)",
            "  USERLOOKUP_API_KEY    the team key (--api-key-file beats it)",
            "  USERLOOKUP_PROFILE    the profile to use (--profile beats it)",
            "  USERLOOKUP_CA_CERT    a PEM file of CAs to trust too (--ca-cert beats it)",
            "  SSL_CERT_FILE         a PEM bundle of CAs to trust too, as curl reads it",
            "  USERLOOKUP_PAGER, PAGER   the pager for output and help taller than the screen (default: less -FRX; empty: none); LESS, when unset, is FRXK, so Ctrl-C quits less and the run",
            "  HTTPS_PROXY, HTTP_PROXY, NO_PROXY   as curl reads them",
            "  NO_COLOR, CLICOLOR_FORCE   turn colour off, or on even into a pipe",
            "",
            "Profiles: ~/.config/userlookup/config.toml (or under $XDG_CONFIG_HOME):",
            "  default_profile = \"prod\"",
            "  [profiles.prod]",
            "  base_url = \"https://api.example.test\"",
            "  api_key_file = \"~/.config/userlookup/prod.key\"   # or api_key_command",
            "  ca_cert = \"~/.config/userlookup/company-ca.pem\"  # optional",
            "An option beats its environment variable, which beats the profile.",
            "A config or key file that others can write is refused, as ssh does.",
            "'userlookup profiles' lists the profiles.",
            "",
            // One entry a line, the numbers ExitCode's: help wraps them to the screen, the man page reads them as they are.
            "Exit status:",
            "  " + ExitCode.OK + "  success (also when the reader of the output went away)",
            "  " + ExitCode.FAILURE + "  an unexpected failure inside the tool, or output that cannot be written (a full disk), help and version text too",
            "  " + ExitCode.USAGE + "  usage or input error: bad option or value, missing base URL or key, or HTTP 422 from the service",
            "  " + ExitCode.NOT_FOUND + "  not found: no user has that client_user_id (and the list answers at the base URL, so the base URL is right)",
            "  " + ExitCode.AUTH + "  authentication or permission refused (HTTP 401, 403)",
            "  " + ExitCode.UNAVAILABLE + "  the service could not be used: unreachable, timed out, 5xx or 429 after retries, "
                    + "a certificate refused, a proxy refusing its credentials, a body that is not the JSON expected, answers too "
                    + "large for memory, a 404 where the list does not answer either (check the base URL), or an answer with "
                    + "another client_user_id than the one asked for (not printed)",
            "  " + ExitCode.INTERRUPTED + "  interrupted (Ctrl-C): a json document is closed, ndjson and csv end on a whole line, "
                    + "the progress line is cleared",
            "  " + ExitCode.TERMINATED + "  terminated (SIGTERM), as for Ctrl-C",
            "",
            "Examples:",
            "  userlookup resolve customer-000042",
            "  userlookup --profile sandbox list --count",
            "  userlookup help list",
        })
public final class UserlookupCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    GlobalOptions options;

    UserlookupCommand(GlobalOptions options) {
        this.options = options;
    }

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: resolve or list");
    }

    /** {@code -V}: the tool and the Java it runs on. */
    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"userlookup " + Version.get(),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
        }
    }
}
