package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import dev.userlookup.network.Request;
import dev.userlookup.network.Transport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Profiles from config.toml: choice, precedence, key sources, and every way they fail. Two
 * services in memory, each at its own base URL; a request goes to the one its URL names.
 */
class ProfilesTest {

    @RegisterExtension
    final Registry prod = new Registry("https://prod.example.test");

    @RegisterExtension
    final Registry sandbox = new Registry("https://sandbox.example.test");

    /** Anything not for prod goes to sandbox, which fails a request for another base URL. */
    private final Transport services = request -> (request.uri().toString().startsWith(prod.baseUrl() + "/") ? prod : sandbox)
            .send(request);

    @TempDir
    Path home;

    private Path config;

    @BeforeEach
    void setUp() throws Exception {
        for (Registry service : new Registry[] {prod, sandbox}) {
            service.get("/v2/user/resolve/x").optional().reply(Reply.ok(Users.user("u", "x")));
        }
        config = home.resolve(".config/userlookup/config.toml");
        Files.createDirectories(config.getParent());
        Path prodKey = home.resolve(".config/userlookup/prod.key");
        Files.writeString(prodKey, "prod-key-0001\n");
        Files.setPosixFilePermissions(prodKey, PosixFilePermissions.fromString("rw-------"));
        writeConfig("default_profile = \"prod\"\n"
                + "[profiles.prod]\n"
                + "base_url = \"" + prod.baseUrl() + "\"\n"
                + "api_key_file = \"~/.config/userlookup/prod.key\"\n"
                + "[profiles.sandbox]\n"
                + "base_url = \"" + sandbox.baseUrl() + "\"\n"
                + "api_key_command = \"printf 'sandbox-key-0002\\\\n'\"   # stdout is the key\n");
    }

    private void writeConfig(String toml) throws Exception {
        Files.writeString(config, toml);
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-------"));
    }

    private Cli cli() {
        return Cli.bare().env("HOME", home.toString()).through(services);
    }

    private static void assertKey(Registry service, String key) {
        List<Request> requests = service.requests();
        assertTrue(requests.stream().anyMatch(request -> request.uri().getRawPath().equals("/v2/user/resolve/x")
                && key.equals(request.headers().get("x-service-api-key"))), () -> "a resolve of x with the key " + key + " at "
                + service.baseUrl() + "; it had " + service.targets());
    }

    @Test
    void theDefaultProfileGivesBaseUrlAndKeyFile() {
        Cli.Result result = cli().run("resolve", "x");

        assertEquals(0, result.exit(), result::toString);
        assertEquals("", result.err());
        assertKey(prod, "prod-key-0001");
    }

    @Test
    void profileOptionBeatsTheEnvironmentWhichBeatsTheDefault() {
        Cli.Result byEnv = cli().env("USERLOOKUP_PROFILE", "sandbox").run("resolve", "x");
        Cli.Result byOption = cli().env("USERLOOKUP_PROFILE", "nonexistent").run("resolve", "x", "--profile", "sandbox");

        assertEquals(0, byEnv.exit(), byEnv::toString);
        assertEquals(0, byOption.exit(), byOption::toString);
        assertKey(sandbox, "sandbox-key-0002");
        assertEquals(0, prod.requests().size());
    }

    @Test
    void optionsAndEnvironmentBeatTheProfile() {
        Cli.Result envKey = cli().env("USERLOOKUP_API_KEY", "env-key-0003").env("USERLOOKUP_PROFILE", "sandbox").run("resolve", "x");
        Cli.Result optionUrlWithItsKey = cli().env("USERLOOKUP_BASE_URL", prod.baseUrl()).env("USERLOOKUP_API_KEY", "env-key-0004")
                .run("resolve", "x", "--base-url", sandbox.baseUrl());

        assertEquals(0, envKey.exit(), envKey::toString);
        assertEquals(0, optionUrlWithItsKey.exit(), optionUrlWithItsKey::toString);
        assertEquals(2, sandbox.requests().size());
        assertKey(sandbox, "env-key-0003");
        assertKey(sandbox, "env-key-0004");
        assertEquals(0, prod.requests().size());
    }

