package dev.userlookup.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.UsageException;
import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.fake.TestCa;
import dev.userlookup.console.ColorMode;
import dev.userlookup.console.FixedTerminal;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The precedence of every setting, one row a case: option, then environment variable, then
 * profile, then default; and the one exception, a profile's key only for its own base URL. No
 * HTTP: the resolver is a function of options, environment and the config file.
 */
class SettingsResolverTest {

    static final String PROD = "https://prod.example.test";
    static final String SANDBOX = "https://sandbox.example.test";
    static final String OTHER = "https://other.example.test";
    static final String PROD_KEY = "prod-key-0001";
    static final String SANDBOX_KEY = "sandbox-key-0002";
    static final String ENV_KEY = "env-key-0003";
    static final String FILE_KEY = "file-key-0004";
    static final String STDIN_KEY = "stdin-key-0005";

    @TempDir
    static Path home;
    static Path configFile;
    static Path keyFile;
    static Path profileCa;
    static Path optionCa;
    static Path envCa;
    static Path machineCa;

    @BeforeAll
    static void writeConfig() throws Exception {
        configFile = home.resolve(".config/userlookup/config.toml");
        Files.createDirectories(configFile.getParent());
        Path prodKey = configFile.resolveSibling("prod.key");
        Files.writeString(prodKey, PROD_KEY + "\n");
        keyFile = home.resolve("other.key");
        Files.writeString(keyFile, FILE_KEY + "\n");
        // Four copies of one CA certificate, so each row can tell which file won.
        Path pem = TestCa.shared().caPem();
        profileCa = Files.copy(pem, configFile.resolveSibling("prod-ca.pem"));
        optionCa = Files.copy(pem, home.resolve("option-ca.pem"));
        envCa = Files.copy(pem, home.resolve("env-ca.pem"));
        machineCa = Files.copy(pem, home.resolve("machine-bundle.pem"));
        Files.writeString(configFile, "default_profile = \"prod\"\n"
                + "[profiles.prod]\nbase_url = \"" + PROD + "\"\napi_key_file = \"prod.key\"\nca_cert = \"prod-ca.pem\"\n"
                + "[profiles.sandbox]\nbase_url = \"" + SANDBOX + "\"\napi_key_command = \"echo " + SANDBOX_KEY + "\"\n"
                + "[profiles.keyless]\nbase_url = \"" + SANDBOX + "\"\n");
        for (Path file : new Path[] {configFile, prodKey, keyFile}) {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        }
    }

    /** Options as typed; only the fields a row sets. */
    static final class Given {
        String baseUrl;
        String profile;
        String apiKeyFile;
        String caCert;
        OutputFormat output;
        ColorMode color;
        Double timeout;
        Integer retries;

        GivenOptions options() {
            return new Typed(baseUrl, profile, apiKeyFile, caCert, output, color, timeout, retries, false);
        }
    }

    /** What a command line said, as the settings read it. */
    record Typed(String baseUrl, String profile, String apiKeyFile, String caCert, OutputFormat output, ColorMode color,
            Double timeoutSeconds, Integer retries, boolean allowInsecureHttp) implements GivenOptions {
    }

    /** One row: the options and environment, which setting to read, its value and where it came from. */
    record Row(String name, java.util.function.Consumer<Given> options, Map<String, String> env, boolean terminal,
            Function<Settings, Sourced<?>> setting, Object value, String origin) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Row row(String name, java.util.function.Consumer<Given> options, Map<String, String> env,
            Function<Settings, Sourced<?>> setting, Object value, String origin) {
        return new Row(name, options, env, false, setting, value, origin);
    }

