package dev.userlookup.commands.help;

import dev.userlookup.ExitCode;
import dev.userlookup.network.ClientSettings;
import java.util.List;

/**
 * The help topics, declared once: {@code userlookup help environment}, {@code help config} and
 * {@code help exit-codes} print them ({@link HelpLayout#topic}), the man page is made from them
 * (its ENVIRONMENT, FILES and EXIT STATUS), and completion offers their names after {@code help}.
 * A topic is a few blocks of text, entries and examples, so each rendering lays it out its own way.
 */
public final class HelpTopics {

    public sealed interface Block permits Text, Entries, Example {
    }

    /** A paragraph; one that ends in a colon introduces the block after it. */
    public record Text(String text) implements Block {
    }

    /** A name, or a few read together ({@code A, B}), and what it means. */
    public record Entry(String term, String meaning) {
    }

    /** Terms and their meanings, one under the other. */
    public record Entries(List<Entry> entries) implements Block {
    }

    /** Lines shown as they are (a file's content). */
    public record Example(List<String> lines) implements Block {
    }

    /** A topic: its name after {@code userlookup help}, what it is about in a few words, and its text. */
    public record Topic(String name, String summary, List<Block> blocks) {
    }

    /** Those the tool reads itself, whichever way it is started. */
    public static final Entries TOOL_VARIABLES = new Entries(List.of(
            new Entry("USERLOOKUP_BASE_URL", "The service's base URL (--base-url beats it)."),
            new Entry("USERLOOKUP_API_KEY", "The team key (--api-key-file beats it)."),
            new Entry("USERLOOKUP_PROFILE", "The profile to use (--profile beats it)."),
            new Entry("USERLOOKUP_CA_CERT", "A PEM file of CAs to trust too (--ca-cert beats it)."),
            new Entry("SSL_CERT_FILE", "A PEM bundle of CAs to trust too, as curl reads it."),
            new Entry("USERLOOKUP_PAGER, PAGER", "The pager for output and help taller than the screen (default: less -FRX; "
                    + "empty: none); LESS, when unset, is FRXK, so Ctrl-C quits less and the run."),
            new Entry("HTTPS_PROXY, HTTP_PROXY, NO_PROXY", "The proxy, as curl reads them (in lower case too; user:pass@ "
                    + "in the proxy's URL is used)."),
            new Entry("NO_COLOR, CLICOLOR_FORCE", "Turn colour off, or on even into a pipe."),
            new Entry("XDG_CONFIG_HOME", "The folder of userlookup/config.toml (default: ~/.config); see 'userlookup help config'."),
            new Entry("XDG_CACHE_HOME", "The cache folder (default: ~/.cache): find's index, the launcher's class archives.")));

    /** Those only bin/userlookup reads, before Java starts. */
    public static final Entries LAUNCHER_VARIABLES = new Entries(List.of(
            new Entry("USERLOOKUP_JAVA_OPTS", "JVM options the launcher adds after its own, split at spaces: -Xmx2g for a "
                    + "larger heap, -XX:TieredStopAtLevel=4 for the C2 compiler on very long walks, another -XX:+Use...GC "
                    + "instead of the serial collector."),
            new Entry("JAVA_HOME", "The Java (17 or later) the launcher runs; otherwise the java on PATH."),
            new Entry("LC_ALL, LC_CTYPE, LANG", "Under the C or POSIX locale (or none) the launcher has the JVM read the "
                    + "command line as UTF-8, so that an id such as Zo\u00eb is sent as it was typed.")));

    public static final Topic ENVIRONMENT = new Topic("environment", "the environment variables userlookup reads", List.of(
            new Text("An option on the command line beats its variable."),
            TOOL_VARIABLES,
            new Text("Read by the launcher (bin/userlookup), not by java -jar:"),
            LAUNCHER_VARIABLES));

    /** How the settings' sources rank: one sentence, which the config topic and doctor's origins agree with. */
    public static final String PRECEDENCE = "An option beats its environment variable, which beats the profile; a profile "
            + "named by the --profile option beats the environment's base URL, key and CA file (USERLOOKUP_PROFILE does not).";

