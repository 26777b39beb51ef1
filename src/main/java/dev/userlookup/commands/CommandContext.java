package dev.userlookup.commands;

import dev.userlookup.commands.shape.ShapeOptions;
import dev.userlookup.console.Console;
import dev.userlookup.console.Io;
import dev.userlookup.network.Timing;
import dev.userlookup.output.Incomplete;
import dev.userlookup.output.Renderer;
import dev.userlookup.service.ServiceClient;
import dev.userlookup.settings.Settings;
import dev.userlookup.settings.SettingsResolver;
import java.util.function.Consumer;

/**
 * What every command is given, each part with one job: the console (streams, pager, messages),
 * the options typed, the run's settings (and the key's redaction), the client of the service
 * and the renderer. It closes them in order.
 */
final class CommandContext {

    private final Console console;
    private final GlobalOptions options;
    private final RunSettings settings;
    private final ServiceClients clients;
    private final RendererChoice renderers;
    private final SignalStop stop;
    private ShapeOptions.OutputShape shape = ShapeOptions.OutputShape.WHOLE;

    /**
     * @param timing the clocks and sleep of retries and pauses; null for the real ones
     * @param stop what Ctrl-C and SIGTERM do to the run
     */
    CommandContext(Io io, GlobalOptions options, Timing timing, SignalStop stop) {
        this.options = options;
        this.stop = stop;
        this.console = new Console(io, this::redact);
        this.settings = new RunSettings(options, console);
        this.clients = new ServiceClients(settings, console, timing);
        this.renderers = new RendererChoice(settings, console, options);
    }

    Console console() {
        return console;
    }

    GlobalOptions options() {
        return options;
    }

    boolean verbose() {
        return options.verbose;
    }

    /** Exit 2 (UsageException) when a setting is missing or wrong. */
    Settings settings() {
        return settings.get();
    }

    /** Doctor's way to the settings: see {@link RunSettings#inspect}. */
    SettingsResolver.Inspection inspectSettings(Consumer<String> warnings) {
        return settings.inspect(warnings);
    }

    ServiceClient client() {
        return clients.client();
    }

    Renderer renderer() {
        return renderers.renderer(shape);
    }

    /** What the renderer prints of each user (--fields, --jq): decided before any request. */
    void shape(ShapeOptions.OutputShape shape) {
        this.shape = shape;
    }

    /** Why a walk's document ends early: the signal that stopped the run, else a failure. */
    Incomplete.Reason cutShortBy() {
        return stop.cutShortBy();
    }

    /** One message on stderr, {@code userlookup: <text>}. */
    void say(String message) {
        console.messages().say(message);
    }

    /** Takes the key out of any text, once it is known. */
    String redact(String text) {
        // Null while the console is made: it is given this method before the settings exist.
        return settings == null ? text : settings.redact(text);
    }

    /** Ends the output (waiting for a pager to quit), takes the line in place off stderr, then lets the client's threads go. */
    void close() {
        try {
            console.close();
        } finally {
            clients.close();
        }
    }
}
