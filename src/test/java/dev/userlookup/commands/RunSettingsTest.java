package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.console.Console;
import dev.userlookup.console.Io;
import dev.userlookup.console.Terminal;
import dev.userlookup.settings.Settings;
import dev.userlookup.settings.SettingsResolver;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run's settings are decided once, by the first use or by doctor's inspection, and from then on redact the key. */
class RunSettingsTest {

    private static final String KEY = "sk-live-0123456789abcdef";

    @TempDir
    Path home;

    private RunSettings settings(Map<String, String> env) {
        Io io = new Io(new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream(),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), env, Terminal.fixed(false, false, 0));
        RunSettings[] settings = new RunSettings[1];
        Console console = new Console(io, text -> settings[0].redact(text));
        settings[0] = new RunSettings(new GlobalOptions(), console);
        return settings[0];
    }

    private Map<String, String> env() {
        return Map.of("HOME", home.toString(), "XDG_CONFIG_HOME", home.toString(),
                "USERLOOKUP_BASE_URL", "https://service.example.test", "USERLOOKUP_API_KEY", KEY);
    }

    @Test
    void theKeyIsRedactedOnlyOnceItIsKnown() {
        RunSettings settings = settings(env());
        assertEquals("key " + KEY, settings.redact("key " + KEY), "not known yet: nothing to take out");

        Settings chosen = settings.get();

        assertSame(chosen, settings.get(), "decided once");
        assertFalse(settings.redact("key " + KEY).contains(KEY), settings.redact("key " + KEY));
    }

    @Test
    void doctorsInspectionDecidesTheSettingsToo() {
        RunSettings settings = settings(env());
        List<String> warnings = new ArrayList<>();

        SettingsResolver.Inspection inspection = settings.inspect(warnings::add);

        assertSame(inspection.settings(), settings.get(), "the client doctor asks for is made from what was inspected");
        assertFalse(settings.redact(KEY).contains(KEY));
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void settingsDecidedAlreadyAreNeverInspectedOver() {
        RunSettings settings = settings(env());
        settings.get();

        assertThrows(IllegalStateException.class, () -> settings.inspect(warning -> { }));
    }
}
