package dev.userlookup.cli;

import dev.userlookup.Version;
import dev.userlookup.api.ClientSettings;
import dev.userlookup.api.CaFile;
import dev.userlookup.api.ServiceClient;
import dev.userlookup.config.Settings;
import dev.userlookup.config.SettingsResolver;
import dev.userlookup.config.Sourced;
import dev.userlookup.output.RenderContext;
import dev.userlookup.output.Renderer;
import dev.userlookup.output.Renderers;
import dev.userlookup.terminal.SafeText;
import dev.userlookup.terminal.Style;
import java.util.ArrayList;
import java.util.List;

/**
 * What a command works with: the streams, the settings (decided on first use, after the command
 * has checked its own options), the client, the renderer and one-line messages on stderr.
 */
final class CommandContext {

    private final Io io;
    private final GlobalOptions options;
    private Settings settings;
    private ServiceClient client;

    CommandContext(Io io, GlobalOptions options) {
        this.io = io;
        this.options = options;
    }

    Io io() {
        return io;
    }

    GlobalOptions options() {
        return options;
    }

    boolean verbose() {
        return options.verbose;
    }

    /** Exit 2 (UsageException) when a setting is missing or wrong. */
    Settings settings() {
        if (settings == null) {
            settings = new SettingsResolver(io.env(), io.terminal(), io.stdin(), io.stderr(), this::say).resolve(options.given());
        }
        return settings;
    }

    ServiceClient client() {
        if (client == null) {
            Settings chosen = settings();
            client = new ServiceClient(new ClientSettings(chosen.baseUrl().value(), chosen.apiKey().value(),
                    chosen.timeout().value(), chosen.retries().value(), ClientSettings.DEFAULT_RETRY_BASE_DELAY,
                    "userlookup/" + Version.get(), chosen.proxy(), caFiles(chosen),
                    chosen.verbose() ? line -> io.stderr().println(SafeText.escape(redact(line))) : null));
        }
        return client;
    }

    private static List<CaFile> caFiles(Settings chosen) {
        List<CaFile> files = new ArrayList<>();
        for (Sourced<CaFile> file : chosen.caFiles()) {
            files.add(file.value());
        }
        return files;
    }

    Renderer renderer() {
        Settings chosen = settings();
        boolean terminal = io.terminal().stdoutIsTerminal();
        int width = chosen.output().value() == dev.userlookup.output.OutputFormat.TABLE && terminal ? io.terminal().width() : 0;
        return Renderers.create(chosen.output().value(),
                new RenderContext(io.stdout(), new Style(chosen.colorOn()), width, terminal, options.nextPageCommand()));
    }

    /** One line on stderr, {@code userlookup: <text>}: key redacted, server text made safe. */
    void say(String message) {
        io.stderr().println("userlookup: " + SafeText.escape(redact(message)));
        io.stderr().flush();
    }

    /** Takes the key out of any text, once it is known. */
    String redact(String text) {
        return settings == null ? text : settings.apiKey().value().redact(text);
    }

    /** Lets the client's threads go, so the process can end without waiting for them. */
    void close() {
        if (client != null) {
            client.close();
        }
    }
}
