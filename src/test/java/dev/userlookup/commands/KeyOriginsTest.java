package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.fake.Registry;
import dev.userlookup.fake.Registry.Reply;
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
 * and never show it; what a key command says on standard error shows only when it fails, in the
 * one line that says so, escaped and without the key.
 */
class KeyOriginsTest {

    @RegisterExtension
    final Registry service = new Registry();

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
        Cli cli = Cli.bare().through(service).env("HOME", home.toString());
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
        assertEquals(0, service.requests().size(), "a request went out");
    }

    @ParameterizedTest
    @EnumSource(Origin.class)
    void theShortestKeyAcceptedIsTakenOutOfWhatTheServiceSays(Origin origin) throws Exception {
        service.getPath("/v2/user/resolve/x").reply(Reply.status(401).json("{\"detail\": \"key Zq7pXw1k is revoked\"}"));

        Cli.Result result = resolveWithKeyFrom(origin, "Zq7pXw1k");

        assertEquals(4, result.exit(), result::toString);
        assertTrue(result.err().contains("key *** is revoked"), result::toString);
        assertFalse(result.err().contains("Zq7pXw1k"), result::toString);
    }

    @Test
    void doctorNamesATooShortKeyWithoutShowingIt() {
        Cli.Result result = Cli.against(service).env("HOME", home.toString()).env("USERLOOKUP_API_KEY", "Zq7pX")
                .run("doctor", "-o", "json");

        assertEquals(2, result.exit(), result::toString);
        assertTrue(result.out().contains("the API key from USERLOOKUP_API_KEY has 5 characters"), result::toString);
        assertFalse(result.out().contains("Zq7pX") || result.err().contains("Zq7pX"), result::toString);
        assertEquals(0, service.requests().size(), "a request went out");
    }

    /** @param command the shell's words, put into the config's TOML string as they are */
    private Cli.Result resolveWithKeyCommand(String command) throws Exception {
        String toml = command.replace("\\", "\\\\").replace("\"", "\\\"");
        secret(config, "[profiles.p]\nbase_url = \"" + service.baseUrl() + "\"\napi_key_command = \"" + toml + "\"\n");
        return Cli.bare().through(service).env("HOME", home.toString()).run("--profile", "p", "resolve", "x");
    }

    @Test
    void aFailingKeyCommandsFirstLineOfErrorsIsQuotedEscapedInTheOneLine() throws Exception {
        Cli.Result result = resolveWithKeyCommand(
                "printf '\\n  gpg: decryption failed\\033]0;pwned\\007: No secret key\\nsecond line\\n' >&2; exit 2");

        assertEquals(2, result.exit(), result::toString);
        assertEquals("userlookup: profile p: the key command failed (exit 2): gpg: decryption failed\\x1b]0;pwned\\x07: No secret key\n",
                result.err());
        assertEquals(0, service.requests().size(), "a request went out");
    }

    @Test
    void theKeyAFailingCommandPrintedIsTakenOutOfItsErrorsInEverySpelling() throws Exception {
        Cli.Result result = resolveWithKeyCommand("echo cmd/key+0001=; printf '%s\\n' 'refused cmd/key+0001= (cmd%2Fkey%2b0001%3D, cmd\\/key+0001=)' >&2; exit 1");

        assertEquals(2, result.exit(), result::toString);
        assertEquals("userlookup: profile p: the key command failed (exit 1): refused *** (***, ***)\n", result.err());
    }

    @Test
    void aKeyCommandThatPrintsNoKeySaysWhatItSaidInstead() throws Exception {
        Cli.Result result = resolveWithKeyCommand("echo 'Error: service/p is not in the password store.' >&2");

        assertEquals(2, result.exit(), result::toString);
        assertEquals("userlookup: profile p: the key command printed no key: Error: service/p is not in the password store.\n",
                result.err());
    }

    @Test
    void aLongLineOfErrorsIsCutAfterTheKeyIsTakenOut() throws Exception {
        // The key begins at each side of the cut (200 characters): it never shows in part.
        String key = "cmd-key-0000000001";
        for (int before = 200 - key.length() - 1; before <= 201; before++) {
            Cli.Result result = resolveWithKeyCommand("echo " + key + "; printf '%s' " + "e".repeat(before) + " >&2; echo " + key + " >&2; exit 1");

            assertEquals(2, result.exit(), result::toString);
            assertFalse(result.err().contains("cmd-key-0"), before + ": " + result.err());
            assertTrue(result.err().startsWith("userlookup: profile p: the key command failed (exit 1): eee"), result.err());
        }
    }
}
