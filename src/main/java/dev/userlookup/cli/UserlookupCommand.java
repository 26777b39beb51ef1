package dev.userlookup.cli;

import dev.userlookup.Version;
import dev.userlookup.api.ApiKey;
import dev.userlookup.api.BaseUrl;
import dev.userlookup.api.ClientSettings;
import dev.userlookup.api.ProxyConfig;
import dev.userlookup.api.ServiceClient;
import dev.userlookup.config.ConfigFile;
import dev.userlookup.config.Profile;
import dev.userlookup.output.OutputFormat;
import dev.userlookup.output.RenderContext;
import dev.userlookup.output.Renderer;
import dev.userlookup.output.Renderers;
import dev.userlookup.terminal.ColorMode;
import dev.userlookup.terminal.SafeText;
import dev.userlookup.terminal.Style;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * {@code userlookup}: the global options (inherited, so they work before or after the
 * subcommand) and what they build: the client and the renderer the subcommands use.
 */
@Command(
        name = "userlookup",
        scope = ScopeType.INHERIT,
        mixinStandardHelpOptions = true,
        versionProvider = UserlookupCommand.VersionProvider.class,
        subcommands = {ResolveCommand.class, ListCommand.class},
        sortOptions = false,
        usageHelpAutoWidth = true,
        header = "Look up the end users of the health-data service.",
        description = "Resolves a user by the client_user_id your team gave it, or lists the team's users. "
                + "Output is a table on a terminal and JSON otherwise; see -o.",
        footerHeading = "%nEnvironment:%n",
        footer = {
            "  USERLOOKUP_BASE_URL   the service's base URL (--base-url beats it)",
            "  USERLOOKUP_API_KEY    the team key (--api-key-file beats it)",
            "  USERLOOKUP_PROFILE    the profile to use (--profile beats it)",
            "  HTTPS_PROXY, HTTP_PROXY, NO_PROXY   as curl reads them",
            "  NO_COLOR, CLICOLOR_FORCE   turn colour off, or on even into a pipe",
            "",
            "Profiles: ~/.config/userlookup/config.toml (or under $XDG_CONFIG_HOME):",
            "  default_profile = \"prod\"",
            "  [profiles.prod]",
            "  base_url = \"https://api.example.test\"",
            "  api_key_file = \"~/.config/userlookup/prod.key\"   # or api_key_command",
            "An option beats its environment variable, which beats the profile.",
            "",
            "Exit status:",
            "  0  success (also when the reader of the output went away)",
            "  1  an unexpected failure inside the tool",
            "  2  usage or input error: bad option or value, missing base URL or key,",
            "     or HTTP 422 from the service",
            "  3  not found: no user has that client_user_id",
            "  4  authentication or permission refused (HTTP 401, 403)",
            "  5  the service could not be used: unreachable, timed out, 5xx or 429",
            "     after retries, or a body that is not the JSON expected",
            "  130  interrupted",
        })
