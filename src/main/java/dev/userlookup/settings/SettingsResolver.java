package dev.userlookup.settings;

import dev.userlookup.UsageException;
import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.network.BaseUrl;
import dev.userlookup.network.tls.CaFile;
import dev.userlookup.network.ProxyConfig;
import dev.userlookup.console.ColorMode;
import dev.userlookup.console.Terminal;
import dev.userlookup.settings.Sourced.Kind;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Option, environment, profile, default; but a profile named by {@code --profile} comes before the
 * environment (as the AWS CLI treats it: the person chose it just now). A profile's key is sent only
 * to that profile's base_url.
 */
public final class SettingsResolver {

    static final String BASE_URL_ENV = "USERLOOKUP_BASE_URL";
    static final String PROFILE_ENV = "USERLOOKUP_PROFILE";
    static final String CA_CERT_ENV = "USERLOOKUP_CA_CERT";
    /** The machine's CA bundle as curl, OpenSSL and Go read it; company machines set it. */
    static final String SSL_CERT_FILE = "SSL_CERT_FILE";

    private final Map<String, String> env;
    private final Terminal terminal;
    private final KeySource keys;

    public SettingsResolver(Map<String, String> env, Terminal terminal, InputStream stdin, PrintStream prompt,
            Consumer<String> warn) {
        this.env = env;
        this.terminal = terminal;
        this.keys = new KeySource(env, stdin, terminal, prompt, warn, new KeyWait(terminal, prompt, KeyWait.BOUND, KeyWait.NOTICE_AFTER));
    }

    public Settings resolve(GivenOptions given) {
        return decide(given, null);
    }

    /** For {@code doctor}: a setting missing or wrong is left null, its problem kept, and the others still decided. */
    public Inspection inspect(GivenOptions given) {
        List<String> problems = new ArrayList<>();
        Settings settings = decide(given, problems);
        return new Inspection(settings, problems);
    }

    public record Inspection(Settings settings, List<String> problems) {
        public Inspection {
            problems = List.copyOf(problems);
        }
    }

    /**
     * The decision, or null with its refusal kept in {@code problems} (doctor's); thrown when there is no list.
     * A value refused in its own class's words (base URL, proxy, key) is refused as the user's input.
     */
    private static <T> T attempt(List<String> problems, Supplier<T> decision) {
        try {
            return decision.get();
        } catch (UsageException | IllegalArgumentException e) {
            if (problems == null) {
                throw e instanceof UsageException usage ? usage : new UsageException(e.getMessage(), e);
            }
            problems.add(e.getMessage());
            return null;
        }
    }

