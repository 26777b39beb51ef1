package dev.userlookup.commands;

import dev.userlookup.commands.shape.ShapeOptions;
import dev.userlookup.console.Console;
import dev.userlookup.console.Style;
import dev.userlookup.output.Footers;
import dev.userlookup.output.RenderContext;
import dev.userlookup.output.Renderer;
import dev.userlookup.output.Renderers;
import dev.userlookup.settings.OutputFormat;
import dev.userlookup.settings.Settings;

/** The renderer of the run's output format (or of its --jq filter), writing to the console's (paged) standard output. */
final class RendererChoice {

    private final RunSettings settings;
    private final Console console;
    private final GlobalOptions options;

    RendererChoice(RunSettings settings, Console console, GlobalOptions options) {
        this.settings = settings;
        this.console = console;
        this.options = options;
    }

    /** @param shape --fields and --jq, decided by the command before any request */
    Renderer renderer(ShapeOptions.OutputShape shape) {
        Settings chosen = settings.get();
        boolean terminal = console.terminal().stdoutIsTerminal();
        int width = chosen.output().value() == OutputFormat.TABLE && terminal ? console.terminal().width() : 0;
        return Renderers.create(chosen.output().value(), new RenderContext(console.stdout(), new Style(chosen.colorOn()),
                width, terminal, nextPage(), settings::redact), shape.fields(), shape.filter());
    }

    /** The next page as this one was asked for: every option given, --fields and the key's file too, at the next offset. */
    private Footers.NextPage nextPage() {
        return (offset, limit) -> options.givenCommandLine().with("--offset", Long.toString(offset))
                .withDefault("--limit", Integer.toString(limit)).command();
    }
}
