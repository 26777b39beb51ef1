package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.userlookup.fake.FakeService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A profile's key command in a real process: what it writes to standard error never reaches the
 * tool's own raw (an escape sequence retitled the window); it shows only when the command fails,
 * as the first line of the one-line error, escaped.
 */
class KeyCommandIT {

    static FakeService fake;

    @TempDir
    Path home;

    @BeforeAll
    static void start() {
        fake = FakeService.builder().users(3).start();
    }

    @AfterAll
    static void stop() {
        fake.close();
    }

    private Subprocess.Result listWithKeyCommand(String command) throws Exception {
        Path config = Files.createDirectories(home.resolve(".config/userlookup")).resolve("config.toml");
        Files.writeString(config, "[profiles.p]\nbase_url = \"" + fake.baseUrl() + "\"\napi_key_command = \""
                + command.replace("\\", "\\\\").replace("\"", "\\\"") + "\"\n");
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-------"));
        return Subprocess.run(Map.of("HOME", home.toString()), Duration.ofSeconds(60),
                Subprocess.LAUNCHER.toString(), "--profile", "p", "list", "--count");
    }

    @Test
    void whatASucceedingKeyCommandSaysOnStandardErrorIsNotShown() throws Exception {
        Subprocess.Result result = listWithKeyCommand("printf '\\033]0;pwned\\007unlocking\\n' >&2; printf '%s\\n' " + fake.apiKey());

        assertEquals(0, result.exit(), result::toString);
        assertEquals("3\n", result.out());
        assertEquals("", result.err());
    }

    @Test
    void aFailingKeyCommandsFirstLineOfErrorsIsQuotedEscaped() throws Exception {
        Subprocess.Result result = listWithKeyCommand("printf 'no such entry \\033]0;pwned\\007\\nmore\\n' >&2; exit 4");

        assertEquals(2, result.exit(), result::toString);
        assertEquals("", result.out());
        assertEquals("userlookup: profile p: the key command failed (exit 4): no such entry \\x1b]0;pwned\\x07\n", result.err());
    }
}
