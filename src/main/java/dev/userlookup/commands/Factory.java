package dev.userlookup.commands;

import dev.userlookup.commands.shape.ShapeOptions;
import dev.userlookup.console.Console;
import dev.userlookup.console.Io;
import dev.userlookup.console.Style;
import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.HttpTransport;
import dev.userlookup.network.Timing;
import dev.userlookup.network.Transport;
import dev.userlookup.output.Footer;
import dev.userlookup.output.RenderContext;
import dev.userlookup.output.Renderer;
import dev.userlookup.output.table.TableRenderer;
import dev.userlookup.service.ServiceClient;
import dev.userlookup.settings.OutputFormat;
import dev.userlookup.settings.Settings;
import dev.userlookup.settings.SettingsResolver;
import java.util.function.Consumer;

/**
 * Each part made on first use (as gh's cmdutil.Factory), so a command that fails on its own options
 * reads no key; once the settings are decided the console takes their key out of all it says.
 */
final class Factory {

    private final Console console;
    private final GlobalOptions options = new GlobalOptions();
    private final SignalStop stop;
    private final Timing timing;
    private final Transport transport;
    private Settings settings;
    private ServiceClient client;
    private ShapeOptions.OutputShape shape = ShapeOptions.OutputShape.WHOLE;

    Factory(Io io, SignalStop stop, Timing timing, Transport transport) {
        this.console = new Console(io);
        this.stop = stop;
        this.timing = timing;
        this.transport = transport;
    }

    Console console() {
        return console;
    }

    GlobalOptions options() {
        return options;
    }

    SignalStop stop() {
        return stop;
    }

    Settings settings() {
        if (settings == null) {
            decided(resolver(console.stderr()::say).resolve(options));
        }
        return settings;
    }

    /** They are this run's settings even when some are wrong: a key that was read is then redacted. */
    SettingsResolver.Inspection inspectSettings(Consumer<String> warnings) {
        if (settings != null) {
            throw new IllegalStateException("the run's settings are decided already");
        }
        SettingsResolver.Inspection inspection = resolver(warning -> {
            console.stderr().say(warning);
            warnings.accept(warning);
        }).inspect(options);
        decided(inspection.settings());
        return inspection;
    }

    private SettingsResolver resolver(Consumer<String> warn) {
        Io io = console.io();
        return new SettingsResolver(io.env(), io.terminal(), io.stdin(), io.stderr(), warn);
    }

    private void decided(Settings chosen) {
        settings = chosen;
        if (chosen.apiKey().value() != null) {
            console.redactWith(chosen.apiKey().value()::redact);
        }
    }

    ServiceClient client() {
        if (client == null) {
            Settings chosen = settings();
            ClientSettings made = chosen.client()
                    .verboseLog(options.verbose ? console.stderr()::verbose : null)
                    // A person waiting at a terminal hears of a retry, on one line rewritten by the
                    // next; -v says it already, a pipe never.
                    .retryNotice(console.terminal().stderrIsTerminal() && !options.verbose ? console.stderr()::notice : null)
                    .timing(timing)
                    .build();
            client = new ServiceClient(made, transport != null ? transport : new HttpTransport(made));
        }
        return client;
    }

    Renderer renderer() {
        Settings chosen = settings();
        boolean terminal = console.terminal().stdoutIsTerminal();
        int width = chosen.output().value() == OutputFormat.TABLE && terminal ? console.terminal().width() : 0;
        // The next page as this one was asked for: every option given, --fields and the key's file too, at the next offset.
        Footer.NextPage nextPage = (offset, limit) -> options.givenCommandLine().with("--offset", Long.toString(offset))
                .withDefault("--limit", Integer.toString(limit)).command();
        RenderContext context = new RenderContext(console.stdout(), new Style(chosen.colorOn()), width, terminal, nextPage,
                console::redact);
        return chosen.output().value() == OutputFormat.TABLE && shape.filter() == null ? new TableRenderer(context, shape.fields())
                : Renderer.of(chosen.output().value(), context, shape.fields(), shape.filter());
    }

    /** Decided before any request. */
    void shape(ShapeOptions.OutputShape shape) {
        this.shape = shape;
    }

    void say(String message) {
        console.stderr().say(message);
    }

    /** Ends the output (waiting for a pager to quit), takes the line in place off stderr, then lets the client's threads go. */
    void close() {
        try {
            console.close();
        } finally {
            if (client != null) {
                client.close();
            }
        }
    }
}
