package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.Version;
import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
import dev.userlookup.fake.Users;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OptionsTest {

    @RegisterExtension
    final Registry service = new Registry();

    @TempDir
    Path dir;

    /** The service knows x; a test that sends no request registers nothing, so one sent fails it. */
    private static Registry.Stub knowsX(Registry service) {
        Registry.Stub stub = service.get("/v2/user/resolve/x");
        stub.reply(Reply.ok(Users.user(Users.uuid(1), "x")));
        return stub;
    }

    @Test
    void globalOptionsWorkBeforeAndAfterTheSubcommand() {
        knowsX(service);
        Cli cli = Cli.bare().through(service).env("USERLOOKUP_API_KEY", TestKeys.KEY);

        Cli.Result before = cli.run("--base-url", service.baseUrl(), "-o", "ndjson", "--timeout", "5", "resolve", "x");
        Cli.Result after = cli.run("resolve", "x", "--base-url", service.baseUrl(), "-o", "ndjson", "--timeout", "5");
        Cli.Result mixed = cli.run("-o", "ndjson", "resolve", "--base-url=" + service.baseUrl(), "x");

        assertEquals(0, before.exit(), before::toString);
        assertEquals(before.toString(), after.toString());
        assertEquals(before.toString(), mixed.toString());
        assertEquals(1, before.out().split("\n").length);
    }

    @ParameterizedTest(name = "{0} before and after {1}")
    @org.junit.jupiter.params.provider.CsvSource({
        "--base-url=http://127.0.0.1:1, resolve", "--base-url=http://127.0.0.1:1, list",
        "--profile=p, resolve", "--profile=p, list",
        "--api-key-file=k, resolve", "--api-key-file=k, list",
        "--ca-cert=ca.pem, resolve", "--ca-cert=ca.pem, list",
        "-o=csv, resolve", "--output=ndjson, list",
        "--color=never, resolve", "--color=always, list",
        "--timeout=5, resolve", "--timeout=5, list",
        "--retries=1, resolve", "--retries=1, list",
        "--allow-insecure-http, resolve", "--allow-insecure-http, list",
        "-v, resolve", "--verbose, list",
    })
    void everyGlobalOptionIsAcceptedBeforeAndAfterTheSubcommand(String option, String subcommand) {
        String[] tail = subcommand.equals("resolve") ? new String[] {"x"} : new String[0];
        for (boolean after : new boolean[] {false, true}) {
            java.util.List<String> args = new java.util.ArrayList<>();
            if (!after) {
                args.add(option);
            }
            args.add(subcommand);
            args.addAll(java.util.List.of(tail));
            if (after) {
                args.add(option);
            }
            picocli.CommandLine.ParseResult parsed = CommandModel.whole().parseArgs(args.toArray(new String[0]));
            String name = option.split("=")[0];
            picocli.CommandLine.ParseResult where = after ? parsed.subcommand() : parsed;
            assertTrue(where.hasMatchedOption(name), name + (after ? " after " : " before ") + subcommand);
        }
    }

    @Test
    void theContractsDefaultsAreTheDeclaredOnes() {
        picocli.CommandLine commandLine = CommandModel.whole();
        dev.userlookup.settings.Settings settings = new dev.userlookup.settings.SettingsResolver(
                java.util.Map.of("USERLOOKUP_BASE_URL", "https://127.0.0.1:9", "USERLOOKUP_API_KEY", TestKeys.KEY),
                new dev.userlookup.console.FixedTerminal(false, false, 0), new java.io.ByteArrayInputStream(new byte[0]), System.err,
                line -> { }).resolve(new GlobalOptions());

        // The defaults are the settings' (one place), and help says the same.
        assertEquals(java.time.Duration.ofSeconds(30), settings.timeout().value());
        assertEquals(3, settings.retries().value());
        String help = Cli.bare().run("--help").out();
        assertTrue(help.replaceAll("\\s+", " ").contains("Bound on one request, body included (default: 30)."), help);
        assertTrue(help.replaceAll("\\s+", " ").contains("Retries of a failed request (default: 3)."), help);
        assertTrue(help.contains("auto, always or never (default: auto)."), help);
        assertEquals("4", commandLine.getSubcommands().get("resolve").getCommandSpec().findOption("--parallel").defaultValue());
        assertEquals("4", commandLine.getSubcommands().get("list").getCommandSpec().findOption("--parallel").defaultValue());
    }

    @Test
    void theBaseUrlOptionBeatsTheEnvironment() {
        knowsX(service);

        Cli.Result result = Cli.against("http://127.0.0.1:9").through(service).run("resolve", "x", "--base-url", service.baseUrl());

        assertEquals(0, result.exit(), result::toString);
    }

    @Test
    void aMissingBaseUrlIsExit2() {
        Cli.Result result = Cli.bare().env("USERLOOKUP_API_KEY", TestKeys.KEY).run("resolve", "x");

        assertEquals(2, result.exit());
        assertEquals("userlookup: no base URL: pass --base-url URL or set USERLOOKUP_BASE_URL\n", result.err());
    }

    @Test
    void aMissingKeyIsExit2() {
        Cli.Result result = Cli.bare().through(service).env("USERLOOKUP_BASE_URL", service.baseUrl()).run("resolve", "x");

        assertEquals(2, result.exit());
        assertEquals("userlookup: no API key: set USERLOOKUP_API_KEY or pass --api-key-file FILE\n", result.err());
        assertEquals(0, service.requests().size());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"resolve x --api-key KEY", "resolve x --api-key=KEY", "--api-key KEY resolve x", "list --api-key KEY"})
    void noOptionTakesTheKeyAndATypedKeyIsNeverEchoed(String command) {
        String[] args = command.replace("KEY", TestKeys.KEY).split(" ");

        Cli.Result result = Cli.against(service).run(args);

        assertEquals(2, result.exit(), result::toString);
        assertEquals(0, service.requests().size(), "no request reaches the service");
        assertEquals(1, result.err().split("\n").length, result.err());
        assertFalse(result.out().contains(TestKeys.KEY), result::toString);
        assertFalse(result.err().contains(TestKeys.KEY), result::toString);
    }

    @Test
    void theKeyFileBeatsTheEnvironmentAndLosesItsNewline() throws Exception {
        Path keyFile = dir.resolve("team.key");
        Files.writeString(keyFile, "from-file-key-123\n");
        Files.setPosixFilePermissions(keyFile, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        knowsX(service).withHeader("x-service-api-key", "from-file-key-123");

        Cli.Result result = Cli.against(service).run("resolve", "x", "--api-key-file", keyFile.toString());

        assertEquals(0, result.exit(), result::toString);
        assertEquals("", result.err());
    }

    @Test
    void aKeyFileOthersCanReadDrawsAWarningAsSshWould() throws Exception {
        Path keyFile = dir.resolve("open.key");
        Files.writeString(keyFile, "open-key-789\n");
        Files.setPosixFilePermissions(keyFile, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        knowsX(service);

        Cli.Result result = Cli.against(service).run("resolve", "x", "--api-key-file", keyFile.toString());

        assertEquals(0, result.exit(), result::toString);
        assertEquals("userlookup: warning: " + keyFile + " is readable by others; chmod 600 " + keyFile + "\n", result.err());
        assertFalse(result.err().contains("open-key-789"));
    }

    @Test
    void aKeyFileOthersCanWriteIsRefusedAsSshWould() throws Exception {
        Path keyFile = dir.resolve("shared.key");
        Files.writeString(keyFile, "shared-key-790\n");
        Files.setPosixFilePermissions(keyFile, java.nio.file.attribute.PosixFilePermissions.fromString("rw----rw-"));

        Cli.Result result = Cli.against(service).run("resolve", "x", "--api-key-file", keyFile.toString());

        assertEquals(2, result.exit(), result::toString);
        assertEquals("userlookup: the API key file " + keyFile + " is writable by others (mode 0606): refused; chmod go-w " + keyFile
                + "\n", result.err());
        assertEquals(0, service.requests().size());
    }

    @Test
    void theKeyCanComeFromStandardInput() {
        knowsX(service).withHeader("x-service-api-key", "stdin-key-456");

        Cli.Result result = Cli.bare().through(service).env("USERLOOKUP_BASE_URL", service.baseUrl()).stdin("stdin-key-456\r\n")
                .run("--api-key-file", "-", "resolve", "x");

        assertEquals(0, result.exit(), result::toString);
    }

    @Test
    void aKeyFileThatCannotBeAKeyIsExit2NotAnOutOfMemory() throws Exception {
        Path huge = dir.resolve("huge.log");
        Files.write(huge, new byte[200_000]);

        Cli.Result result = Cli.against(service).run("resolve", "x", "--api-key-file", huge.toString());

        assertEquals(2, result.exit());
        assertEquals("userlookup: the API key from the file " + huge + " is larger than 64 KiB: that is not a key\n", result.err());
    }

    @Test
    void idsOnStdinThatAreNotUtf8AreExit2() {
        knowsX(service);

        Cli.Result result = Cli.against(service).stdin("x\n").run("resolve", "--stdin");
        Cli.Result bad = new Cli().through(service).env("USERLOOKUP_BASE_URL", service.baseUrl()).env("USERLOOKUP_API_KEY", TestKeys.KEY)
                .stdinBytes(new byte[] {'x', '\n', 'a', (byte) 0xff, 'b', '\n'}).run("resolve", "--stdin", "-o", "ndjson");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(2, bad.exit(), bad::toString);
        assertEquals("userlookup: resolve: line 2 of standard input is not UTF-8 text\n", bad.err());
    }

    @Test
    void aMissingKeyFileIsExit2AndNamesTheFile() {
        String missing = dir.resolve("nope.key").toString();

        Cli.Result result = Cli.against(service).run("resolve", "x", "--api-key-file", missing);

        assertEquals(2, result.exit());
        assertEquals("userlookup: cannot read the API key file " + missing + ": no such file\n", result.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc\ndef", "abc\rX-Injected: 1", "abc\u0000def", "abc\u001bdef", "key\u0085x"})
    void aKeyWithControlCharactersIsRefused(String key) {
        Cli.Result result = Cli.bare().through(service).env("USERLOOKUP_BASE_URL", service.baseUrl()).env("USERLOOKUP_API_KEY", key)
                .run("resolve", "x");

        assertEquals(2, result.exit(), result::toString);
        assertTrue(result.err().contains("contains a control character"), result.err());
        assertEquals(1, result.err().split("\n").length);
        assertEquals(0, service.requests().size());
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://users.example.invalid", "http://192.0.2.1:8080", "http://localhost.example.invalid"})
    void plainHttpToAnotherHostIsRefusedBeforeConnecting(String url) {
        Cli.Result result = Cli.against(url).through(service).run("resolve", "x");

        assertEquals(2, result.exit(), result::toString);
        assertTrue(result.err().startsWith("userlookup: refusing to send the API key in clear text to "), result.err());
        assertTrue(result.err().contains("--allow-insecure-http"), result.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"ftp://users.example.invalid", "users.example.invalid", "https://", "https://user:pw@users.example.invalid", "https://h/?q=1", "http://[::1"})
    void aMalformedBaseUrlIsExit2(String url) {
        Cli.Result result = Cli.against(url).through(service).run("resolve", "x");

        assertEquals(2, result.exit(), result::toString);
        assertEquals(1, result.err().split("\n").length, result.err());
        assertFalse(result.err().contains("pw"), result.err());
    }

    @Test
    void loopbackByAddressIsPlainHttpWithoutTheFlag() {
        Registry loopback = new Registry("http://127.0.0.1:8089");
        knowsX(loopback);

        Cli.Result result = Cli.against(loopback).run("resolve", "x");

        assertEquals(0, result.exit(), result::toString);
        loopback.afterEach(null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"--timeout=0", "--timeout=-1", "--timeout=abc", "--retries=-1", "--output=xml", "--color=sometimes", "--nope"})
    void badOptionValuesAreExit2WithOneLine(String option) {
        Cli.Result result = Cli.against(service).run("resolve", "x", option);

        assertEquals(2, result.exit(), result::toString);
        assertEquals(1, result.err().split("\n").length, result.err());
        assertTrue(result.err().startsWith("userlookup: "), result.err());
        assertEquals("", result.out());
    }

    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "-o jsn list                        | userlookup: --output 'jsn'? did you mean json",
        "list --output=NDJSN                | userlookup: list: --output 'NDJSN'? did you mean ndjson",
        "-o xml list                        | userlookup: --output 'xml'? expected table, json, ndjson or csv",
        "list -o                            | userlookup: list: --output needs a value: table, json, ndjson or csv",
        "--color alwys list                 | userlookup: --color 'alwys'? did you mean always",
        "--color=sometimes list             | userlookup: --color 'sometimes'? expected auto, always or never",
        "list --limit abc                   | userlookup: list: --limit 'abc'? expected a whole number from 1 to 500",
        "list --limit 99999999999           | userlookup: list: --limit '99999999999'? the most is 500",
        "list --limit 1.5                   | userlookup: list: --limit '1.5'? expected a whole number from 1 to 500",
        "list --offset x                    | userlookup: list: --offset 'x'? expected a whole number, 0 or more",
        "list --all --parallel 17           | userlookup: list: --parallel '17'? the most is 16",
        "resolve --parallel four a b        | userlookup: resolve: --parallel 'four'? expected a whole number from 1 to 16",
        "resolve a --parallel=0             | userlookup: resolve: --parallel '0'? the least is 1",
        "--timeout 0 list                   | userlookup: --timeout '0'? expected a number of seconds above 0, such as 0.5",
        "--timeout -1 list                  | userlookup: --timeout '-1'? expected a number of seconds above 0, such as 0.5",
        "--timeout 1e12 list                | userlookup: --timeout '1e12'? the most is 86400 seconds (a day)",
        "--timeout abc list                 | userlookup: --timeout 'abc'? expected a number of seconds, such as 30 or 2.5",
        "--timeout NaN list                 | userlookup: --timeout 'NaN'? expected a number of seconds, such as 30 or 2.5",
        "--timeout Infinity list            | userlookup: --timeout 'Infinity'? expected a number of seconds, such as 30 or 2.5",
        "--retries x list                   | userlookup: --retries 'x'? expected a whole number from 0 to 100",
        "--retries -1 list                  | userlookup: --retries '-1'? the least is 0",
        "--retries 101 list                 | userlookup: --retries '101'? the most is 100",
        "list --base-url                    | userlookup: list: --base-url needs a value (URL)",
        "--base-url 127.0.0.1:8089 list     | userlookup: the base URL '127.0.0.1:8089' has no http:// or https://; did you mean http://127.0.0.1:8089?",
        "--base-url svc.example.test/v list | userlookup: the base URL 'svc.example.test/v' has no http:// or https://; did you mean https://svc.example.test/v?",
    })
    void aBadOptionValueIsOneLineInTheToolsWordsWithTheClosestValidOne(String args, String expected) {
        Cli.Result result = Cli.bare().env("USERLOOKUP_API_KEY", "k").run(args.split(" "));

        assertEquals(2, result.exit(), result::toString);
        assertEquals(expected + "\n", result.err());
        assertEquals("", result.out());
    }

    @Test
    void aBaseUrlWithoutSchemeFromTheEnvironmentSaysWhereItCameFrom() {
        Cli.Result result = Cli.bare().env("USERLOOKUP_API_KEY", "k").env("USERLOOKUP_BASE_URL", "localhost:8089").run("list");

        assertEquals(2, result.exit(), result::toString);
        assertEquals("userlookup: the base URL 'localhost:8089' (from environment USERLOOKUP_BASE_URL) has no http:// or https://; "
                + "did you mean http://localhost:8089?\n", result.err());
    }

    @Test
    void helpAndVersionExit0OnStandardOutput() {
        Cli.Result help = Cli.bare().run("--help");
        Cli.Result subHelp = Cli.bare().run("list", "--help");
        Cli.Result version = Cli.bare().run("-V");

        assertEquals(0, help.exit());
        assertTrue(help.out().contains("userlookup help TOPIC:"), help.out());
        assertTrue(help.out().contains("resolve") && help.out().contains("list"), help.out());
        assertEquals(0, subHelp.exit());
        assertTrue(subHelp.out().contains("--limit"), subHelp.out());
        assertEquals(0, version.exit());
        assertTrue(version.out().startsWith("userlookup " + Version.get() + "\n"), version.out());
    }

    @Test
    void outputDefaultsToTableOnATerminalAndJsonElsewhere() {
        knowsX(service);

        Cli.Result terminal = Cli.against(service).terminal(true, 100).run("resolve", "x", "--color", "never");
        Cli.Result pipe = Cli.against(service).run("resolve", "x");

        assertTrue(terminal.out().startsWith("User ID "), terminal.out());
        assertTrue(pipe.out().startsWith("{\n  \"user_id\": "), pipe.out());
    }
}
