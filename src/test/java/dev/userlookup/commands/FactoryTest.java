package dev.userlookup.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.console.Console;
import dev.userlookup.console.Io;
import dev.userlookup.console.FixedTerminal;
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

/** The run's settings are decided once, by the first use or by doctor's inspection, and from then on the console redacts the key. */
class FactoryTest {

    private static final String KEY = "sk-live-0123456789abcdef";

    @TempDir
    Path home;

    private Factory factory(Map<String, String> env) {
        Io io = new Io(new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream(),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), env, new FixedTerminal(false, false, 0));
        return new Factory(io, SignalStop.NONE, null, null);
    }

    private Map<String, String> env() {
        return Map.of("HOME", home.toString(), "XDG_CONFIG_HOME", home.toString(),
                "USERLOOKUP_BASE_URL", "https://service.example.test", "USERLOOKUP_API_KEY", KEY);
    }

    @Test
    void theKeyIsRedactedOnlyOnceItIsKnown() {
        Factory factory = factory(env());
        Console console = factory.console();
        assertEquals("key " + KEY, console.redact("key " + KEY), "not known yet: nothing to take out");

        Settings chosen = factory.settings();

        assertSame(chosen, factory.settings(), "decided once");
        assertFalse(console.redact("key " + KEY).contains(KEY), console.redact("key " + KEY));
    }

    @Test
    void doctorsInspectionDecidesTheSettingsToo() {
        Factory factory = factory(env());
        List<String> warnings = new ArrayList<>();

        SettingsResolver.Inspection inspection = factory.inspectSettings(warnings::add);

        assertSame(inspection.settings(), factory.settings(), "the client doctor asks for is made from what was inspected");
        assertFalse(factory.console().redact(KEY).contains(KEY));
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void settingsDecidedAlreadyAreNeverInspectedOver() {
        Factory factory = factory(env());
        factory.settings();

        assertThrows(IllegalStateException.class, () -> factory.inspectSettings(warning -> { }));
    }
}
