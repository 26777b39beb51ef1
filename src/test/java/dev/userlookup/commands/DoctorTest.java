package dev.userlookup.commands;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import dev.userlookup.fake.LoopbackTunnels;
import dev.userlookup.fake.Stubs;
import dev.userlookup.fake.TestCa;
import dev.userlookup.fake.Users;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code userlookup doctor}: each setting with its origin, the request taken apart step by step
 * against WireMock (plain and TLS), the failing steps with their exit status, the key never
 * shown, and the JSON document pinned.
 */
@Timeout(120)
class DoctorTest {

    private static final TestCa CA = TestCa.shared();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<AutoCloseable> started = new ArrayList<>();

    @TempDir
    Path home;

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable each : started) {
            each.close();
        }
    }

    private WireMockServer http() {
        WireMockServer server = new WireMockServer(wireMockConfig().bindAddress("127.0.0.1").dynamicPort());
        server.start();
        started.add(() -> Stubs.stop(server));
        stubList(server);
        return server;
    }

    private WireMockServer https(TestCa.Kind kind) {
        WireMockServer server = new WireMockServer(wireMockConfig().bindAddress("127.0.0.1").httpDisabled(true).dynamicHttpsPort()
                .keystorePath(CA.serverKeystore(kind).toString()).keystoreType("PKCS12")
                .keystorePassword(TestCa.PASSWORD).keyManagerPassword(TestCa.PASSWORD));
        server.start();
        started.add(() -> Stubs.stop(server));
        stubList(server);
        return server;
    }

    private static void stubList(WireMockServer server) {
        String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC).minusSeconds(120));
        server.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withHeader("Date", date).withBody(Users.page(0, 1, 7, 1))));
    }

    private static JsonNode json(Cli.Result result) throws Exception {
        return JSON.readTree(result.out());
    }

    private static JsonNode step(JsonNode report, String name) {
        for (JsonNode step : report.get("steps")) {
            if (name.equals(step.get("name").asText())) {
                return step;
            }
        }
        throw new AssertionError("no step " + name + " in " + report);
    }

    private static List<String> names(Iterator<String> it) {
        List<String> names = new ArrayList<>();
        it.forEachRemaining(names::add);
        return names;
    }

    private static List<String> stepNames(JsonNode report) {
        List<String> names = new ArrayList<>();
        report.get("steps").forEach(step -> names.add(step.get("name").asText()));
        return names;
    }

    private Path writeConfig(String toml) throws Exception {
        Path config = home.resolve(".config/userlookup/config.toml");
        Files.createDirectories(config.getParent());
        Files.writeString(config, toml);
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-------"));
        return config;
    }

    private Path secret(String name, String content) throws Exception {
        Path file = home.resolve(name);
        Files.writeString(file, content);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    @Test
    void allWellOverPlainHttpIsTheDocumentPinned() throws Exception {
        WireMockServer server = http();

        Cli.Result result = Cli.against(server.baseUrl()).env("HOME", home.toString()).run("doctor");

        assertEquals(0, result.exit(), result::toString);
        JsonNode report = json(result);
        assertEquals(List.of("settings", "warnings", "problems", "steps", "ok", "exit", "verdict"), names(report.fieldNames()));
        assertEquals(0, report.get("warnings").size());
        assertEquals(List.of("base_url", "profile", "key", "ca_files", "proxy", "timeout", "retries", "output"),
                names(report.get("settings").fieldNames()));
        assertEquals(List.of("length", "origin"), names(report.get("settings").get("key").fieldNames()));
        assertEquals(TestKeys.KEY.length(), report.get("settings").get("key").get("length").asInt());
        assertEquals("environment USERLOOKUP_API_KEY", report.get("settings").get("key").get("origin").asText());
        assertEquals(server.baseUrl(), report.get("settings").get("base_url").get("value").asText());
        assertEquals(List.of("dns", "connect", "http", "clock"), stepNames(report));
        JsonNode dns = step(report, "dns");
        assertEquals(List.of("name", "ok", "ms", "host", "addresses"), names(dns.fieldNames()));
        assertTrue(dns.get("addresses").toString().matches(".*\"(127\\.0\\.0\\.1|0:0:0:0:0:0:0:1)\".*"), dns::toString);
        assertTrue(step(report, "connect").get("ok").asBoolean());
        assertEquals(200, step(report, "http").get("status").asInt());
        long skew = step(report, "clock").get("skew_seconds").asLong();
        assertTrue(skew <= -118 && skew >= -125, "the service's Date is two minutes behind: " + skew);
        assertTrue(report.get("ok").asBoolean());
        assertEquals(0, report.get("exit").asInt());
        assertEquals("all well", report.get("verdict").asText());
        assertFalse(report.has("next"));
        assertFalse(result.out().contains(TestKeys.KEY));
    }

    @Test
    void onATerminalItIsAChecklist() {
        WireMockServer server = http();

        Cli.Result result = Cli.against(server.baseUrl()).env("HOME", home.toString()).terminal(true, 100).run("doctor");

        assertEquals(0, result.exit(), result::toString);
        String out = result.out();
        assertTrue(out.contains("  base URL  " + server.baseUrl() + "   (environment USERLOOKUP_BASE_URL)\n"), out);
        assertTrue(out.contains("  key       " + TestKeys.KEY.length() + " characters   (environment USERLOOKUP_API_KEY)\n"), out);
        assertTrue(out.contains("  ok   dns     localhost -> "), out);
        assertTrue(out.contains("  ok   http    GET /v2/user/?offset=0&limit=1: 200 ("), out);
        assertTrue(out.contains("  ok   clock   this machine is 12"), out);
        assertTrue(out.endsWith("\nAll well (exit 0)\n"), out);
        assertFalse(out.contains(TestKeys.KEY));
    }

    @Test
    void onAnEightyColumnTerminalLongLinesGoOnUnderTheirValueAndNothingIsCut() throws Exception {
        WireMockServer server = https(TestCa.Kind.GOOD);
        // Paths long enough that both CA files cannot share the line, short enough to fit under
        // the column (the temporary folder itself is about 50 characters on macOS): under /tmp.
        Path folder = Files.createTempDirectory(Path.of("/tmp"), "ul-ca");
        Path ca = Files.copy(CA.caPem(), folder.resolve("service-ca.pem"));
        Path bundle = Files.copy(CA.caPem(), folder.resolve("company-bundle.pem"));
        Cli cli = Cli.against("https://127.0.0.1:" + server.httpsPort()).env("HOME", home.toString())
                .env("USERLOOKUP_CA_CERT", ca.toString()).env("SSL_CERT_FILE", bundle.toString());
        Cli.Result result;
        Cli.Result wide;
        Cli.Result narrow;
        try {
            result = cli.terminal(true, 80).run("doctor");
            wide = cli.terminal(true, 400).run("doctor");
            narrow = cli.terminal(true, 24).run("doctor");
        } finally {
            Files.delete(ca);
            Files.delete(bundle);
            Files.delete(folder);
        }

        assertEquals(0, result.exit(), result::toString);
        String out = result.out();
        for (String line : out.split("\n")) {
            assertTrue(line.length() <= 80, "wider than 80 columns: " + line);
            assertEquals(line.stripTrailing(), line, "trailing blanks: [" + line + "]");
        }
        // The CA files go on under the value column; each path whole on its line.
        String[] lines = out.split("\n");
        int caFiles = indexOf(lines, "  CA files  ");
        assertTrue(lines[caFiles].contains(ca.toString()) || lines[caFiles + 1].contains(ca.toString()), out);
        assertTrue(out.contains("\n            " + bundle + "\n") || out.contains("\n            " + bundle + " "), out);
        // The TLS step's summary, joined again, is the one line a wide terminal shows.
        int tls = indexOf(lines, "  ok   tls     ");
        StringBuilder joined = new StringBuilder(lines[tls]);
        for (int i = tls + 1; i < lines.length && lines[i].startsWith("               ") && !lines[i].isBlank(); i++) {
            joined.append(' ').append(lines[i].strip());
        }
        assertTrue(lines[tls + 1].startsWith("               ") && !lines[tls + 1].startsWith("                "),
                "continued under the summary's first column: " + out);
        String wideTls = wide.out().lines().filter(line -> line.startsWith("  ok   tls     ")).findFirst().orElseThrow();
        assertEquals(wideTls.replaceAll(" \\(\\d+ ms\\)$", ""), joined.toString().replaceAll(" \\(\\d+ ms\\)$", ""));
        assertTrue(out.endsWith("\nAll well (exit 0)\n"), out);
        // Narrow: lines break where they can, and none is left blank or ending in blanks.
        assertEquals(0, narrow.exit(), narrow::toString);
        for (String line : narrow.out().split("\n")) {
            assertTrue(line.isEmpty() || !line.isBlank(), "a blank line at 24 columns: " + narrow.out());
            assertEquals(line.stripTrailing(), line, "trailing blanks at 24 columns: " + narrow.out());
        }
    }

    private static int indexOf(String[] lines, String prefix) {
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no line starts with [" + prefix + "]: " + String.join("\n", lines));
    }

    @Test
    void optionsAreShownAsTheirOrigin() throws Exception {
        WireMockServer server = https(TestCa.Kind.GOOD);
        Path key = secret("key.txt", "option-key-123456\n");

        Cli.Result result = Cli.bare().env("HOME", home.toString()).env("USERLOOKUP_BASE_URL", "http://127.0.0.1:1")
                .env("USERLOOKUP_API_KEY", "env-key-000").run("doctor", "--base-url", "https://127.0.0.1:" + server.httpsPort(),
                        "--api-key-file", key.toString(), "--ca-cert", CA.caPem().toString(), "--timeout", "7.5",
                        "--retries", "1", "-o", "json");

        assertEquals(0, result.exit(), result::toString);
        JsonNode settings = json(result).get("settings");
        assertEquals("option --base-url", settings.get("base_url").get("origin").asText());
        assertEquals("option --api-key-file " + key, settings.get("key").get("origin").asText());
        assertEquals("option-key-123456".length(), settings.get("key").get("length").asInt());
        assertEquals("option --ca-cert", settings.get("ca_files").get("origin").asText());
        assertEquals(CA.caPem().toString(), settings.get("ca_files").get("value").get(0).asText());
        assertEquals(7.5, settings.get("timeout").get("value").asDouble());
        assertEquals("option --timeout", settings.get("timeout").get("origin").asText());
        assertEquals(1, settings.get("retries").get("value").asInt());
        assertEquals("option --retries", settings.get("retries").get("origin").asText());
        assertEquals("json", settings.get("output").get("value").asText());
        assertEquals("option --output", settings.get("output").get("origin").asText());
        assertFalse(result.out().contains("option-key-123456"));
    }

    @Test
    void theEnvironmentIsShownAsItsVariables() throws Exception {
        WireMockServer server = https(TestCa.Kind.GOOD);

        Cli.Result result = Cli.against("https://127.0.0.1:" + server.httpsPort()).env("HOME", home.toString())
                .env("USERLOOKUP_CA_CERT", CA.caPem().toString()).env("SSL_CERT_FILE", CA.caPem().toString()).run("doctor");

        assertEquals(0, result.exit(), result::toString);
        JsonNode settings = json(result).get("settings");
        assertEquals("environment USERLOOKUP_BASE_URL", settings.get("base_url").get("origin").asText());
        assertEquals("environment USERLOOKUP_API_KEY", settings.get("key").get("origin").asText());
        assertEquals("environment USERLOOKUP_CA_CERT, environment SSL_CERT_FILE", settings.get("ca_files").get("origin").asText());
        assertEquals(2, settings.get("ca_files").get("value").size());
    }

    @Test
    void aProfileIsShownWithItsFileAndDefaultsAsDefault() throws Exception {
        WireMockServer server = https(TestCa.Kind.GOOD);
        secret("prod.key", "profile-key-abcdef\n");
        Path config = writeConfig("default_profile = \"prod\"\n[profiles.prod]\nbase_url = \"https://127.0.0.1:" + server.httpsPort()
                + "\"\napi_key_file = \"" + home.resolve("prod.key") + "\"\nca_cert = \"" + CA.caPem() + "\"\n"
                + "[profiles.other]\nbase_url = \"https://127.0.0.1:1\"\n");

        Cli.Result byDefault = Cli.bare().env("HOME", home.toString()).run("doctor");
        Cli.Result byEnv = Cli.bare().env("HOME", home.toString()).env("USERLOOKUP_PROFILE", "prod").run("doctor");
        Cli.Result byOption = Cli.bare().env("HOME", home.toString()).env("USERLOOKUP_PROFILE", "other").run("doctor", "--profile", "prod");

        for (Cli.Result result : List.of(byDefault, byEnv, byOption)) {
            assertEquals(0, result.exit(), result::toString);
            JsonNode settings = json(result).get("settings");
            assertEquals("prod", settings.get("profile").get("value").asText());
            assertEquals("profile prod in " + config, settings.get("base_url").get("origin").asText());
            assertEquals("profile prod's api_key_file " + home.resolve("prod.key") + ", in " + config,
                    settings.get("key").get("origin").asText());
            assertEquals("profile-key-abcdef".length(), settings.get("key").get("length").asInt());
            assertEquals("profile prod in " + config, settings.get("ca_files").get("origin").asText());
            assertEquals("default", settings.get("timeout").get("origin").asText());
            assertEquals(30.0, settings.get("timeout").get("value").asDouble());
            assertEquals("default", settings.get("retries").get("origin").asText());
            assertEquals("default", settings.get("output").get("origin").asText());
            assertEquals("default", settings.get("proxy").get("origin").asText());
            assertTrue(settings.get("proxy").get("value").isNull());
            assertFalse(result.out().contains("profile-key-abcdef"));
        }
        assertEquals("default_profile in " + config, json(byDefault).get("settings").get("profile").get("origin").asText());
        assertEquals("environment USERLOOKUP_PROFILE", json(byEnv).get("settings").get("profile").get("origin").asText());
        assertEquals("option --profile", json(byOption).get("settings").get("profile").get("origin").asText());
    }

    @Test
    void underTheProfileOptionTheProfileIsShownAsTheOriginOfTheServiceAndKeyDespiteTheEnvironment() throws Exception {
        WireMockServer server = http();
        secret("prod.key", "profile-key-abcdef\n");
        Path config = writeConfig("[profiles.prod]\nbase_url = \"" + server.baseUrl() + "\"\napi_key_file = \""
                + home.resolve("prod.key") + "\"\n");

        Cli.Result result = Cli.bare().env("HOME", home.toString()).env("USERLOOKUP_BASE_URL", "http://127.0.0.1:1")
                .env("USERLOOKUP_API_KEY", "env-key-000").run("--profile", "prod", "doctor");

        assertEquals(0, result.exit(), result::toString);
        JsonNode settings = json(result).get("settings");
        assertEquals("option --profile", settings.get("profile").get("origin").asText());
        assertEquals(server.baseUrl(), settings.get("base_url").get("value").asText().replaceAll("/$", ""));
        assertEquals("profile prod in " + config, settings.get("base_url").get("origin").asText());
        assertEquals("profile prod's api_key_file " + home.resolve("prod.key") + ", in " + config,
                settings.get("key").get("origin").asText());
        assertEquals("profile-key-abcdef".length(), settings.get("key").get("length").asInt());
    }

    @Test
    void aKeyFileOthersCanReadIsAWarningNotAFailure() throws Exception {
        WireMockServer server = http();
        Path key = secret("open.key", "open-key-000111\n");
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-r--r--"));

        Cli.Result json = Cli.bare().env("HOME", home.toString()).run("doctor", "--base-url", server.baseUrl(), "--api-key-file", key.toString());
        Cli.Result text = Cli.bare().env("HOME", home.toString())
                .run("doctor", "--base-url", server.baseUrl(), "--api-key-file", key.toString(), "-o", "table");

        assertEquals(0, json.exit(), json::toString);
        assertEquals("warning: " + key + " is readable by others; chmod 600 " + key, json(json).get("warnings").get(0).asText());
        assertTrue(text.out().contains("  warn warning: " + key + " is readable by others; chmod 600 " + key + "\n"), text::toString);
    }

    @Test
    void aConfigOthersCanWriteIsAProblemExit2AndItsKeyCommandNeverRuns() throws Exception {
        WireMockServer server = http();
        Path mark = home.resolve("key-command-ran");
        Path config = writeConfig("default_profile = \"prod\"\n[profiles.prod]\nbase_url = \"" + server.baseUrl() + "\"\n"
                + "api_key_command = \"touch '" + mark + "'; echo doctor-key-0008\"\n");
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-rw-rw-"));

        Cli.Result result = Cli.bare().env("HOME", home.toString()).run("doctor");
        Cli.Result text = Cli.bare().env("HOME", home.toString()).run("doctor", "-o", "table");

        String refusal = "config " + config + " is writable by others (mode 0666): refused, as it could run commands as you "
                + "(api_key_command); chmod go-w " + config;
        assertEquals(2, result.exit(), result::toString);
        List<String> problems = new ArrayList<>();
        json(result).get("problems").forEach(p -> problems.add(p.asText()));
        assertEquals(refusal, problems.get(0), problems::toString);
        assertEquals(0, json(result).get("warnings").size(), result::toString);
        assertEquals(2, text.exit(), text::toString);
        assertTrue(text.out().contains("  FAIL " + refusal + "\n"), text::toString);
        assertFalse(Files.exists(mark), "the key command ran");
        assertEquals(0, server.getAllServeEvents().size());
    }

    @Test
    void aConfigOthersCanReadIsNoWarning() throws Exception {
        WireMockServer server = http();
        Path config = writeConfig("[profiles.prod]\nbase_url = \"" + server.baseUrl() + "\"\n");
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-r--r--"));

        Cli.Result result = Cli.bare().env("HOME", home.toString()).env("USERLOOKUP_API_KEY", "doctor-key-0009").run("--profile", "prod", "doctor");

        assertEquals(0, result.exit(), result::toString);
        assertEquals(0, json(result).get("warnings").size(), result::toString);
        assertEquals("", result.err());
    }

    @Test
    void settingsProblemsAreExit2WithTheOtherSettingsStillShown() throws Exception {
        Cli.Result result = Cli.bare().env("HOME", home.toString()).env("USERLOOKUP_BASE_URL", "https://127.0.0.1:9")
                .run("doctor", "--ca-cert", "/nonexistent/ca.pem", "--retries", "7");

        assertEquals(2, result.exit(), result::toString);
        JsonNode report = json(result);
        assertEquals("https://127.0.0.1:9", report.get("settings").get("base_url").get("value").asText());
        assertEquals(7, report.get("settings").get("retries").get("value").asInt());
        assertTrue(report.get("settings").get("key").get("length").isNull());
        List<String> problems = new ArrayList<>();
        report.get("problems").forEach(p -> problems.add(p.asText()));
        assertEquals(2, problems.size(), problems::toString);
        assertTrue(problems.get(0).startsWith("no API key"), problems::toString);
        assertEquals("the CA file /nonexistent/ca.pem does not exist (from option --ca-cert)", problems.get(1));
        assertEquals(0, report.get("steps").size());
        assertFalse(report.get("ok").asBoolean());
        assertTrue(report.get("next").asText().startsWith("no API key"));
    }

    @Test
    void anUnknownProfileIsExit2WithTheOtherSettingsShown() throws Exception {
        Path config = writeConfig("[profiles.prod]\nbase_url = \"https://127.0.0.1:9\"\n");

        Cli.Result result = Cli.bare().env("HOME", home.toString()).env("USERLOOKUP_API_KEY", TestKeys.KEY)
                .run("doctor", "--profile", "prdo", "--timeout", "5", "-o", "table");

        assertEquals(2, result.exit(), result::toString);
        String out = result.out();
        assertTrue(out.contains("  profile   prdo   (option --profile)\n"), out);
        assertTrue(out.contains("  timeout   5 s   (option --timeout)\n"), out);
        assertTrue(out.contains("  key       " + TestKeys.KEY.length() + " characters   (environment USERLOOKUP_API_KEY)\n"), out);
        assertTrue(out.contains("  FAIL unknown profile 'prdo' in " + config + " (it has: prod)\n"), out);
        assertTrue(out.contains("\nVerdict: settings missing or wrong: "), out);
        assertFalse(out.contains("One request"), out);
        assertFalse(out.contains(TestKeys.KEY), out);
    }

    @Test
    void aCertificateForAnotherHostFailsTheTlsStepNamingIt() throws Exception {
        WireMockServer server = https(TestCa.Kind.OTHER_HOST);

        Cli.Result result = Cli.against("https://127.0.0.1:" + server.httpsPort()).env("HOME", home.toString())
                .env("USERLOOKUP_CA_CERT", CA.caPem().toString()).run("doctor");

        assertEquals(5, result.exit(), result::toString);
        JsonNode tls = step(json(result), "tls");
        assertEquals("the certificate of 127.0.0.1:" + server.httpsPort() + " is for other.example.test, not 127.0.0.1",
                tls.get("problem").asText());
        assertEquals("check the base URL", tls.get("next").asText());
    }

    @Test
    void anUnknownHostFailsTheDnsStep() throws Exception {
        Cli.Result result = Cli.against("https://no-such-host.invalid").env("HOME", home.toString()).run("doctor");

        assertEquals(5, result.exit(), result::toString);
        JsonNode report = json(result);
        assertEquals(List.of("dns"), stepNames(report));
        JsonNode dns = step(report, "dns");
        assertFalse(dns.get("ok").asBoolean());
        assertEquals("cannot resolve host no-such-host.invalid", dns.get("problem").asText());
        assertTrue(report.get("verdict").asText().contains("step dns failed"), report::toString);
        assertTrue(report.get("next").asText().startsWith("check the base URL"), report::toString);
    }

    @Test
    void aRefusedConnectionFailsTheConnectStep() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }

        Cli.Result result = Cli.against("http://127.0.0.1:" + closed).env("HOME", home.toString()).run("doctor");

        assertEquals(5, result.exit(), result::toString);
        JsonNode report = json(result);
        assertEquals(List.of("dns", "connect"), stepNames(report));
        assertEquals("cannot connect to 127.0.0.1:" + closed + " (connection refused)", step(report, "connect").get("problem").asText());
        assertTrue(report.get("verdict").asText().contains("step connect failed"), report::toString);
    }

    @Test
    void tlsIsTakenApartAndSaysTheGivenCaWasNeeded() throws Exception {
        WireMockServer server = https(TestCa.Kind.GOOD);

        Cli.Result result = Cli.against("https://127.0.0.1:" + server.httpsPort()).env("HOME", home.toString())
                .env("USERLOOKUP_CA_CERT", CA.caPem().toString()).run("doctor");

        assertEquals(0, result.exit(), result::toString);
        JsonNode report = json(result);
        assertEquals(List.of("dns", "connect", "tls", "http", "clock"), stepNames(report));
        JsonNode tls = step(report, "tls");
        assertEquals(List.of("name", "ok", "ms", "version", "cipher", "http", "subject", "issuer", "expires", "days_left", "ca_cert_needed"),
                names(tls.fieldNames()));
        assertEquals("TLSv1.3", tls.get("version").asText());
        assertEquals("HTTP/2", tls.get("http").asText());
        assertEquals("CN=userlookup test CA", tls.get("issuer").asText());
        assertTrue(tls.get("days_left").asLong() > 3000, tls::toString);
        assertTrue(tls.get("expires").asText().matches("\\d{4}-\\d\\d-\\d\\d"), tls::toString);
        assertTrue(tls.get("ca_cert_needed").asBoolean());
    }

    @Test
    void anUntrustedCertificateFailsTheTlsStepWithTheHint() throws Exception {
        WireMockServer server = https(TestCa.Kind.GOOD);

        Cli.Result result = Cli.against("https://127.0.0.1:" + server.httpsPort()).env("HOME", home.toString()).run("doctor");

        assertEquals(5, result.exit(), result::toString);
        JsonNode report = json(result);
        assertEquals(List.of("dns", "connect", "tls"), stepNames(report));
        JsonNode tls = step(report, "tls");
        assertEquals("the certificate of 127.0.0.1:" + server.httpsPort() + " (issued by 'userlookup test CA') is not signed by a trusted CA",
                tls.get("problem").asText());
        assertTrue(tls.get("next").asText().contains("--ca-cert FILE"), tls::toString);
        assertTrue(report.get("verdict").asText().contains("step tls failed"), report::toString);
    }

    @Test
    void anExpiredCertificateFailsTheTlsStep() throws Exception {
        WireMockServer server = https(TestCa.Kind.EXPIRED);

        Cli.Result result = Cli.against("https://127.0.0.1:" + server.httpsPort()).env("HOME", home.toString())
                .env("USERLOOKUP_CA_CERT", CA.caPem().toString()).run("doctor");

        assertEquals(5, result.exit(), result::toString);
        JsonNode tls = step(json(result), "tls");
        assertTrue(tls.get("problem").asText().matches("the certificate of 127\\.0\\.0\\.1:\\d+ expired on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC"),
                tls::toString);
        assertEquals("the service must renew it", tls.get("next").asText());
    }

    @Test
    void throughAProxyTheTunnelIsAStepAndItsCredentialsAreHidden() throws Exception {
        WireMockServer server = https(TestCa.Kind.GOOD);
        LoopbackTunnels proxy = LoopbackTunnels.connectProxy("agent:s3cret");
        started.add(proxy);

        Cli.Result result = Cli.against("https://users.service.test:" + server.httpsPort()).env("HOME", home.toString())
                .env("USERLOOKUP_CA_CERT", CA.caPem().toString())
                .env("HTTPS_PROXY", "http://agent:s3cret@127.0.0.1:" + proxy.port()).run("doctor");

        assertEquals(0, result.exit(), result::toString);
        JsonNode report = json(result);
        assertEquals(List.of("dns", "connect", "proxy", "tls", "http", "clock"), stepNames(report));
        assertEquals(200, step(report, "proxy").get("status").asInt());
        assertEquals("http://***@127.0.0.1:" + proxy.port(), report.get("settings").get("proxy").get("value").asText());
        assertEquals("environment HTTPS_PROXY", report.get("settings").get("proxy").get("origin").asText());
        assertFalse(result.out().contains("s3cret"), result::toString);
        assertEquals(0, proxy.refusedLogins());
    }

    @Test
    void aProxyRefusingItsCredentialsFailsTheProxyStep() throws Exception {
        WireMockServer server = https(TestCa.Kind.GOOD);
        LoopbackTunnels proxy = LoopbackTunnels.connectProxy("agent:right");
        started.add(proxy);

        Cli.Result result = Cli.against("https://users.service.test:" + server.httpsPort()).env("HOME", home.toString())
                .env("USERLOOKUP_CA_CERT", CA.caPem().toString())
                .env("HTTPS_PROXY", "http://agent:wrong@127.0.0.1:" + proxy.port()).run("doctor");

        assertEquals(5, result.exit(), result::toString);
        JsonNode report = json(result);
        assertEquals(List.of("dns", "connect", "proxy"), stepNames(report));
        assertEquals("the proxy http://127.0.0.1:" + proxy.port() + " refused its credentials (HTTP 407)",
                step(report, "proxy").get("problem").asText());
        assertEquals("check the user and password in HTTPS_PROXY", step(report, "proxy").get("next").asText());
        assertEquals(1, proxy.refusedLogins(), "one bad login, not more");
        assertFalse(result.out().contains("wrong"), result::toString);
    }

    @Test
    void a401IsExit4AndTheKeyTheServiceEchoesIsNotShown() throws Exception {
        WireMockServer server = http();
        server.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(aResponse().withStatus(401)
                .withHeader("Content-Type", "application/json").withBody("{\"detail\": \"key " + TestKeys.KEY + " is not valid\"}")));

        Cli.Result json = Cli.against(server.baseUrl()).env("HOME", home.toString()).run("doctor");
        Cli.Result text = Cli.against(server.baseUrl()).env("HOME", home.toString()).run("doctor", "-o", "table");

        assertEquals(4, json.exit(), json::toString);
        assertEquals(4, text.exit(), text::toString);
        JsonNode http = step(json(json), "http");
        assertFalse(http.get("ok").asBoolean());
        assertEquals(401, http.get("status").asInt());
        assertTrue(http.get("problem").asText().contains("key *** is not valid"), http::toString);
        assertTrue(http.get("next").asText().startsWith("check the key from environment USERLOOKUP_API_KEY"), http::toString);
        assertTrue(json(json).get("verdict").asText().startsWith("the key was refused"));
        for (Cli.Result result : List.of(json, text)) {
            assertFalse(result.out().contains(TestKeys.KEY), result::toString);
            assertFalse(result.err().contains(TestKeys.KEY), result::toString);
            assertFalse(result.out().contains(TestKeys.KEY.substring(0, 12)), result::toString);
        }
        assertTrue(text.out().contains("  FAIL http    "), text::toString);
    }

    @Test
    void a403IsExit4AndTheKeyTheServiceEchoesIsNotShown() throws Exception {
        WireMockServer server = http();
        server.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(aResponse().withStatus(403)
                .withHeader("Content-Type", "application/json").withBody("{\"detail\": \"key " + TestKeys.KEY + " may not list users\"}")));

        Cli.Result json = Cli.against(server.baseUrl()).env("HOME", home.toString()).run("doctor");
        Cli.Result text = Cli.against(server.baseUrl()).env("HOME", home.toString()).run("doctor", "-o", "table");

        assertEquals(4, json.exit(), json::toString);
        assertEquals(4, text.exit(), text::toString);
        JsonNode report = json(json);
        assertFalse(report.get("ok").asBoolean(), report::toString);
        assertEquals(4, report.get("exit").asInt(), report::toString);
        JsonNode http = step(report, "http");
        assertFalse(http.get("ok").asBoolean());
        assertEquals(403, http.get("status").asInt());
        assertTrue(http.get("problem").asText().contains("key *** may not list users"), http::toString);
        assertTrue(http.get("next").asText().startsWith("check the key from environment USERLOOKUP_API_KEY"), http::toString);
        assertTrue(report.get("verdict").asText().startsWith("the key was refused"), report::toString);
        for (Cli.Result result : List.of(json, text)) {
            assertFalse(result.out().contains(TestKeys.KEY), result::toString);
            assertFalse(result.err().contains(TestKeys.KEY), result::toString);
            assertFalse(result.out().contains(TestKeys.KEY.substring(0, 12)), result::toString);
        }
        assertTrue(text.out().contains("  FAIL http    "), text::toString);
    }

    @Test
    void a503IsExit5NamingTheHttpStep() throws Exception {
        WireMockServer server = http();
        server.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(aResponse().withStatus(503)));

        Cli.Result result = Cli.against(server.baseUrl()).env("HOME", home.toString()).run("doctor", "--retries", "0");

        assertEquals(5, result.exit(), result::toString);
        JsonNode report = json(result);
        assertEquals(List.of("dns", "connect", "http"), stepNames(report));
        assertEquals(503, step(report, "http").get("status").asInt());
        assertTrue(report.get("verdict").asText().contains("step http failed"), report::toString);
        assertTrue(report.get("next").asText().startsWith("the service is failing"), report::toString);
    }

    @Test
    void theHttpStepTakesTheStatusFromTheAnswerNotFromTheServicesWords() throws Exception {
        // A 400 whose detail reads like a failing service: the status is the answer's, and so is the advice.
        WireMockServer server = http();
        server.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(aResponse().withStatus(400)
                .withHeader("Content-Type", "application/json").withBody("{\"detail\":\"(HTTP 503) busy\"}")));

        Cli.Result result = Cli.against(server.baseUrl()).env("HOME", home.toString()).run("doctor", "--retries", "0");

        assertEquals(5, result.exit(), result::toString);
        JsonNode http = step(json(result), "http");
        assertEquals(400, http.get("status").asInt());
        assertEquals("list (offset 0 limit 1): the service rejected the request (HTTP 400): (HTTP 503) busy", http.get("problem").asText());
        assertEquals("to see the request and its answer, run: userlookup --retries 0 -v list --limit 1", http.get("next").asText());
    }

    @Test
    void theRequestDoctorSuggestsCarriesTheOptionsThatChoseTheSettingsAndPastesAsPrinted() throws Exception {
        // A profile whose base URL has a wrong path: the list is not there (404), and the advice must
        // run against that profile, not the default one.
        WireMockServer server = http();
        server.stubFor(get(urlPathEqualTo("/wrong/v2/user/")).willReturn(aResponse().withStatus(404)));
        secret("wrong.key", "profile-key-abcdef\n");
        writeConfig("default_profile = \"other\"\n[profiles.other]\nbase_url = \"http://127.0.0.1:1\"\n"
                + "[profiles.wrongpath]\nbase_url = \"" + server.baseUrl() + "/wrong\"\napi_key_file = \"" + home.resolve("wrong.key") + "\"\n");
        List<String> meant = List.of("--profile", "wrongpath", "--timeout", "5", "-v", "list", "--limit", "1");

        Cli.Result json = Cli.bare().env("HOME", home.toString()).run("--profile", "wrongpath", "doctor", "--timeout", "5", "--verbose");

        assertEquals(5, json.exit(), json::toString);
        String advice = "to see the request and its answer, run: userlookup " + String.join(" ", meant);
        assertEquals(advice, step(json(json), "http").get("next").asText());
        assertEquals(advice, json(json).get("next").asText());
        for (int width : new int[] {80, 40}) {
            Cli.Result text = Cli.bare().env("HOME", home.toString()).terminal(true, width)
                    .run("--profile", "wrongpath", "doctor", "--timeout", "5", "--verbose");
            assertEquals(5, text.exit(), text::toString);
            List<String> lines = List.of(text.out().split("\n"));
            assertEquals(meant, Pasted.words(Pasted.command(lines, width)), text::toString);
        }
    }

    @Test
    void aFailureBeforeAnyAnswerHasNoStatusInTheHttpStep() throws Exception {
        WireMockServer server = http();
        server.stubFor(get(urlPathEqualTo("/v2/user/")).willReturn(aResponse()
                .withFault(com.github.tomakehurst.wiremock.http.Fault.CONNECTION_RESET_BY_PEER)));

        Cli.Result result = Cli.against(server.baseUrl()).env("HOME", home.toString()).run("doctor", "--retries", "0");

        assertEquals(5, result.exit(), result::toString);
        JsonNode http = step(json(result), "http");
        assertFalse(http.get("ok").asBoolean(), result::toString);
        assertFalse(http.has("status"), http::toString);
    }
}