    public static final Topic CONFIG = new Topic("config", "the config file and its profiles", List.of(
            new Text("Profiles live in ~/.config/userlookup/config.toml (or in $XDG_CONFIG_HOME/userlookup/ when that is "
                    + "set). --profile NAME or USERLOOKUP_PROFILE picks one; otherwise default_profile does:"),
            new Example(List.of(
                    "default_profile = \"prod\"",
                    "[profiles.prod]",
                    "base_url = \"https://api.example.test\"",
                    "api_key_file = \"~/.config/userlookup/prod.key\"",
                    "[profiles.sandbox]",
                    "base_url = \"https://sandbox.example.test\"",
                    "api_key_command = \"pass show service/sandbox\"",
                    "ca_cert = \"~/.config/userlookup/company-ca.pem\"")),
            new Text("A profile's settings:"),
            new Entries(List.of(
                    new Entry("base_url", "The service's base URL, as --base-url."),
                    new Entry("api_key_file", "The file that holds the key (~ and paths relative to the config's folder allowed)."),
                    new Entry("api_key_command", "Or a command, run with sh -c, whose standard output is the key."),
                    new Entry("ca_cert", "A PEM file of CAs to trust too, as --ca-cert (optional)."))),
            new Text(PRECEDENCE + " A profile's key is sent only to its own base_url: a base URL given by option or "
                    + "environment needs its own key, and the environment's key is not sent to a profile's base_url that took "
                    + "the place of the environment's."),
            new Text("As ssh does, a config file (or its folder) or a key file that others can write, or that another user "
                    + "owns, is refused, exit status 2 naming it: the config runs api_key_command. A key file others can read "
                    + "draws a warning; the config holds no secret and draws none. An unknown profile or setting, or a TOML "
                    + "error, is exit status 2."),
            new Text("'userlookup profiles' lists the profiles; 'userlookup doctor' shows where each setting of a run comes from.")));

    public static final Entries EXIT_STATUSES = new Entries(List.of(
            status(ExitCode.OK, "Success (also when the reader of the output went away)."),
            status(ExitCode.FAILURE, "An unexpected failure inside the tool, or output that cannot be written (a full disk), "
                    + "help and version text too."),
            status(ExitCode.USAGE, "Usage or input error: bad option or value, missing base URL or key, or HTTP 422 from the service."),
            status(ExitCode.NOT_FOUND, "Not found: no user has that client_user_id (and the list answers at the base URL, so the "
                    + "base URL is right), or none of the team's users has that user_id (find)."),
            status(ExitCode.AUTH, "Authentication or permission refused (HTTP 401, 403)."),
            status(ExitCode.UNAVAILABLE, "The service could not be used: unreachable, timed out, a 5xx after the retries, 429 or 503 "
                    + "once nothing has been answered for " + ClientSettings.GIVE_UP_SECONDS + " s, a certificate refused, a proxy refusing its credentials, a body that is not the JSON expected, answers too "
                    + "large for memory, a 404 where the list does not answer either (check the base URL), or an answer with "
                    + "another client_user_id than the one asked for (not printed)."),
            status(ExitCode.INTERRUPTED, "Interrupted (Ctrl-C): a json document is closed (a list --all document says \"incomplete\"), "
                    + "ndjson and csv end on a whole line, the progress line is cleared."),
            status(ExitCode.TERMINATED, "Terminated (SIGTERM), as for Ctrl-C.")));

    public static final Topic EXIT_CODES = new Topic("exit-codes", "what each exit status means", List.of(
            new Text("A script can tell the failures apart by the exit status:"),
            EXIT_STATUSES));