    @Test
    void aProfileNamedByTheOptionBeatsTheEnvironmentsServiceAndKey() {
        // The environment set up for one service, as a shell profile exports it; --profile names another.
        Cli.Result result = cli().env("USERLOOKUP_BASE_URL", sandbox.baseUrl()).env("USERLOOKUP_API_KEY", "env-key-0003")
                .run("--profile", "prod", "resolve", "x");

        assertEquals(0, result.exit(), result::toString);
        assertKey(prod, "prod-key-0001");
        assertEquals(0, sandbox.requests().size());
    }

    @Test
    void aProfileNamedByTheEnvironmentLeavesTheEnvironmentsServiceAndKeyFirst() {
        Cli.Result result = cli().env("USERLOOKUP_BASE_URL", sandbox.baseUrl()).env("USERLOOKUP_API_KEY", "env-key-0003")
                .env("USERLOOKUP_PROFILE", "prod").run("resolve", "x");

        assertEquals(0, result.exit(), result::toString);
        assertKey(sandbox, "env-key-0003");
        assertEquals(0, prod.requests().size());
    }

    @Test
    void underTheProfileOptionABaseUrlByOptionStillBringsItsOwnKey() {
        Cli.Result result = cli().env("USERLOOKUP_API_KEY", "env-key-0003")
                .run("--profile", "prod", "--base-url", sandbox.baseUrl(), "resolve", "x");

        assertEquals(0, result.exit(), result::toString);
        assertKey(sandbox, "env-key-0003");
        assertEquals(0, prod.requests().size());
    }

    @Test
    void aProfilesKeyNeverGoesToABaseUrlFromElsewhere() {
        Cli.Result result = cli().env("USERLOOKUP_BASE_URL", sandbox.baseUrl()).run("resolve", "x");

        assertEquals(2, result.exit(), result::toString);
        assertEquals("userlookup: the key of profile prod is for " + prod.baseUrl() + ", not " + sandbox.baseUrl()
                + "; give that service's key with USERLOOKUP_API_KEY or --api-key-file\n", result.err());
        assertEquals(0, sandbox.requests().size());
        assertEquals(0, prod.requests().size());
    }

