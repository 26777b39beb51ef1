package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.userlookup.console.DisplayWidth;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code userlookup profiles}: the config's profiles, never a key, never a command run. */
class ProfilesCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path home;

    private Path config;
    private Path keyFile;
    private Path mark;

    @BeforeEach
    void setUp() throws Exception {
        config = home.resolve(".config/userlookup/config.toml");
        Files.createDirectories(config.getParent());
        keyFile = home.resolve(".config/userlookup/prod.key");
        Files.writeString(keyFile, "prod-key-secret-0001\n");
        Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("rw-------"));
        mark = home.resolve("key-command-ran");
        Files.writeString(home.resolve("sandbox.key"), "sandbox-key-secret-0002\n");
        Files.writeString(config, "default_profile = \"prod\"\n"
                + "[profiles.prod]\n"
                + "base_url = \"https://svc.example.test\"\n"
                + "api_key_file = \"~/.config/userlookup/prod.key\"\n"
                + "[profiles.sandbox]\n"
                + "base_url = \"https://sandbox.example.test\"\n"
                + "api_key_command = \"touch '" + mark + "'; cat sandbox.key\"\n"
                + "ca_cert = \"company-ca.pem\"\n"
                + "[profiles.bare]\n");
    }

    private Cli cli() {
        return Cli.bare().env("HOME", home.toString());
    }

    private void assertNoKeyTouched(Cli.Result result) {
        assertFalse(Files.exists(mark), "the key command ran");
        assertFalse(result.out().contains("secret") || result.err().contains("secret"), result::toString);
    }

    @Test
    void aTableAtATerminalMarksTheDefaultAndSaysWhereEachKeyComesFrom() {
        Cli.Result result = cli().terminal(true, 200).run("profiles");

        assertEquals(0, result.exit(), result::toString);
        String command = "touch '" + mark + "'; cat sandbox.key";
        assertEquals("Profiles in " + config + ":\n"
                + "   NAME     BASE URL                      KEY FROM\n"
                + "*  prod     https://svc.example.test      file " + keyFile + "\n"
                + "   sandbox  https://sandbox.example.test  command " + command + "\n"
                + "   bare     none                          none\n"
                + "* default_profile: used when neither --profile nor USERLOOKUP_PROFILE names one\n",
                result.out(), result::toString);
        assertEquals("", result.err());
        assertFalse(Files.exists(mark), "the key command ran");
        assertFalse(result.out().contains("prod-key-secret-0001"));
    }

    @Test
    void offATerminalItIsOneJsonDocumentForScripts() throws Exception {
        Cli.Result result = cli().run("profiles");

        assertEquals(0, result.exit(), result::toString);
        JsonNode document = JSON.readTree(result.out());
        assertEquals(config.toString(), document.get("config").asText());
        assertTrue(document.get("exists").asBoolean());
        assertEquals("prod", document.get("default_profile").asText());
        JsonNode profiles = document.get("profiles");
        assertEquals(3, profiles.size());
        assertEquals("prod", profiles.get(0).get("name").asText());
        assertTrue(profiles.get(0).get("default").asBoolean());
        assertEquals("https://svc.example.test", profiles.get(0).get("base_url").asText());
        assertEquals(keyFile.toString(), profiles.get(0).get("key_from").get("file").asText());
        assertTrue(profiles.get(0).get("ca_cert").isNull());
        assertFalse(profiles.get(1).get("default").asBoolean());
        assertTrue(profiles.get(1).get("key_from").get("command").asText().startsWith("touch "));
        assertEquals(config.getParent().resolve("company-ca.pem").toString(), profiles.get(1).get("ca_cert").asText());
        assertTrue(profiles.get(2).get("base_url").isNull());
        assertTrue(profiles.get(2).get("key_from").isNull());
        assertFalse(result.out().contains("prod-key-secret-0001"));
        assertFalse(Files.exists(mark), "the key command ran");
    }

    @Test
    void jsonAtATerminalWhenAskedAndTableIntoAPipeWhenAsked() throws Exception {
        Cli.Result json = cli().terminal(true, 80).run("profiles", "-o", "json");
        Cli.Result table = cli().run("-o", "table", "profiles");

        assertEquals("prod", JSON.readTree(json.out()).get("default_profile").asText());
        assertTrue(table.out().startsWith("Profiles in " + config + ":\n   NAME "), table::toString);
    }

    @Test
    void fittedToANarrowTerminalNothingWraps() {
        for (int width : new int[] {40, 60, 80}) {
            Cli.Result result = cli().terminal(true, width).run("profiles");

            assertEquals(0, result.exit(), result::toString);
            for (String line : result.out().split("\n")) {
                // The config's path is one word: it keeps a line of its own, whole.
                if (!line.contains(config.toString())) {
                    assertTrue(DisplayWidth.of(line) <= width, width + " columns: " + line);
                }
            }
            assertTrue(result.out().contains("\n*  prod "), result.out());
            assertTrue(result.out().contains("\n   sandbox "), result.out());
        }
    }

    @Test
    void whatTheConfigHoldsReachesTheTerminalEscaped() throws Exception {
        Files.writeString(config, "[profiles.\"red\\u001b[31m\"]\nbase_url = \"https://a.test/\\u0007\"\napi_key_command = \"x\\u009b2J\"\n");

        Cli.Result result = cli().terminal(true, 120).run("profiles");

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.out().contains("red\\x1b[31m  https://a.test/\\x07  command x\\x9b2J\n"), result.out());
        assertTrue(result.out().chars().noneMatch(c -> c < 0x20 && c != '\n' || c >= 0x7f && c < 0xa0), result.out());
    }

    @Test
    void withoutAConfigFileItSaysWhereOneWouldBeReadExit0() throws Exception {
        Files.delete(config);
        Path xdg = home.resolve("xdg");

        Cli.Result table = cli().terminal(true, 200).run("profiles");
        Cli.Result json = cli().env("XDG_CONFIG_HOME", xdg.toString()).run("profiles");

        assertEquals(0, table.exit(), table::toString);
        assertEquals("No config file: profiles would be read from " + config + "; 'userlookup --help' shows its form\n", table.out());
        assertEquals(0, json.exit(), json::toString);
        JsonNode document = JSON.readTree(json.out());
        assertEquals(xdg.resolve("userlookup/config.toml").toString(), document.get("config").asText());
        assertFalse(document.get("exists").asBoolean());
        assertTrue(document.get("default_profile").isNull());
        assertEquals(0, document.get("profiles").size());
    }

    @Test
    void aDefaultProfileThatNamesNoProfileIsSaid() throws Exception {
        Files.writeString(config, "default_profile = \"prdo\"\n[profiles.prod]\nbase_url = \"https://svc.example.test\"\n");

        Cli.Result result = cli().terminal(true, 200).run("profiles");

        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.out().endsWith("\n   prod  https://svc.example.test  none\ndefault_profile 'prdo' names no profile of the file\n"),
                result.out());
    }

    @Test
    void aConfigOthersCanWriteIsExit2NamingIt() throws Exception {
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-rw-rw-"));

        Cli.Result result = cli().run("profiles");

        assertEquals(2, result.exit(), result::toString);
        assertEquals("", result.out());
        assertTrue(result.err().startsWith("userlookup: config " + config + " is writable by others (mode 0666): refused"), result.err());
        assertNoKeyTouched(result);
    }

    @Test
    void itNeedsNoBaseUrlNorKeyAndRunsNoKeyCommandEvenForTheDefault() throws Exception {
        Files.writeString(config, "default_profile = \"sandbox\"\n[profiles.sandbox]\n"
                + "api_key_command = \"touch '" + mark + "'; cat sandbox.key\"\n");

        Cli.Result result = cli().env("USERLOOKUP_BASE_URL", null).run("profiles");

        assertEquals(0, result.exit(), result::toString);
        assertNoKeyTouched(result);
    }

    @Test
    void helpListsTheCommand() {
        Cli.Result root = Cli.bare().run("--help");
        Cli.Result own = Cli.bare().run("help", "profiles");

        assertTrue(root.out().contains("  profiles    List the profiles of the config file, the default marked."), root.out());
        assertEquals(0, own.exit(), own::toString);
        assertTrue(own.out().contains("Usage: userlookup profiles"), own.out());
    }

    /** Base URLs that carry a password: plain, and one that URI cannot read (an @ and a space in the password). */
    private static final String[] WITH_PASSWORD = {"http://bob:Pa55w0rd@svc.example.test", "https://bob:Pa55@w0rd x@svc.example.test/v"};

    @Test
    void aPasswordInABaseUrlIsNeverPrintedAndTheProfileIsMarkedRefused() throws Exception {
        for (String url : WITH_PASSWORD) {
            Files.writeString(config, "[profiles.creds]\nbase_url = \"" + url + "\"\napi_key_file = \"prod.key\"\n"
                    + "[profiles.fine]\nbase_url = \"https://svc.example.test\"\n");
            String masked = url.startsWith("http:") ? "http://***@svc.example.test" : "https://***@svc.example.test/v";
            String refusal = "the base URL '" + masked + "' must not carry credentials (user:password@); "
                    + "the key goes in --api-key-file or USERLOOKUP_API_KEY";

            Cli.Result table = cli().terminal(true, 200).run("profiles");
            Cli.Result json = cli().run("profiles", "-o", "json");

            assertEquals(0, table.exit(), table::toString);
            assertFalse(table.out().contains("Pa55") || table.out().contains("bob"), table.out());
            assertTrue(table.out().contains("\n   creds  refused: " + masked + "  file " + config.getParent().resolve("prod.key") + "\n"),
                    table.out());
            assertTrue(table.out().contains("\n   fine   https://svc.example.test"), table.out());
            assertTrue(table.out().endsWith("\nprofile creds: " + refusal + "\n"), table.out());
            assertEquals(0, json.exit(), json::toString);
            assertFalse(json.out().contains("Pa55") || json.out().contains("bob"), json.out());
            JsonNode profiles = JSON.readTree(json.out()).get("profiles");
            assertEquals(masked, profiles.get(0).get("base_url").asText());
            assertEquals(refusal, profiles.get(0).get("refused").asText());
            assertTrue(profiles.get(1).get("refused").isNull(), json.out());
        }
    }

    @Test
    void everyOtherCommandRefusesSuchABaseUrlWithoutShowingThePassword() throws Exception {
        for (String url : WITH_PASSWORD) {
            Files.writeString(config, "[profiles.creds]\nbase_url = \"" + url + "\"\napi_key_file = \"prod.key\"\n");
            Cli.Result fromProfile = cli().run("--profile", "creds", "resolve", "x");
            Cli.Result fromOption = cli().env("USERLOOKUP_API_KEY", "env-key-000001").run("--base-url", url, "list");
            Cli.Result doctor = cli().env("USERLOOKUP_PROFILE", "creds").env("USERLOOKUP_BASE_URL", "https://other.example.test")
                    .run("doctor", "-o", "json");
            Cli.Result doctorText = cli().env("USERLOOKUP_PROFILE", "creds").env("USERLOOKUP_BASE_URL", url).run("doctor", "-o", "table");

            for (Cli.Result result : new Cli.Result[] {fromProfile, fromOption, doctor, doctorText}) {
                assertEquals(2, result.exit(), result::toString);
                assertFalse((result.out() + result.err()).contains("Pa55"), result::toString);
            }
            assertTrue(fromProfile.err().contains("must not carry credentials"), fromProfile::toString);
            assertTrue(fromOption.err().contains("must not carry credentials"), fromOption::toString);
        }
    }

    @Test
    void atEightyColumnsAKeyFilesPathIsCutInTheMiddleKeepingItsName() throws Exception {
        // A home as deep as a company's (/home/someone.with.a.long.name): the paths differ only at their end.
        Path deep = Files.createDirectories(home.resolve("home/someone.with.a.rather.long.name"));
        Path folder = Files.createDirectories(deep.resolve(".config/userlookup"));
        Files.writeString(folder.resolve("config.toml"), "default_profile = \"prod\"\n"
                + "[profiles.prod]\nbase_url = \"https://svc.example.test\"\napi_key_file = \"~/.config/userlookup/production.key\"\n"
                + "[profiles.staging]\nbase_url = \"https://staging.svc.example.test\"\napi_key_file = \"~/.config/userlookup/staging.key\"\n");

        Cli.Result result = Cli.bare().env("HOME", deep.toString()).terminal(true, 80).run("profiles");

        assertEquals(0, result.exit(), result::toString);
        String[] lines = result.out().split("\n");
        String prod = java.util.Arrays.stream(lines).filter(line -> line.startsWith("*  prod ")).findFirst().orElseThrow();
        String staging = java.util.Arrays.stream(lines).filter(line -> line.startsWith("   staging ")).findFirst().orElseThrow();
        String start = " file " + deep.toString().substring(0, 6);
        assertTrue(prod.endsWith("…/production.key") && prod.contains(start), result.out());
        assertTrue(staging.endsWith("…/staging.key") && staging.contains(start), result.out());
        assertEquals(80, DisplayWidth.of(staging), "as wide as the terminal, no wider: " + staging);
    }
}
