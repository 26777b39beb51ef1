package dev.userlookup.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.userlookup.console.DisplayWidth;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code userlookup profiles} from the launcher: a table fitted to a real pseudo-terminal, JSON into a pipe. */
class ProfilesIT {

    @TempDir
    Path home;

    private void writeConfig() throws Exception {
        Path config = Files.createDirectories(home.resolve(".config/userlookup")).resolve("config.toml");
        Files.writeString(config, "default_profile = \"prod\"\n[profiles.prod]\nbase_url = \"https://svc.example.test/a/long/prefix\"\n"
                + "api_key_file = \"~/.config/userlookup/keys/the-production-team.key\"\n"
                + "[profiles.sandbox]\nbase_url = \"https://sandbox.example.test\"\napi_key_command = \"pass show service/sandbox\"\n");
    }

    @Test
    void aTableFittedToTheTerminalAndJsonIntoAPipe() throws Exception {
        assumeTrue(Subprocess.scriptAvailable(), "util-linux script(1) is needed for pseudo-terminal tests");
        writeConfig();
        Map<String, String> env = Map.of("HOME", home.toString(), "NO_COLOR", "1");

        Subprocess.Result table = Subprocess.inTerminal(env, 60, Subprocess.LAUNCHER + " profiles");
        Subprocess.Result json = Subprocess.run(env, Duration.ofSeconds(60), Subprocess.LAUNCHER.toString(), "profiles");

        assertEquals(0, table.exit(), table::toString);
        String shown = table.out().replace("\r", "");
        assertTrue(shown.contains("\n*  prod "), shown);
        assertTrue(shown.contains("\n   sandbox "), shown);
        for (String line : shown.split("\n")) {
            if (!line.contains(home.toString())) {
                assertTrue(DisplayWidth.of(line) <= 60, "wider than the terminal: " + line);
            }
        }
        assertEquals(0, json.exit(), json::toString);
        JsonNode document = new ObjectMapper().readTree(json.out());
        assertEquals("prod", document.get("default_profile").asText());
        assertEquals("pass show service/sandbox", document.get("profiles").get(1).get("key_from").get("command").asText());
        assertFalse(json.out().contains("\u001b"), json.out());
        assertEquals("", json.err());
    }

    @Test
    void atEightyColumnsAKeyFilesPathKeepsItsNameOnTheScreen() throws Exception {
        assumeTrue(Subprocess.scriptAvailable(), "util-linux script(1) is needed for pseudo-terminal tests");
        Path deep = Files.createDirectories(home.resolve("home/someone.with.a.rather.long.name"));
        Files.writeString(Files.createDirectories(deep.resolve(".config/userlookup")).resolve("config.toml"),
                "[profiles.prod]\nbase_url = \"https://svc.example.test\"\napi_key_file = \"~/.config/userlookup/production.key\"\n"
                + "[profiles.staging]\nbase_url = \"https://staging.svc.example.test\"\napi_key_file = \"~/.config/userlookup/staging.key\"\n");

        Subprocess.Result table = Subprocess.inTerminal(Map.of("HOME", deep.toString(), "NO_COLOR", "1"), 80,
                Subprocess.LAUNCHER + " profiles");

        assertEquals(0, table.exit(), table::toString);
        String shown = table.out().replace("\r", "");
        assertTrue(shown.contains("…/production.key\n"), shown);
        assertTrue(shown.contains("…/staging.key\n"), shown);
        for (String line : shown.split("\n")) {
            if (!line.contains(deep.toString())) {
                assertTrue(DisplayWidth.of(line) <= 80, "wider than the terminal: " + line);
            }
        }
    }
}
