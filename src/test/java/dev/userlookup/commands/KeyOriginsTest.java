package dev.userlookup.commands;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import dev.userlookup.fake.Stubs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What the tool makes of the key from each place it comes from (the environment, --api-key-file
 * with a file or standard input, a profile's key file or key command): a key too short to be
 * one the service issued is refused before any request, in words that name where it came from
 * and never show it.
 */
class KeyOriginsTest {

    @RegisterExtension
    static WireMockExtension service = Stubs.service();

    @TempDir
    Path home;

    private Path config;
    private Path keyFile;

    @BeforeEach
    void setUp() throws Exception {
        config = home.resolve(".config/userlookup/config.toml");
        Files.createDirectories(config.getParent());
        keyFile = home.resolve("team.key");
    }

    /** Each place a key comes from, as a run is set up to take it from there, and as a refusal names it. */
    enum Origin {
        ENVIRONMENT("USERLOOKUP_API_KEY"),
        FILE_OPTION("file "),
        STANDARD_INPUT("standard input"),
        PROFILE_FILE("profile p's api_key_file"),
        PROFILE_COMMAND("profile p's key command");

        final String named;

        Origin(String named) {
            this.named = named;
        }
    }

    /** A run of {@code resolve x} with the key {@code key} from {@code origin}. */
    private Cli.Result resolveWithKeyFrom(Origin origin, String key) throws Exception {
        Cli cli = Cli.bare().env("HOME", home.toString());
        switch (origin) {
            case ENVIRONMENT:
                return cli.env("USERLOOKUP_BASE_URL", service.baseUrl()).env("USERLOOKUP_API_KEY", key).run("resolve", "x");
            case FILE_OPTION:
                secret(keyFile, key + "\n");
                return cli.env("USERLOOKUP_BASE_URL", service.baseUrl()).run("--api-key-file", keyFile.toString(), "resolve", "x");
            case STANDARD_INPUT:
                return cli.env("USERLOOKUP_BASE_URL", service.baseUrl()).stdin(key + "\n").run("--api-key-file", "-", "resolve", "x");
            case PROFILE_FILE:
                secret(keyFile, key + "\n");
                secret(config, "[profiles.p]\nbase_url = \"" + service.baseUrl() + "\"\napi_key_file = \"" + keyFile + "\"\n");
                return cli.run("--profile", "p", "resolve", "x");
            default:
                secret(config, "[profiles.p]\nbase_url = \"" + service.baseUrl() + "\"\napi_key_command = \"printf '%s\\\\n' " + key + "\"\n");
                return cli.run("--profile", "p", "resolve", "x");
        }
    }

    private static void secret(Path file, String text) throws Exception {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }

    @ParameterizedTest
    @EnumSource(Origin.class)
    void aKeyTooShortToBeOneTheServiceIssuedIsExit2BeforeAnyRequestNamingWhereItCameFrom(Origin origin) throws Exception {
        Cli.Result result = resolveWithKeyFrom(origin, "Zq7pXw1");

        assertEquals(2, result.exit(), result::toString);
        assertTrue(result.err().startsWith("userlookup: "), result::toString);
        assertTrue(result.err().contains("the API key from " + origin.named), result::toString);
        assertTrue(result.err().contains("has 7 characters: too short to be one the service issued (8 or more)"), result::toString);
        assertFalse(result.err().contains("Zq7pXw1") || result.out().contains("Zq7pXw1"), result::toString);
        assertEquals(0, service.getAllServeEvents().size(), "a request went out");
    }

    @ParameterizedTest
    @EnumSource(Origin.class)
    void theShortestKeyAcceptedIsTakenOutOfWhatTheServiceSays(Origin origin) throws Exception {
        service.stubFor(get(urlPathEqualTo("/v2/user/resolve/x")).willReturn(aResponse().withStatus(401)
                .withHeader("Content-Type", "application/json").withBody("{\"detail\": \"key Zq7pXw1k is revoked\"}")));

        Cli.Result result = resolveWithKeyFrom(origin, "Zq7pXw1k");

        assertEquals(4, result.exit(), result::toString);
        assertTrue(result.err().contains("key *** is revoked"), result::toString);
        assertFalse(result.err().contains("Zq7pXw1k"), result::toString);
    }

    @Test
    void doctorNamesATooShortKeyWithoutShowingIt() {
        Cli.Result result = Cli.against(service.baseUrl()).env("HOME", home.toString()).env("USERLOOKUP_API_KEY", "Zq7pX")
                .run("doctor", "-o", "json");

        assertEquals(2, result.exit(), result::toString);
        assertTrue(result.out().contains("the API key from USERLOOKUP_API_KEY has 5 characters"), result::toString);
        assertFalse(result.out().contains("Zq7pX") || result.err().contains("Zq7pX"), result::toString);
        assertEquals(0, service.getAllServeEvents().size(), "a request went out");
    }
}
