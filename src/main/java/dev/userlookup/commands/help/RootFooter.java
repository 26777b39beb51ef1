package dev.userlookup.commands.help;

import dev.userlookup.ExitCode;
import java.util.ArrayList;
import java.util.List;

/**
 * The root command's footer, declared once: the environment variables, the profiles, the exit
 * statuses (their numbers ExitCode's) and examples. {@code --help} prints it, the man page is
 * made from it (through the picocli model), and tests hold README's exit codes to it. One entry
 * a line: help wraps it to the screen under its text, the man page reads it as it is.
 */
public final class RootFooter {

    /** What an environment variable, or a few read together, mean. */
    record Variable(String names, String meaning) {
    }

    /** What an exit status means. */
    record Status(int code, String meaning) {
    }

    static final List<Variable> ENVIRONMENT = List.of(
            new Variable("USERLOOKUP_BASE_URL", "the service's base URL (--base-url beats it)"),
            new Variable("USERLOOKUP_API_KEY", "the team key (--api-key-file beats it)"),
            new Variable("USERLOOKUP_PROFILE", "the profile to use (--profile beats it)"),
            new Variable("USERLOOKUP_CA_CERT", "a PEM file of CAs to trust too (--ca-cert beats it)"),
            new Variable("SSL_CERT_FILE", "a PEM bundle of CAs to trust too, as curl reads it"),
            new Variable("USERLOOKUP_PAGER, PAGER", "the pager for output and help taller than the screen "
                    + "(default: less -FRX; empty: none); LESS, when unset, is FRXK, so Ctrl-C quits less and the run"),
            new Variable("HTTPS_PROXY, HTTP_PROXY, NO_PROXY", "as curl reads them"),
            new Variable("NO_COLOR, CLICOLOR_FORCE", "turn colour off, or on even into a pipe"),
            new Variable("XDG_CACHE_HOME", "the cache folder (default ~/.cache): find's index, the launcher's class archives"));

    static final List<String> PROFILES = List.of(
            "Profiles: ~/.config/userlookup/config.toml (or under $XDG_CONFIG_HOME):",
            "  default_profile = \"prod\"",
            "  [profiles.prod]",
            "  base_url = \"https://api.example.test\"",
            "  api_key_file = \"~/.config/userlookup/prod.key\"   # or api_key_command",
            "  ca_cert = \"~/.config/userlookup/company-ca.pem\"  # optional",
            "An option beats its environment variable, which beats the profile.",
            "A config or key file that others can write is refused, as ssh does.",
            "'userlookup profiles' lists the profiles.");

    static final List<Status> EXIT_STATUS = List.of(
            new Status(ExitCode.OK, "success (also when the reader of the output went away)"),
            new Status(ExitCode.FAILURE, "an unexpected failure inside the tool, or output that cannot be written "
                    + "(a full disk), help and version text too"),
            new Status(ExitCode.USAGE, "usage or input error: bad option or value, missing base URL or key, or HTTP 422 from the service"),
            new Status(ExitCode.NOT_FOUND, "not found: no user has that client_user_id (and the list answers at the base URL, "
                    + "so the base URL is right), or none of the team's users has that user_id (find)"),
            new Status(ExitCode.AUTH, "authentication or permission refused (HTTP 401, 403)"),
            new Status(ExitCode.UNAVAILABLE, "the service could not be used: unreachable, timed out, 5xx or 429 after retries, "
                    + "a certificate refused, a proxy refusing its credentials, a body that is not the JSON expected, answers too "
                    + "large for memory, a 404 where the list does not answer either (check the base URL), or an answer with "
                    + "another client_user_id than the one asked for (not printed)"),
            new Status(ExitCode.INTERRUPTED, "interrupted (Ctrl-C): a json document is closed, ndjson and csv end on a whole line, "
                    + "the progress line is cleared"),
            new Status(ExitCode.TERMINATED, "terminated (SIGTERM), as for Ctrl-C"));

    static final List<String> EXAMPLES = List.of(
            "Examples:",
            "  userlookup resolve customer-000042",
            "  userlookup find 138adbbd-c5e6-36c4-aff7-48390b9f91da",
            "  userlookup --profile sandbox list --count",
            "  userlookup help list");

    /** A variable's names take this many columns, or more and three blanks: the meanings line up. */
    private static final int NAMES_COLUMNS = 19;

    private RootFooter() {
    }

    /** The footer's lines, under the heading "Environment:". */
    public static String[] lines() {
        List<String> lines = new ArrayList<>();
        for (Variable variable : ENVIRONMENT) {
            lines.add(String.format("  %-" + NAMES_COLUMNS + "s   %s", variable.names(), variable.meaning()));
        }
        lines.add("");
        lines.addAll(PROFILES);
        lines.add("");
        lines.add("Exit status:");
        for (Status status : EXIT_STATUS) {
            lines.add("  " + status.code() + "  " + status.meaning());
        }
        lines.add("");
        lines.addAll(EXAMPLES);
        return lines.toArray(String[]::new);
    }
}
