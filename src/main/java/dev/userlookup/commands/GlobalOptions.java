package dev.userlookup.commands;

import dev.userlookup.commands.options.OptionValues;

import dev.userlookup.commands.completion.CompletionScript;
import dev.userlookup.network.ClientSettings;
import dev.userlookup.settings.GivenOptions;
import dev.userlookup.settings.Settings;
import dev.userlookup.settings.OutputFormat;
import dev.userlookup.console.ColorMode;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The options every command takes, before or after the subcommand (inherited). They hold only
 * what was typed: defaults and precedence are {@link dev.userlookup.settings.SettingsResolver}'s.
 */
public final class GlobalOptions {

    @Option(names = "--base-url", paramLabel = "URL", order = 1, scope = ScopeType.INHERIT,
            description = "The service's base URL, path prefix allowed (env USERLOOKUP_BASE_URL).")
    String baseUrl;

    @Option(names = "--profile", paramLabel = "NAME", order = 2, scope = ScopeType.INHERIT,
            completionCandidates = ProfileCandidates.class,
            description = "A profile of the config file (env USERLOOKUP_PROFILE; default: its default_profile).")
    String profile;

    @Option(names = "--api-key-file", paramLabel = "FILE", order = 2, scope = ScopeType.INHERIT,
            description = "Read the key from FILE ('-': standard input); otherwise env USERLOOKUP_API_KEY. "
                    + "No option takes the key itself: it would land in shell history and ps.")
    Path apiKeyFile;

    // A Path, so that shell completion offers files.
    @Option(names = "--ca-cert", paramLabel = "FILE", order = 2, scope = ScopeType.INHERIT,
            description = "PEM file of CA certificates to trust besides the JDK's own: a TLS-inspecting company proxy, "
                    + "a private CA (env USERLOOKUP_CA_CERT, profile ca_cert; SSL_CERT_FILE is read too).")
    Path caCert;

    @Option(names = {"-o", "--output"}, paramLabel = "FMT", order = 3, scope = ScopeType.INHERIT, converter = OptionValues.Output.class,
            completionCandidates = OptionValues.Output.class,
            description = "table, json, ndjson or csv. Default: table on a terminal, json otherwise.")
    OutputFormat output;

    @Option(names = "--color", paramLabel = "WHEN", order = 4, scope = ScopeType.INHERIT, converter = OptionValues.Color.class,
            completionCandidates = OptionValues.Color.class,
            description = "auto (terminal only; off under NO_COLOR, on under CLICOLOR_FORCE), always or never (default: auto).")
    ColorMode color;

    @Option(names = "--timeout", paramLabel = "SECONDS", order = 5, scope = ScopeType.INHERIT, converter = OptionValues.Seconds.class,
            description = "Bound on one request, body included, above 0 and at most " + Settings.MAX_TIMEOUT_SECONDS
                    + " (default: " + Settings.DEFAULT_TIMEOUT_SECONDS + ").")
    Double timeoutSeconds;

    @Option(names = "--retries", paramLabel = "N", order = 6, scope = ScopeType.INHERIT, converter = OptionValues.Retries.class,
            description = "Retries of a failed request: connection failures, timeouts, 408, 500, 502, 504 "
                    + "(0 to " + Settings.MAX_RETRIES + ", default: " + Settings.DEFAULT_RETRIES + "). A 429 or 503 slows the whole run "
                    + "to the rate the service lets through and is retried until it has answered nothing for "
                    + ClientSettings.GIVE_UP_SECONDS + " s (with 0, not retried).")
    Integer retries;

    @Option(names = "--allow-insecure-http", order = 7, scope = ScopeType.INHERIT,
            description = "Permit plain http:// to a host that is not loopback (the key would cross the network in clear text).")
    boolean allowInsecureHttp;

    @Option(names = {"-v", "--verbose"}, order = 8, scope = ScopeType.INHERIT,
            description = "Each request, status, time and protocol (HTTP/2, TLS version) on standard error (the key shown as ***).")
    boolean verbose;

    GivenOptions given() {
        return new GivenOptions(baseUrl, profile, apiKeyFile == null ? null : apiKeyFile.toString(),
                caCert == null ? null : caCert.toString(), output, color, timeoutSeconds, retries, allowInsecureHttp, verbose);
    }

    /** Whether the key is to be read from standard input, which then cannot carry ids too. */
    boolean keyFromStdin() {
        return apiKeyFile != null && "-".equals(apiKeyFile.toString());
    }

    /** How to ask for the next page: the options that chose the service carry over, never a key. */
    String nextPageCommand() {
        StringBuilder command = new StringBuilder("userlookup");
        if (profile != null) {
            command.append(" --profile ").append(shellWord(profile));
        }
        if (baseUrl != null) {
            command.append(" --base-url ").append(shellWord(baseUrl));
        }
        return command.append(" list").toString();
    }

    private static String shellWord(String word) {
        return word.matches("[A-Za-z0-9_./:@%+=,-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }

    /**
     * Completion of --profile: picocli writes this placeholder into the generated script, and
     * the script's build replaces it with a look-up of the config file's profile names.
     */
    static final class ProfileCandidates implements Iterable<String> {
        static final String PLACEHOLDER = CompletionScript.PROFILE_PLACEHOLDER;

        @Override
        public Iterator<String> iterator() {
            return List.of(PLACEHOLDER).iterator();
        }
    }
}
