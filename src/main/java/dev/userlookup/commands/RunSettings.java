package dev.userlookup.commands;

import dev.userlookup.console.Console;
import dev.userlookup.console.Io;
import dev.userlookup.settings.Settings;
import dev.userlookup.settings.SettingsResolver;
import java.util.function.Consumer;

/**
 * The run's settings, decided once: on first use (after the command has checked its own
 * options), or by doctor's inspection, which decides what it can and names the rest. The key
 * they hold is taken out of every text the run says, from the moment it is known.
 */
final class RunSettings {

    private final GlobalOptions options;
    private final Console console;
    private Settings settings;

    RunSettings(GlobalOptions options, Console console) {
        this.options = options;
        this.console = console;
    }

    /** Exit 2 (UsageException) when a setting is missing or wrong. */
    Settings get() {
        if (settings == null) {
            settings = resolver(console.messages()::say).resolve(options.given());
        }
        return settings;
    }

    /**
     * Every setting that can be decided, with the problems of the others, for doctor; warnings
     * (files others can read) go to standard error as ever, and to {@code warnings}. They are
     * this run's settings, even when some are wrong: a key that was read is then redacted.
     */
    SettingsResolver.Inspection inspect(Consumer<String> warnings) {
        if (settings != null) {
            throw new IllegalStateException("the run's settings are decided already");
        }
        SettingsResolver.Inspection inspection = resolver(warning -> {
            console.messages().say(warning);
            warnings.accept(warning);
        }).inspect(options.given());
        settings = inspection.settings();
        return inspection;
    }

    /** Takes the key out of any text, once it is known. */
    String redact(String text) {
        return settings == null || settings.apiKey().value() == null ? text : settings.apiKey().value().redact(text);
    }

    private SettingsResolver resolver(Consumer<String> warn) {
        Io io = console.io();
        return new SettingsResolver(io.env(), io.terminal(), io.stdin(), io.stderr(), warn);
    }
}