    private Settings decide(GivenOptions given, List<String> problems) {
        // Their bounds are checked as the command line is parsed.
        Sourced<Duration> timeout = given.timeoutSeconds() == null ? Sourced.byDefault(Duration.ofSeconds(Settings.DEFAULT_TIMEOUT_SECONDS))
                : Sourced.option(Duration.ofMillis(Math.max(1, Math.round(given.timeoutSeconds() * 1000))), "--timeout");
        Sourced<Integer> retries = given.retries() == null ? Sourced.byDefault(Settings.DEFAULT_RETRIES)
                : Sourced.option(given.retries(), "--retries");
        Sourced<OutputFormat> output = given.output() != null ? Sourced.option(given.output(), "--output")
                : Sourced.byDefault(terminal.stdoutIsTerminal() ? OutputFormat.TABLE : OutputFormat.JSON);
        ColorMode color = given.color() != null ? given.color() : ColorMode.AUTO;
        boolean colorOn = output.value() == OutputFormat.TABLE && color.enabled(terminal, env);

        Sourced<String> givenUrl = firstOf(given.baseUrl(), "--base-url", BASE_URL_ENV);
        Sourced<String> profileName = firstOf(given.profile(), "--profile", PROFILE_ENV);
        Path configFile = ConfigFile.location(env);
        Profile chosen = profileName.value() != null || givenUrl.value() == null || !keys.givenOutsideProfile(given.apiKeyFile())
                ? attempt(problems, () -> chooseProfile(profileName.value(), configFile)) : null;
        // Without a profile read, the name given (if any) is shown as given.
        Sourced<String> profile = chosen == null ? profileName
                : profileName.value() != null ? profileName.with(chosen.name()) : Sourced.config(chosen.name(), null, configFile);
        boolean profileBeforeEnvironment = profileName.kind() == Kind.OPTION;
        Sourced<String> url = chosen != null && chosen.baseUrl() != null
                && (givenUrl.value() == null || profileBeforeEnvironment && givenUrl.kind() == Kind.ENVIRONMENT)
                ? Sourced.config(chosen.baseUrl(), chosen.name(), configFile)
                : givenUrl;
        // The profile's own key comes before the environment's only for a base URL it may go to: its
        // own, or any when it names none. A base URL given by option brings its own key, as ever.
        boolean profileKeyFirst = profileBeforeEnvironment && chosen != null && (chosen.apiKeyFile() != null || chosen.apiKeyCommand() != null)
                && (chosen.baseUrl() == null || url.kind() == Kind.CONFIG);
        BaseUrl base = attempt(problems, () -> {
            if (url.value() == null) {
                throw new UsageException("no base URL: pass --base-url URL or set " + BASE_URL_ENV
                        + (chosen == null ? "" : ", or give profile " + chosen.name() + " a base_url"));
            }
            // Where it came from is said unless the person typed it just now.
            return BaseUrl.parse(url.value(), given.allowInsecureHttp(),
                    url.kind() == Kind.OPTION ? null : url.origin());
        });
        // The environment's key goes with the environment's base URL: where --profile took that
        // base URL's place, the key must not follow to the profile's service.
        boolean envKeyDisplaced = !profileKeyFirst && profileBeforeEnvironment && given.apiKeyFile() == null
                && givenUrl.kind() == Kind.ENVIRONMENT && url.kind() == Kind.CONFIG
                && keys.givenOutsideProfile(null);
        Sourced<ApiKey> decidedKey = attempt(problems, () -> {
            if (envKeyDisplaced) {
                throw new UsageException("profile " + chosen.name() + " has no key of its own, and " + KeySource.ENV + " is for "
                        + givenUrl.value() + " (" + BASE_URL_ENV + "), not " + url.value()
                        + "; give the profile an api_key_file or api_key_command, or pass --api-key-file");
            }
            return keys.load(given.apiKeyFile(), chosen, configFile, url.value(), profileKeyFirst);
        });
        Sourced<ApiKey> key = decidedKey != null ? decidedKey : Sourced.byDefault(null);
        ProxyConfig proxy = base == null ? null : attempt(problems, () -> ProxyConfig.fromEnvironment(env, base.uri()));
        boolean https = base != null ? base.isHttps() : url.value() != null && url.value().trim().regionMatches(true, 0, "https:", 0, 6);
        List<Sourced<CaFile>> caFiles = caFiles(given.caCert(), chosen, profileBeforeEnvironment, configFile, https, problems);
        return new Settings(url.with(base), profile, key, proxy, caFiles, timeout, retries, output, colorOn);
    }

    /**
     * SSL_CERT_FILE is added beside whichever of the others: it is the machine's bundle (often with
     * the company proxy's CA) while they name the service's CA.
     */
    private List<Sourced<CaFile>> caFiles(String option, Profile chosen, boolean profileBeforeEnvironment, Path configFile, boolean https,
            List<String> problems) {
        List<Sourced<CaFile>> files = new ArrayList<>();
        Sourced<String> given = firstOf(option, "--ca-cert", CA_CERT_ENV);
        boolean profileFirst = profileBeforeEnvironment && given.kind() == Kind.ENVIRONMENT
                && chosen != null && chosen.caCert() != null;
        if (given.value() != null && !profileFirst) {
            files.add(attempt(problems, () -> caFile(given.with(UserPaths.expand(given.value().trim(), env, null)))));
        } else if (chosen != null && chosen.caCert() != null) {
            files.add(attempt(problems,
                    () -> caFile(Sourced.config(ConfigFile.profilePath(chosen.caCert(), env), chosen.name(), configFile))));
        }
        String machine = env.get(SSL_CERT_FILE);
        if (https && machine != null && !machine.isBlank()) {
            files.add(attempt(problems, () -> caFile(Sourced.environment(Path.of(machine.trim()), SSL_CERT_FILE))));
        }
        // A file that could not be read is null here, its problem kept.
        return files.stream().filter(Objects::nonNull).toList();
    }

    private static Sourced<CaFile> caFile(Sourced<Path> path) {
        try {
            return path.with(CaFile.read(path.value()));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage() + " (from " + path.origin() + ")", e);
        }
    }

    private Sourced<String> firstOf(String option, String optionName, String variable) {
        if (option != null && !option.isBlank()) {
            return Sourced.option(option, optionName);
        }
        String fromEnv = env.get(variable);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return Sourced.environment(fromEnv, variable);
        }
        return Sourced.byDefault(null);
    }

    private Profile chooseProfile(String explicitName, Path path) {
        ConfigFile config = ConfigFile.loadIfPresent(path);
        if (config == null) {
            if (explicitName != null) {
                throw new UsageException("profile " + explicitName + ": there is no config file at " + path);
            }
            return null;
        }
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
}