    private static Map<String, String> env(String... pairs) {
        Map<String, String> env = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            env.put(pairs[i], pairs[i + 1]);
        }
        return env;
    }

    private static final java.util.function.Consumer<Given> NONE = given -> { };

    /** The key as the name of the known key it is (its value is not readable outside api). */
    private static Sourced<?> key(Settings settings) {
        ApiKey key = settings.apiKey().value();
        for (String known : new String[] {PROD_KEY, SANDBOX_KEY, ENV_KEY, FILE_KEY, STDIN_KEY}) {
            if (key.redact(known).equals("***")) {
                return settings.apiKey().with(known);
            }
        }
        return settings.apiKey().with("an unknown key");
    }

    /** The path of the CA file at {@code index}: 0 is option, environment or profile; SSL_CERT_FILE's comes after. */
    private static Function<Settings, Sourced<?>> caFile(int index) {
        return settings -> {
            if (settings.caFiles().size() <= index) {
                return Sourced.byDefault(null);
            }
            Sourced<dev.userlookup.network.tls.CaFile> file = settings.caFiles().get(index);
            return file.with(file.value().path());
        };
    }

    private static Sourced<?> baseUrl(Settings settings) {
        return settings.baseUrl().with(settings.baseUrl().value().toString());
    }

    static Stream<Row> rows() {
        String profileOrigin = "profile prod in " + configFile;
        List<Row> rows = new ArrayList<>();
        // base URL: option, environment, profile
        rows.add(row("base URL from the option beats the environment", g -> g.baseUrl = OTHER,
                env("USERLOOKUP_BASE_URL", SANDBOX, "USERLOOKUP_API_KEY", ENV_KEY), SettingsResolverTest::baseUrl, OTHER, "option --base-url"));
        rows.add(row("base URL from the environment beats the profile", NONE,
                env("USERLOOKUP_BASE_URL", OTHER, "USERLOOKUP_API_KEY", ENV_KEY), SettingsResolverTest::baseUrl, OTHER,
                "environment USERLOOKUP_BASE_URL"));
        rows.add(row("base URL from the default profile", NONE, env(), SettingsResolverTest::baseUrl, PROD, profileOrigin));
        rows.add(row("a blank option falls through to the environment", g -> g.baseUrl = " ",
                env("USERLOOKUP_BASE_URL", OTHER, "USERLOOKUP_API_KEY", ENV_KEY), SettingsResolverTest::baseUrl, OTHER,
                "environment USERLOOKUP_BASE_URL"));
        // profile: option, environment, default_profile
        rows.add(row("profile from the option beats the environment", g -> g.profile = "sandbox",
                env("USERLOOKUP_PROFILE", "prod"), Settings::profile, "sandbox", "option --profile"));
        rows.add(row("profile from the environment beats default_profile", NONE,
                env("USERLOOKUP_PROFILE", "sandbox"), Settings::profile, "sandbox", "environment USERLOOKUP_PROFILE"));
        rows.add(row("profile from default_profile", NONE, env(), Settings::profile, "prod", "default_profile in " + configFile));
        rows.add(row("no profile when option and environment give base URL and key", NONE,
                env("USERLOOKUP_BASE_URL", OTHER, "USERLOOKUP_API_KEY", ENV_KEY), Settings::profile, null, "default"));
        // key: option (file, stdin), environment, profile (file, command)
        rows.add(row("key from --api-key-file beats the environment", g -> g.apiKeyFile = keyFile.toString(),
                env("USERLOOKUP_API_KEY", ENV_KEY), SettingsResolverTest::key, FILE_KEY, "option --api-key-file " + keyFile));
        rows.add(row("key from --api-key-file - (standard input)", g -> g.apiKeyFile = "-",
                env("USERLOOKUP_API_KEY", ENV_KEY), SettingsResolverTest::key, STDIN_KEY, "option --api-key-file - (standard input)"));
        rows.add(row("key from the environment beats the profile", NONE,
                env("USERLOOKUP_API_KEY", ENV_KEY), SettingsResolverTest::key, ENV_KEY, "environment USERLOOKUP_API_KEY"));
        // A refused key's hint names it: the profile and its key file or command.
        String prodKeyOrigin = "profile prod's api_key_file prod.key, in " + configFile;
        rows.add(row("key from the profile's key file", NONE, env(), SettingsResolverTest::key, PROD_KEY, prodKeyOrigin));
        rows.add(row("key from the profile's key command", g -> g.profile = "sandbox", env(), SettingsResolverTest::key,
                SANDBOX_KEY, "profile sandbox's api_key_command, in " + configFile));
        rows.add(row("the profile's key goes with the profile's own base URL from the environment", NONE,
                env("USERLOOKUP_BASE_URL", PROD + "/"), SettingsResolverTest::key, PROD_KEY, prodKeyOrigin));
        // A profile named by the --profile option beats the environment's base URL, key and CA file (as the AWS
        // CLI treats an explicit profile); options still beat it, and USERLOOKUP_PROFILE keeps the order above.
        String sandboxOrigin = "profile sandbox in " + configFile;
        String sandboxKeyOrigin = "profile sandbox's api_key_command, in " + configFile;
        Map<String, String> exported = env("USERLOOKUP_BASE_URL", OTHER, "USERLOOKUP_API_KEY", ENV_KEY);
        rows.add(row("--profile beats the environment's base URL", g -> g.profile = "sandbox", exported,
                SettingsResolverTest::baseUrl, SANDBOX, sandboxOrigin));
        rows.add(row("--profile beats the environment's key", g -> g.profile = "sandbox", exported,
                SettingsResolverTest::key, SANDBOX_KEY, sandboxKeyOrigin));
        rows.add(row("--profile beats the environment's key for a profile's key file", g -> g.profile = "prod", exported,
                SettingsResolverTest::key, PROD_KEY, prodKeyOrigin));
        rows.add(row("--profile beats the environment's CA file", g -> g.profile = "prod",
                env("USERLOOKUP_CA_CERT", envCa.toString()), caFile(0), profileCa, profileOrigin));
        rows.add(row("USERLOOKUP_PROFILE keeps the environment's base URL first",
                NONE, env("USERLOOKUP_PROFILE", "sandbox", "USERLOOKUP_BASE_URL", OTHER, "USERLOOKUP_API_KEY", ENV_KEY),
                SettingsResolverTest::baseUrl, OTHER, "environment USERLOOKUP_BASE_URL"));
        rows.add(row("USERLOOKUP_PROFILE keeps the environment's key first",
                NONE, env("USERLOOKUP_PROFILE", "sandbox", "USERLOOKUP_API_KEY", ENV_KEY),
                SettingsResolverTest::key, ENV_KEY, "environment USERLOOKUP_API_KEY"));
        rows.add(row("--base-url beats the profile named by --profile", g -> {
            g.profile = "sandbox";
            g.baseUrl = OTHER;
        }, exported, SettingsResolverTest::baseUrl, OTHER, "option --base-url"));
        rows.add(row("a base URL by option takes the environment's key, not the profile's, under --profile", g -> {
            g.profile = "sandbox";
            g.baseUrl = OTHER;
        }, exported, SettingsResolverTest::key, ENV_KEY, "environment USERLOOKUP_API_KEY"));
        rows.add(row("--api-key-file beats the profile named by --profile", g -> {
            g.profile = "sandbox";
            g.apiKeyFile = keyFile.toString();
        }, exported, SettingsResolverTest::key, FILE_KEY, "option --api-key-file " + keyFile));
        rows.add(row("--profile without a key takes the environment's key", g -> g.profile = "keyless",
                env("USERLOOKUP_API_KEY", ENV_KEY), SettingsResolverTest::key, ENV_KEY, "environment USERLOOKUP_API_KEY"));
        rows.add(row("--ca-cert beats the profile named by --profile", g -> {
            g.profile = "prod";
            g.caCert = optionCa.toString();
        }, env("USERLOOKUP_CA_CERT", envCa.toString()), caFile(0), optionCa, "option --ca-cert"));
        // CA file: option, environment, profile (relative to the config's folder); SSL_CERT_FILE beside any of them
        rows.add(row("CA file from --ca-cert beats the environment", g -> g.caCert = optionCa.toString(),
                env("USERLOOKUP_CA_CERT", envCa.toString()), caFile(0), optionCa, "option --ca-cert"));
        rows.add(row("CA file from the environment beats the profile", NONE,
                env("USERLOOKUP_CA_CERT", envCa.toString()), caFile(0), envCa, "environment USERLOOKUP_CA_CERT"));
        rows.add(row("CA file from the profile, relative to the config's folder", NONE, env(), caFile(0), profileCa, profileOrigin));
        rows.add(row("CA file from the environment with ~", NONE, env("USERLOOKUP_CA_CERT", "~/env-ca.pem"), caFile(0), envCa,
                "environment USERLOOKUP_CA_CERT"));
        rows.add(row("no CA file without option, environment or profile", NONE,
                env("USERLOOKUP_BASE_URL", OTHER, "USERLOOKUP_API_KEY", ENV_KEY), caFile(0), null, "default"));
        rows.add(row("SSL_CERT_FILE is read beside --ca-cert", g -> g.caCert = optionCa.toString(),
                env("SSL_CERT_FILE", machineCa.toString()), caFile(1), machineCa, "environment SSL_CERT_FILE"));
        rows.add(row("SSL_CERT_FILE alone", NONE, env("USERLOOKUP_BASE_URL", OTHER, "USERLOOKUP_API_KEY", ENV_KEY,
                "SSL_CERT_FILE", machineCa.toString()), caFile(0), machineCa, "environment SSL_CERT_FILE"));
        // timeout and retries: option, default (no environment variable or profile setting in the contract)
        rows.add(row("timeout from the option", g -> g.timeout = 2.5, env("USERLOOKUP_API_KEY", ENV_KEY), Settings::timeout,
                Duration.ofMillis(2500), "option --timeout"));
        rows.add(row("timeout by default", NONE, env("USERLOOKUP_API_KEY", ENV_KEY), Settings::timeout,
                Duration.ofSeconds(30), "default"));
        rows.add(row("retries from the option", g -> g.retries = 0, env("USERLOOKUP_API_KEY", ENV_KEY), Settings::retries,
                0, "option --retries"));
        rows.add(row("retries by default", NONE, env("USERLOOKUP_API_KEY", ENV_KEY), Settings::retries, 3, "default"));
        // output: option, default by terminal
        rows.add(row("output from the option", g -> g.output = OutputFormat.CSV, env(), Settings::output,
                OutputFormat.CSV, "option --output"));
        rows.add(row("output json by default into a pipe", NONE, env(), Settings::output, OutputFormat.JSON, "default"));
        rows.add(new Row("output table by default on a terminal", NONE, env(), true, Settings::output, OutputFormat.TABLE, "default"));
        return rows.stream();
    }

    private static Settings resolve(Given given, Map<String, String> env, boolean terminal, List<String> warnings) {
        Map<String, String> full = new HashMap<>(env);
        full.put("HOME", home.toString());
        return new SettingsResolver(full, new FixedTerminal(terminal, terminal, terminal ? 80 : 0),
                new ByteArrayInputStream((STDIN_KEY + "\n").getBytes(StandardCharsets.UTF_8)),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), warnings::add).resolve(given.options());
    }

    private static SettingsResolver.Inspection inspect(Given given, Map<String, String> env, boolean terminal) {
        Map<String, String> full = new HashMap<>(env);
        full.put("HOME", home.toString());
        return new SettingsResolver(full, new FixedTerminal(terminal, terminal, terminal ? 80 : 0),
                new ByteArrayInputStream((STDIN_KEY + "\n").getBytes(StandardCharsets.UTF_8)),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), warning -> { }).inspect(given.options());
    }

    /** doctor's inspection makes the very decisions of resolve: every row, the same value and origin. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void inspectDecidesAsResolveDoes(Row row) {
        Given given = new Given();
        row.options().accept(given);
        SettingsResolver.Inspection inspection = inspect(given, row.env(), row.terminal());

        Sourced<?> setting = row.setting().apply(inspection.settings());

        assertEquals(List.of(), inspection.problems());
        assertEquals(row.value(), setting.value());
        assertEquals(row.origin(), setting.origin());
    }

    @Test
    void inspectKeepsEveryProblemAndDecidesTheRest() {
        Given given = new Given();
        given.caCert = "/nonexistent/ca.pem";
        given.retries = 5;

        SettingsResolver.Inspection inspection = inspect(given, env("USERLOOKUP_BASE_URL", OTHER), false);

        assertEquals(List.of("the key of profile prod is for " + PROD + ", not " + OTHER
                        + "; give that service's key with USERLOOKUP_API_KEY or --api-key-file",
                "the CA file /nonexistent/ca.pem does not exist (from option --ca-cert)"), inspection.problems());
        assertEquals(OTHER, inspection.settings().baseUrl().value().toString());
        assertEquals(5, inspection.settings().retries().value());
        assertEquals(null, inspection.settings().apiKey().value());
        UsageException first = org.junit.jupiter.api.Assertions.assertThrows(UsageException.class,
                () -> resolve(given, env("USERLOOKUP_BASE_URL", OTHER), false, new ArrayList<>()));
        assertEquals(inspection.problems().get(0), first.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void precedence(Row row) {
        Given given = new Given();
        row.options().accept(given);
        List<String> warnings = new ArrayList<>();

        Sourced<?> setting = row.setting().apply(resolve(given, row.env(), row.terminal(), warnings));

        assertEquals(row.value(), setting.value());
        assertEquals(row.origin(), setting.origin());
        assertEquals(List.of(), warnings);
    }

    @Test
    void aProfilesKeyIsNotSentToABaseUrlFromElsewhere() {
        Given given = new Given();
        given.baseUrl = OTHER;
        given.profile = "prod";

        UsageException refused = assertThrows(UsageException.class, () -> resolve(given, env(), false, new ArrayList<>()));

        assertEquals("the key of profile prod is for " + PROD + ", not " + OTHER
                + "; give that service's key with USERLOOKUP_API_KEY or --api-key-file", refused.getMessage());
    }

    @Test
    void aBaseUrlFromTheEnvironmentAlsoNeedsItsOwnKey() {
        UsageException refused = assertThrows(UsageException.class,
                () -> resolve(new Given(), env("USERLOOKUP_BASE_URL", OTHER), false, new ArrayList<>()));

        assertTrue(refused.getMessage().startsWith("the key of profile prod is for " + PROD + ", not " + OTHER), refused.getMessage());
    }

    @Test
    void aProfileWithoutAKeyTakesTheKeyFromTheEnvironment() {
        Given given = new Given();
        given.profile = "keyless";

        Settings settings = resolve(given, env("USERLOOKUP_API_KEY", ENV_KEY), false, new ArrayList<>());

        assertEquals(SANDBOX, settings.baseUrl().value().toString());
        assertEquals("environment USERLOOKUP_API_KEY", settings.apiKey().origin());
        assertEquals(Sourced.Kind.CONFIG, settings.baseUrl().kind());
    }

    @Test
    void theEnvironmentsKeyDoesNotFollowItsBaseUrlDisplacedByAProfileWithoutAKey() {
        Given given = new Given();
        given.profile = "keyless";
        Map<String, String> exported = env("USERLOOKUP_BASE_URL", OTHER, "USERLOOKUP_API_KEY", ENV_KEY);

        UsageException refused = assertThrows(UsageException.class, () -> resolve(given, exported, false, new ArrayList<>()));
        SettingsResolver.Inspection inspection = inspect(given, exported, false);

        assertEquals("profile keyless has no key of its own, and USERLOOKUP_API_KEY is for " + OTHER + " (USERLOOKUP_BASE_URL), not "
                + SANDBOX + "; give the profile an api_key_file or api_key_command, or pass --api-key-file", refused.getMessage());
        assertEquals(List.of(refused.getMessage()), inspection.problems());
        assertEquals(SANDBOX, inspection.settings().baseUrl().value().toString());
        given.apiKeyFile = keyFile.toString();
        assertEquals(FILE_KEY, key(resolve(given, exported, false, new ArrayList<>())).value());
    }

    /** By default (auto) colour is on only for a table on a terminal; NO_COLOR, CLICOLOR_FORCE and --color change that. */
    @Test
    void colourIsOnOnlyForATableOnATerminal() {
        Given table = new Given();
        Given csv = new Given();
        csv.output = OutputFormat.CSV;
        Given tableInAPipe = new Given();
        tableInAPipe.output = OutputFormat.TABLE;
        Given always = new Given();
        always.output = OutputFormat.TABLE;
        always.color = ColorMode.ALWAYS;
        Given never = new Given();
        never.color = ColorMode.NEVER;

        assertTrue(resolve(table, env(), true, new ArrayList<>()).colorOn());
        assertEquals(false, resolve(table, env("NO_COLOR", "1"), true, new ArrayList<>()).colorOn());
        assertEquals(false, resolve(csv, env(), true, new ArrayList<>()).colorOn());
        assertEquals(false, resolve(table, env(), false, new ArrayList<>()).colorOn());
        assertEquals(false, resolve(tableInAPipe, env(), false, new ArrayList<>()).colorOn());
        assertTrue(resolve(tableInAPipe, env("CLICOLOR_FORCE", "1"), false, new ArrayList<>()).colorOn());
        assertTrue(resolve(always, env("NO_COLOR", "1"), false, new ArrayList<>()).colorOn());
        assertEquals(false, resolve(never, env("CLICOLOR_FORCE", "1"), true, new ArrayList<>()).colorOn());
    }

    @Test
    void noProxyUnlessTheEnvironmentNamesOne() {
        assertNull(resolve(new Given(), env(), false, new ArrayList<>()).proxy());
        assertEquals("http://proxy.example.test:3128",
                resolve(new Given(), env("HTTPS_PROXY", "http://proxy.example.test:3128"), false, new ArrayList<>()).proxy().display());
    }

    @Test
    void sslCertFileIsNotReadForPlainHttp() {
        Settings settings = resolve(new Given(), env("USERLOOKUP_BASE_URL", "http://127.0.0.1:1", "USERLOOKUP_API_KEY", ENV_KEY,
                "SSL_CERT_FILE", home.resolve("no-such-bundle.pem").toString()), false, new ArrayList<>());

        assertEquals(List.of(), settings.caFiles());
    }

    @Test
    void aCaFileThatIsMissingOrHoldsNoCertificateIsAUsageErrorNamingIt() throws Exception {
        Path empty = Files.writeString(home.resolve("empty.pem"), "");
        Given missing = new Given();
        missing.caCert = home.resolve("missing.pem").toString();

        assertEquals("the CA file " + home.resolve("missing.pem") + " does not exist (from option --ca-cert)",
                assertThrows(UsageException.class, () -> resolve(missing, env(), false, new ArrayList<>())).getMessage());
        assertEquals("the CA file " + empty + " holds no certificate (expected PEM: -----BEGIN CERTIFICATE-----)"
                + " (from environment SSL_CERT_FILE)", assertThrows(UsageException.class,
                        () -> resolve(new Given(), env("SSL_CERT_FILE", empty.toString()), false, new ArrayList<>())).getMessage());
    }
}
