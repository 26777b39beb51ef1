package dev.userlookup.commands;

import dev.userlookup.Version;
import dev.userlookup.network.ClientSettings;
import dev.userlookup.service.ServiceClient;
import dev.userlookup.settings.Settings;
import dev.userlookup.settings.SettingsResolver;
import dev.userlookup.output.RenderContext;
import dev.userlookup.output.Renderer;
import dev.userlookup.output.Renderers;
import dev.userlookup.console.LineClearingOutput;
import dev.userlookup.console.PagedOutput;
import dev.userlookup.console.Pager;
import dev.userlookup.console.Stderr;
import dev.userlookup.console.Style;
import dev.userlookup.console.Terminal;
import java.io.IOException;
import java.io.OutputStream;

/**
 * What a command works with: the streams, the settings (decided on first use, after the command
 * has checked its own options), the client, the renderer and one-line messages on stderr.
 */
final class CommandContext {

    private final Io io;
    private final GlobalOptions options;
    private final Stderr stderr;
    private final Messages messages;
    private Settings settings;
    private ServiceClient client;
    private OutputStream stdout;
    private volatile PagedOutput paged;
    private boolean pagerAllowed = true;

    CommandContext(Io io, GlobalOptions options) {
        this.stderr = new Stderr(io.stderr());
        Terminal terminal = io.terminal();
        // Every write to stdout goes after the line in place on stderr is taken away, when both are one screen.
        this.io = new Io(io.stdin(), new LineClearingOutput(io.stdout(), stderr, terminal::stdoutIsTerminal),
                io.stderr(), io.env(), terminal);
        this.options = options;
        this.messages = new Messages(stderr, terminal, this::redact);
    }

    /** Standard error's one owner: messages, -v lines, progress and retry notices all go through it. */
    Stderr stderr() {
        return stderr;
    }

    Messages messages() {
        return messages;
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
            settings = resolver(this::say).resolve(options.given());
        }
        return settings;
    }

    /**
     * Every setting that can be decided, with the problems of the others, for doctor; warnings
     * (files others can read) go to standard error as ever, and to {@code warnings}. They become
     * this run's settings, so that redaction uses the key; {@link #client} is for when all are well.
     */
    SettingsResolver.Inspection inspectSettings(java.util.function.Consumer<String> warnings) {
        SettingsResolver.Inspection inspection = resolver(warning -> {
            say(warning);
            warnings.accept(warning);
        }).inspect(options.given());
        // Even when some are wrong: a key that was read is then redacted from everything said.
        settings = inspection.settings();
        return inspection;
    }

    private SettingsResolver resolver(java.util.function.Consumer<String> warn) {
        return new SettingsResolver(io.env(), io.terminal(), io.stdin(), io.stderr(), warn);
    }

    ServiceClient client() {
        if (client == null) {
            Settings chosen = settings();
            client = new ServiceClient(new ClientSettings(chosen.baseUrl().value(), chosen.apiKey().value(),
                    chosen.timeout().value(), chosen.retries().value(), ClientSettings.DEFAULT_RETRY_BASE_DELAY,
                    "userlookup/" + Version.get(), chosen.proxy(), chosen.caFileValues(),
                    chosen.verbose() ? messages::verbose : null,
                    // A person waiting at a terminal hears of a retry, on one line rewritten by the
                    // next; -v says it already, a pipe never.
                    io.terminal().stderrIsTerminal() && !chosen.verbose() ? messages::notice : null,
                    null, 0, chosen.apiKey().origin().description()));
        }
        return client;
    }

    /** Keeps output off the pager: a person typing input at the same terminal needs to see it come. */
    void keepOffPager() {
        pagerAllowed = false;
    }

    /** Standard output, through a pager on a terminal once it is taller than the screen. */
    OutputStream stdout() {
        if (stdout == null) {
            Terminal terminal = io.terminal();
            String pager = Pager.command(io.env());
            if (pagerAllowed && pager != null && terminal.stdoutIsTerminal() && terminal.height() > 0) {
                paged = new PagedOutput(io.stdout(), pager, io.env(), terminal.height(), terminal.width());
                stderr.heldOutput(paged);
                stdout = new ReaderGoneException.Guard(paged);
            } else {
                stdout = io.stdout();
            }
        }
        return stdout;
    }

    Renderer renderer() {
        Settings chosen = settings();
        boolean terminal = io.terminal().stdoutIsTerminal();
        int width = chosen.output().value() == dev.userlookup.settings.OutputFormat.TABLE && terminal ? io.terminal().width() : 0;
        return Renderers.create(chosen.output().value(),
                new RenderContext(stdout(), new Style(chosen.colorOn()), width, terminal, options.nextPageCommand(), this::redact));
    }

    /** One message on stderr, {@code userlookup: <text>} ({@link Messages}). */
    void say(String message) {
        messages.say(message);
    }

    /** Takes the key out of any text, once it is known. */
    String redact(String text) {
        return settings == null || settings.apiKey().value() == null ? text : settings.apiKey().value().redact(text);
    }

    /** Whether output went to a pager that has not quit yet: it owns the terminal until it does. */
    boolean pagerRunning() {
        PagedOutput output = paged;
        return output != null && output.pagerRunning();
    }

    /**
     * Ends the output (waiting for a pager to quit), takes the line in place off stderr, then lets
     * the client's threads go.
     */
    void close() {
        try {
            if (paged != null) {
                paged.close();
            }
        } catch (IOException readerGone) {
            // nothing more can be shown to a reader that went away
        } finally {
            stderr.clearLine();
            // What was said while a pager showed the output (an error among it) comes after it has quit.
            stderr.showKept();
            if (client != null) {
                client.close();
            }
        }
    }
}