public final class UserlookupCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

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
    String apiKeyFile;

    @Option(names = {"-o", "--output"}, paramLabel = "FMT", order = 3, scope = ScopeType.INHERIT, converter = OutputFormatConverter.class,
            completionCandidates = OutputFormatConverter.Candidates.class,
            description = "table, json, ndjson or csv. Default: table on a terminal, json otherwise.")
    OutputFormat output;

    @Option(names = "--color", paramLabel = "WHEN", order = 4, scope = ScopeType.INHERIT, converter = ColorModeConverter.class,
            completionCandidates = ColorModeConverter.Candidates.class, defaultValue = "auto",
            description = "auto (terminal only; off under NO_COLOR, on under CLICOLOR_FORCE), always or never.")
    ColorMode color;

    @Option(names = "--timeout", paramLabel = "SECONDS", order = 5, scope = ScopeType.INHERIT, defaultValue = "30",
            description = "Bound on one request, body included (default: ${DEFAULT-VALUE}).")
    double timeoutSeconds;

    @Option(names = "--retries", paramLabel = "N", order = 6, scope = ScopeType.INHERIT, defaultValue = "3",
            description = "Retries of a failed request: connection failures, timeouts, 408, 429, 500, 502-504 "
                    + "(default: ${DEFAULT-VALUE}).")
    int retries;

    @Option(names = "--allow-insecure-http", order = 7, scope = ScopeType.INHERIT,
            description = "Permit plain http:// to a host that is not loopback (the key would cross the network in clear text).")
    boolean allowInsecureHttp;

    @Option(names = {"-v", "--verbose"}, order = 8, scope = ScopeType.INHERIT,
            description = "Each request, status and time on standard error (the key shown as ***).")
    boolean verbose;

    /** Requests (resolve) or pages (list --all) in flight at once, at most. */
    static final int MAX_PARALLEL = 16;

    private final Io io;
    private ApiKey apiKey;
    private ServiceClient client;

    UserlookupCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: resolve or list");
    }

    Io io() {
        return io;
    }

    static void checkParallel(String command, int parallel) {
        if (parallel < 1 || parallel > MAX_PARALLEL) {
            throw new UsageException(command + ": --parallel must be between 1 and " + MAX_PARALLEL + " (was " + parallel + ")");
        }
    }

    boolean verbose() {
        return verbose;
    }

    /** One line on stderr, {@code userlookup: <text>}: key redacted, server text made safe. */
    void say(String message) {
        io.stderr().println("userlookup: " + SafeText.escape(redact(message)));
        io.stderr().flush();
    }

    /** Takes the key out of any text, once it is known. */
    String redact(String text) {
        return apiKey == null ? text : apiKey.redact(text);
    }

    OutputFormat outputFormat() {
        if (output != null) {
            return output;
        }
        return io.terminal().stdoutIsTerminal() ? OutputFormat.TABLE : OutputFormat.JSON;
    }

    Renderer renderer() {
        OutputFormat format = outputFormat();
        boolean terminal = io.terminal().stdoutIsTerminal();
        Style style = new Style(format == OutputFormat.TABLE && color.enabled(io.terminal(), io.env()));
        int width = format == OutputFormat.TABLE && terminal ? io.terminal().width() : 0;
        return Renderers.create(format, new RenderContext(io.stdout(), style, width, terminal, nextPageCommand()));
    }

    /** How to ask for the next page: the options that chose the service carry over, never a key. */
    private String nextPageCommand() {
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

    /** The client, once options and environment say where and with which key; exit 2 otherwise. */
    ServiceClient client() {
        if (!(timeoutSeconds > 0) || timeoutSeconds > 86_400) {
            throw new UsageException("--timeout must be a number of seconds above 0 (was " + timeoutSeconds + ")");
        }
        if (retries < 0 || retries > 100) {
            throw new UsageException("--retries must be between 0 and 100 (was " + retries + ")");
        }
        String url = firstNonBlank(baseUrl, io.env().get("USERLOOKUP_BASE_URL"));
        boolean keyGiven = KeySource.givenOutsideProfile(apiKeyFile, io);
        String profileName = firstNonBlank(profile, io.env().get("USERLOOKUP_PROFILE"));
        Profile chosen = profileName != null || url == null || !keyGiven ? chooseProfile(profileName) : null;
        if (url == null && chosen != null) {
            url = chosen.baseUrl();
        }
        if (url == null) {
            throw new UsageException("no base URL: pass --base-url URL or set USERLOOKUP_BASE_URL"
                    + (chosen == null ? "" : ", or give profile " + chosen.name() + " a base_url"));
        }
        BaseUrl base;
        try {
            base = BaseUrl.parse(url, allowInsecureHttp);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        apiKey = new KeySource(io, this::say).load(apiKeyFile, chosen, url);
        ProxyConfig proxy;
        try {
            proxy = ProxyConfig.fromEnvironment(io.env(), base.uri());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        ClientSettings settings = new ClientSettings(base, apiKey,
                Duration.ofMillis(Math.max(1, Math.round(timeoutSeconds * 1000))), retries,
                ClientSettings.DEFAULT_RETRY_BASE_DELAY, "userlookup/" + Version.get(), proxy,
                verbose ? line -> io.stderr().println(SafeText.escape(redact(line))) : null);
        client = new ServiceClient(settings);
        return client;
    }

    /** Lets the client's threads go, so the process can end without waiting for them. */
    void close() {
        if (client != null) {
            client.close();
        }
    }

    /**
     * The profile named by --profile, USERLOOKUP_PROFILE or the file's default_profile; null
     * when none is named and there is no file. A name that the file lacks is exit 2.
     */
    private Profile chooseProfile(String explicitName) {
        Path path = ConfigFile.location(io.env());
        ConfigFile config = ConfigFile.loadIfPresent(path);
        if (config == null) {
            if (explicitName != null) {
                throw new UsageException("profile " + explicitName + ": there is no config file at " + path);
            }
            return null;
        }
        KeySource.warnIfOthersCanRead(path, this::say);
        String name = explicitName != null ? explicitName : config.defaultProfile();
        if (name == null) {
            return null;
        }
        Profile chosen = config.profiles().get(name);
        if (chosen == null) {
            throw new UsageException("unknown profile '" + name + "' in " + path
                    + (config.profiles().isEmpty() ? " (it has none)" : " (it has: " + String.join(", ", config.profiles().keySet()) + ")"));
        }
        return chosen;
    }

    private static String firstNonBlank(String... values) {
        for (String value : values) {
            if (value != null && !value.isBlank()) {
                return value;
            }
        }
        return null;
    }

    /** {@code -V}: the tool and the Java it runs on. */
    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"userlookup " + Version.get(),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
        }
    }

    /**
     * Completion of --profile: picocli writes this placeholder into the generated script, and
     * the script's build replaces it with a look-up of the config file's profile names.
     */
    static final class ProfileCandidates implements Iterable<String> {
        static final String PLACEHOLDER = "__USERLOOKUP_PROFILES__";

        @Override
        public Iterator<String> iterator() {
            return List.of(PLACEHOLDER).iterator();
        }
    }

    static final class OutputFormatConverter implements CommandLine.ITypeConverter<OutputFormat> {
        @Override
        public OutputFormat convert(String value) {
            try {
                return OutputFormat.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }

        static final class Candidates implements Iterable<String> {
            @Override
            public Iterator<String> iterator() {
                return List.of("table", "json", "ndjson", "csv").iterator();
            }
        }
    }

    static final class ColorModeConverter implements CommandLine.ITypeConverter<ColorMode> {
        @Override
        public ColorMode convert(String value) {
            try {
                return ColorMode.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("expected one of auto, always, never but was '" + value + "'");
            }
        }

        static final class Candidates implements Iterable<String> {
            @Override
            public Iterator<String> iterator() {
                return List.of("auto", "always", "never").iterator();
            }
        }
    }
}