    @Test
    void theNextPageHintKeepsTheProfile() {
        sandbox.getPath("/v2/user/").reply(Reply.ok(Users.page(0, 2, 10, 2)));

        Cli.Result result = cli().terminal(true, 120).run("--profile", "sandbox", "list", "--limit", "2", "--color", "never");

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.out().endsWith("Next page: userlookup --profile sandbox list --limit 2 --color never --offset 2\n"),
                result.out());
    }

    @Test
    void xdgConfigHomeIsHonoured() throws Exception {
        Path elsewhere = home.resolve("xdg");
        Files.createDirectories(elsewhere.resolve("userlookup"));
        Files.writeString(elsewhere.resolve("userlookup/config.toml"),
                "[profiles.only]\nbase_url = \"" + sandbox.baseUrl() + "\"\napi_key_command = \"echo xdg-key-0004\"\n");

        Cli.Result result = cli().env("XDG_CONFIG_HOME", elsewhere.toString()).run("resolve", "x", "--profile", "only");

        assertEquals(0, result.exit(), result::toString);
        assertKey(sandbox, "xdg-key-0004");
    }

    @Test
    void anUnknownProfileIsExit2AndNamesTheKnownOnes() {
        Cli.Result result = cli().run("resolve", "x", "--profile", "staging");

        assertEquals(2, result.exit());
        assertEquals("userlookup: unknown profile 'staging' in " + config + " (it has: prod, sandbox)\n", result.err());
    }

    @Test
    void aNamedProfileWithoutAConfigFileIsExit2() throws Exception {
        Files.delete(config);

        Cli.Result result = cli().run("resolve", "x", "--profile", "prod");

        assertEquals(2, result.exit());
        assertEquals("userlookup: profile prod: there is no config file at " + config + "\n", result.err());
    }

    @Test
    void aMissingKeyFileIsExit2AndNamesIt() throws Exception {
        Files.delete(home.resolve(".config/userlookup/prod.key"));

        Cli.Result result = cli().run("resolve", "x");

        assertEquals(2, result.exit());
        assertEquals("userlookup: profile prod: cannot read the API key file " + home.resolve(".config/userlookup/prod.key")
                + ": no such file\n", result.err());
        assertEquals(0, prod.requests().size());
    }

    @Test
    void aRelativeKeyFileIsRelativeToTheConfigFolder() throws Exception {
        writeConfig("[profiles.rel]\nbase_url = \"" + prod.baseUrl() + "\"\napi_key_file = \"prod.key\"\n");

        Cli.Result result = cli().run("resolve", "x", "--profile", "rel");

        assertEquals(0, result.exit(), result::toString);
        assertKey(prod, "prod-key-0001");
    }

    @Test
    void aFailingKeyCommandIsExit2WithoutItsOutput() throws Exception {
        writeConfig("[profiles.broken]\nbase_url = \"" + prod.baseUrl() + "\"\napi_key_command = \"echo secret-fragment-77; exit 3\"\n");

        Cli.Result result = cli().run("resolve", "x", "--profile", "broken");

        assertEquals(2, result.exit());
        assertEquals("userlookup: profile broken: the key command failed (exit 3)\n", result.err());
        assertFalse(result.out().contains("secret-fragment-77"));
        assertEquals(0, prod.requests().size());
    }

    @Test
    void aKeyCommandsFirstLineIsTheKeyAsPassPrintsIt() throws Exception {
        writeConfig("[profiles.pass]\nbase_url = \"" + prod.baseUrl() + "\"\n"
                + "api_key_command = \"printf 'pass-key-0006\\\\nlogin: me\\\\nurl: x\\\\n'\"\n");

        Cli.Result result = cli().run("resolve", "x", "--profile", "pass");

        assertEquals(0, result.exit(), result::toString);
        assertKey(prod, "pass-key-0006");
    }

    @Test
    void aKeyCommandThatPrintsNothingIsExit2() throws Exception {
        writeConfig("[profiles.silent]\nbase_url = \"" + prod.baseUrl() + "\"\napi_key_command = \"true\"\n");

        Cli.Result result = cli().run("resolve", "x", "--profile", "silent");

        assertEquals(2, result.exit());
        assertEquals("userlookup: profile silent: the key command printed no key\n", result.err());
    }

    @Test
    void tomlErrorsAreReportedWithTheirLine() throws Exception {
        writeConfig("default_profile = \"prod\"\n[profiles.prod]\nbase_url = https://no-quotes.test\n");

        Cli.Result result = cli().run("resolve", "x");

        assertEquals(2, result.exit(), result::toString);
        assertTrue(result.err().startsWith("userlookup: config " + config + ": line 3, column "), result.err());
        assertEquals(1, result.err().split("\n").length, result.err());
    }

    @Test
    void aMisspelledSettingIsExit2() throws Exception {
        writeConfig("[profiles.prod]\nbase_ulr = \"" + prod.baseUrl() + "\"\n");

        Cli.Result result = cli().run("resolve", "x", "--profile", "prod");

        assertEquals(2, result.exit());
        assertEquals("userlookup: config " + config + ": unknown setting 'base_ulr' in profile prod "
                + "(known: base_url, api_key_file, api_key_command, ca_cert)\n", result.err());
    }

    @Test
    void bothKeySourcesInOneProfileIsExit2() throws Exception {
        writeConfig("[profiles.prod]\nbase_url = \"" + prod.baseUrl() + "\"\napi_key_file = \"a\"\napi_key_command = \"b\"\n");

        Cli.Result result = cli().run("resolve", "x", "--profile", "prod");

        assertEquals(2, result.exit());
        assertTrue(result.err().contains("has both api_key_file and api_key_command"), result.err());
    }

    @Test
    void aConfigFileOthersCanReadDrawsNoWarning() throws Exception {
        // What the default umask (022) makes of a new file: the config holds no secret.
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-r--r--"));

        Cli.Result result = cli().run("resolve", "x");

        assertEquals(0, result.exit(), result::toString);
        assertEquals("", result.err());
    }

    /** A profile whose key command leaves a mark: it must never run from a config that is refused. */
    private Path markingProfile() throws Exception {
        Path mark = home.resolve("key-command-ran");
        writeConfig("default_profile = \"marking\"\n[profiles.marking]\nbase_url = \"" + prod.baseUrl() + "\"\n"
                + "api_key_command = \"touch '" + mark + "'; echo marking-key-0007\"\n");
        return mark;
    }

    private void assertRefused(Cli.Result result, Path mark, String message) {
        assertEquals(2, result.exit(), result::toString);
        assertEquals("userlookup: " + message + "\n", result.err());
        assertFalse(Files.exists(mark), "the key command ran");
        assertEquals(0, prod.requests().size());
    }

    @Test
    void aConfigFileOthersCanWriteIsRefusedAndItsKeyCommandNeverRuns() throws Exception {
        Path mark = markingProfile();
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-----w-"));

        Cli.Result result = cli().run("resolve", "x");

        assertRefused(result, mark, "config " + config + " is writable by others (mode 0602): refused, as it could run commands "
                + "as you (api_key_command); chmod go-w " + config);
    }

    @Test
    void aConfigFileASharedGroupCanWriteIsRefused() throws Exception {
        Path mark = markingProfile();
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-rw-r--"));
        changeOwnership(config, "unix:gid", 4243);

        Cli.Result result = cli().run("resolve", "x");

        assertRefused(result, mark, "config " + config + " is writable by others (mode 0664, group 4243): refused, as it could "
                + "run commands as you (api_key_command); chmod go-w " + config);
    }

    @Test
    void aConfigFileOnlyItsOwnersPrivateGroupCanWriteIsAccepted() throws Exception {
        // umask 002 with user private groups (Debian, Ubuntu) makes every file rw-rw-r--.
        String user = Files.getOwner(config).getName();
        assumeTrue(Files.readAttributes(config, java.nio.file.attribute.PosixFileAttributes.class).group().getName().equals(user),
                "the file's group is its owner's own (" + user + ")");
        assumeTrue(Files.readAllLines(Path.of("/etc/group")).stream()
                .filter(line -> line.startsWith(user + ":")).allMatch(line -> line.endsWith(":") || line.endsWith(":" + user)),
                "the group " + user + " has no other member");
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-rw-r--"));
        Files.setPosixFilePermissions(config.getParent(), PosixFilePermissions.fromString("rwxrwxr-x"));

        Cli.Result result = cli().run("resolve", "x");

        assertEquals(0, result.exit(), result::toString);
        assertEquals("", result.err());
    }

    @Test
    void aConfigFileAnotherUserOwnsIsRefused() throws Exception {
        Path mark = markingProfile();
        changeOwnership(config, "unix:uid", 4242);

        Cli.Result result = cli().run("resolve", "x");

        assertRefused(result, mark, "config " + config + " belongs to another user (4242): refused, as it could run commands "
                + "as you (api_key_command); use a file of your own");
    }

    @Test
    void aConfigInAFolderOthersCanWriteIsRefused() throws Exception {
        // Whoever can write the folder can put a config of theirs in place of yours.
        Path mark = markingProfile();
        Path folder = config.getParent();
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxrwxrwx"));

        Cli.Result result = cli().run("resolve", "x");

        assertRefused(result, mark, "the folder " + folder + " of config " + config + " is writable by others (mode 0777): refused, "
                + "as it could run commands as you (api_key_command); chmod go-w " + folder);
    }

    @Test
    void aKeyFileOthersCanWriteIsRefused() throws Exception {
        Path key = home.resolve(".config/userlookup/prod.key");
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-----w-"));

        Cli.Result result = cli().run("resolve", "x");

        assertEquals(2, result.exit(), result::toString);
        assertEquals("userlookup: the API key file " + key + " is writable by others (mode 0602): refused; chmod go-w " + key + "\n",
                result.err());
        assertEquals(0, prod.requests().size());
    }

    @Test
    void aKeyFileAnotherUserOwnsIsRefused() throws Exception {
        Path key = home.resolve(".config/userlookup/prod.key");
        changeOwnership(key, "unix:uid", 4242);

        Cli.Result result = cli().run("resolve", "x");

        assertEquals(2, result.exit(), result::toString);
        assertEquals("userlookup: the API key file " + key + " belongs to another user (4242): refused; use a file of your own\n",
                result.err());
        assertEquals(0, prod.requests().size());
    }

    /**
     * Gives the file to another user or group, as only root can: tests that need it are skipped,
     * saying so, where they do not run as root.
     */
    static void changeOwnership(Path file, String attribute, int id) throws Exception {
        try {
            Files.setAttribute(file, attribute, id);
        } catch (java.nio.file.FileSystemException e) {
            assumeTrue(false, "only root can give a file to another user or group here (running as "
                    + System.getProperty("user.name") + "): " + e.getMessage());
        }
    }

    @Test
    void withEverythingGivenTheConfigIsNotEvenRead() throws Exception {
        writeConfig("this is = not [ toml");

        Cli.Result result = cli().env("USERLOOKUP_BASE_URL", prod.baseUrl()).env("USERLOOKUP_API_KEY", "k-00000005").run("resolve", "x");

        assertEquals(0, result.exit(), result::toString);
    }
}
