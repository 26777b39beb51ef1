package dev.userlookup.commands;

import dev.userlookup.commands.options.GivenCommandLine;
import dev.userlookup.commands.options.OptionValues;

import dev.userlookup.commands.completion.CompletionScript;
import dev.userlookup.network.ClientSettings;
import dev.userlookup.settings.GivenOptions;
import dev.userlookup.settings.OutputFormat;
import dev.userlookup.settings.Settings;
import dev.userlookup.console.ColorMode;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * Only what was typed: defaults and precedence are {@link dev.userlookup.settings.SettingsResolver}'s,
 * one place. A description's first line is what help shows; the lines after it are for the man page.
 */
public final class GlobalOptions implements GivenOptions {

    /** The root command these options are part of: its parse holds the whole command line. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec root;

    @Option(names = "--base-url", paramLabel = "URL", order = 1, scope = ScopeType.INHERIT,
            description = {"The service's base URL (env USERLOOKUP_BASE_URL).", "A path prefix is allowed."})
    String baseUrl;

    @Option(names = "--profile", paramLabel = "NAME", order = 2, scope = ScopeType.INHERIT,
            completionCandidates = ProfileCandidates.class,
            description = {"A config file's profile (env USERLOOKUP_PROFILE).", "Default: the file's default_profile."})
    String profile;

    @Option(names = "--api-key-file", paramLabel = "FILE", order = 2, scope = ScopeType.INHERIT,
            description = {"Read the key from FILE ('-': standard input); otherwise env USERLOOKUP_API_KEY.",
                "No option takes the key itself: it would land in shell history and ps."})
    Path apiKeyFile;

    // A Path, so that shell completion offers files.
    @Option(names = "--ca-cert", paramLabel = "FILE", order = 2, scope = ScopeType.INHERIT,
            description = {"Also trust the CA certificates in this PEM file.",
                "Besides the JDK's own: for a TLS-inspecting company proxy or a private CA (env USERLOOKUP_CA_CERT, profile ca_cert; "
                        + "SSL_CERT_FILE is read too)."})
    Path caCert;

    @Option(names = {"-o", "--output"}, paramLabel = "FMT", order = 3, scope = ScopeType.INHERIT, converter = OptionValues.Output.class,
            completionCandidates = OptionValues.Output.class,
            description = "table, json, ndjson or csv. Default: table on a terminal, json otherwise.")
    OutputFormat output;

    @Option(names = "--color", paramLabel = "WHEN", order = 4, scope = ScopeType.INHERIT, converter = OptionValues.Color.class,
            completionCandidates = OptionValues.Color.class,
            description = {"auto, always or never (default: auto).",
                "auto: on a terminal only, off under NO_COLOR, on under CLICOLOR_FORCE."})
    ColorMode color;

    @Option(names = "--timeout", paramLabel = "SECONDS", order = 5, scope = ScopeType.INHERIT, converter = OptionValues.Seconds.class,
            description = {"Bound on one request, body included (default: " + Settings.DEFAULT_TIMEOUT_SECONDS + ").",
                "Above 0 and at most " + Settings.MAX_TIMEOUT_SECONDS + "."})
    Double timeoutSeconds;

    @Option(names = "--retries", paramLabel = "N", order = 6, scope = ScopeType.INHERIT, converter = OptionValues.Retries.class,
            description = {"Retries of a failed request (default: " + Settings.DEFAULT_RETRIES + ").",
                "At most " + Settings.MAX_RETRIES + ". Retried: connection failures, timeouts, 408, 500, 502, 504. A 429 or 503 "
                        + "slows the whole run to the rate the service lets through and is retried until it has answered "
                        + "nothing for " + ClientSettings.GIVE_UP_SECONDS + " s (with 0, not retried)."})
    Integer retries;

    @Option(names = "--allow-insecure-http", order = 7, scope = ScopeType.INHERIT,
            description = {"Permit plain http:// to hosts other than loopback.",
                "Without it the key never crosses the network in clear text."})
    boolean allowInsecureHttp;

    @Option(names = {"-v", "--verbose"}, order = 8, scope = ScopeType.INHERIT,
            description = {"Each request, status and time on standard error.",
                "The protocol (HTTP/2, TLS version) too; the key is shown as ***."})
    boolean verbose;

    @Override public String baseUrl() { return baseUrl; }
    @Override public String profile() { return profile; }
    @Override public String apiKeyFile() { return apiKeyFile == null ? null : apiKeyFile.toString(); }
    @Override public String caCert() { return caCert == null ? null : caCert.toString(); }
    @Override public OutputFormat output() { return output; }
    @Override public ColorMode color() { return color; }
    @Override public Double timeoutSeconds() { return timeoutSeconds; }
    @Override public Integer retries() { return retries; }
    @Override public boolean allowInsecureHttp() { return allowInsecureHttp; }
    boolean verbose() { return verbose; }

    /** Whether the key is to be read from standard input, which then cannot carry ids too. */
    boolean keyFromStdin() {
        return apiKeyFile != null && "-".equals(apiKeyFile.toString());
    }

    GivenCommandLine givenCommandLine() {
        return GivenCommandLine.of(root.commandLine().getParseResult());
    }

    /**
     * Completion of --profile: picocli writes this placeholder into the generated script, and
     * the script's build replaces it with a look-up of the config file's profile names.
     */
    static final class ProfileCandidates implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of(CompletionScript.PROFILE_PLACEHOLDER).iterator();
        }
    }
}