    public static final Topic OUTPUT = new Topic("output", "what each output format prints", List.of(
            new Text("-o picks the format; the default is table on a terminal, json otherwise. --fields picks the fields "
                    + "and their order in every format; --jq prints a filter's results instead, one a line."),
            new Entries(List.of(
                    new Entry("json", "Lossless: every field the service sent, unknown ones included, with its names, order "
                            + "and number digits. resolve of one id prints the user, of several an array in input order; "
                            + "a page prints the list as sent; list --all prints {\"users\": [...], \"total\": N, \"offset\": 0, "
                            + "\"limit\": N}, N the users printed."),
                    new Entry("ndjson", "One compact user a line, lossless, written as pages arrive."),
                    new Entry("csv", "RFC 4180, a header row of the --fields names; sources are slugs joined by ';'. A cell "
                            + "that begins with =, +, -, @, a tab or CR gets a leading ' so a spreadsheet never runs it."),
                    new Entry("table", "For people: a card for one user, rows fitted to the terminal for several, and on a "
                            + "terminal a footer with the next page's command. From 60 columns the ids are never cut; "
                            + "other columns give way whole. Text from the service shows its control characters escaped."))),
            new Text("A list --all document cut short (Ctrl-C, SIGTERM, a failure part-way) is still closed, and ends with "
                    + "\"incomplete\": {\"reason\": \"interrupted\", \"terminated\" or \"failed\", \"next_offset\": N}: "
                    + "list --all --offset N goes on from the first user not printed; a whole walk has no such key. ndjson and "
                    + "csv end on a whole line. Into a reader that goes away (| head) the run stops at once, exit 0."),
            new Text("Output taller than the screen goes through $USERLOOKUP_PAGER, else $PAGER, else less -FRX; never "
                    + "into a pipe. Progress and retries show on one line of standard error, only at a terminal.")));

    public static final Topic REQUESTS = new Topic("requests", "how userlookup talks to the service", List.of(
            new Text("Each request sends the key in x-service-api-key, Accept: application/json, Accept-Encoding: gzip "
                    + "and User-Agent: userlookup/VERSION; -v shows each one, the key as ***. HTTP/2 over TLS where the "
                    + "server offers it, one connection shared by the whole run."),
            new Text("Connection failures, timeouts, 408, 500, 502 and 504 are retried --retries times with exponential "
                    + "backoff and jitter. A 429 or 503 slows the whole run: every request waits out one shared pause (the "
                    + "larger of Retry-After, up to 60 s, and the backoff), the requests in flight halve, and a refusal "
                    + "without Retry-After (a reverse proxy's rate limit) teaches the run a rate it keeps to. The run gives "
                    + "up once nothing has been answered for " + ClientSettings.GIVE_UP_SECONDS + " s; a Retry-After "
                    + "longer than 60 s fails at once, saying when to try again. 401, 403, 404 and 422 are never retried."),
            new Text("Redirects are followed only within the same scheme, host and port. Plain http:// goes only to "
                    + "loopback unless --allow-insecure-http. A password in a base URL is refused and never shown."),
            new Text("What the service sends is checked before anything is printed: a body that is not UTF-8 JSON of the "
                    + "shape expected, an object naming a key twice, a number no double can hold, a user with another "
                    + "client_user_id than the one asked for, or answers larger than memory allows is exit 5. An id is "
                    + "at most 1024 bytes of UTF-8, as an argument or a line of --stdin."),
            new Text("Network failures say what happened in one line: a host that does not resolve, a certificate from "
                    + "a CA the JDK does not trust (give it with --ca-cert), an expired one, one for another host, a proxy "
                    + "refusing its credentials (never retried).")));

    /** In the order help lists them. */
    public static final List<Topic> ALL = List.of(ENVIRONMENT, CONFIG, EXIT_CODES, OUTPUT, REQUESTS);

    private HelpTopics() {
    }

    public static Topic named(String name) {
        return ALL.stream().filter(topic -> topic.name().equals(name)).findFirst().orElse(null);
    }

    public static List<String> names() {
        return ALL.stream().map(Topic::name).toList();
    }

    private static Entry status(int code, String meaning) {
        return new Entry(String.valueOf(code), meaning);
    }
}
