package dev.userlookup.commands;

import dev.userlookup.commands.shape.ShapeOptions;
import dev.userlookup.console.Console;
import dev.userlookup.console.DisplayWidth;
import dev.userlookup.model.UserField;
import dev.userlookup.console.Style;
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

    /** The widest words a footer adds to the command: a ten-digit offset and the largest limit. */
    private static final String PAGE_WORDS = " --offset 0000000000 --limit 500";

    /** @param shape --fields and --jq, decided by the command before any request */
    Renderer renderer(ShapeOptions.OutputShape shape) {
        Settings chosen = settings.get();
        boolean terminal = console.terminal().stdoutIsTerminal();
        int width = chosen.output().value() == OutputFormat.TABLE && terminal ? console.terminal().width() : 0;
        return Renderers.create(chosen.output().value(), new RenderContext(console.stdout(), new Style(chosen.colorOn()),
                width, terminal, nextPage(shape, width), settings::redact), shape.fields(), shape.filter());
    }

    /**
     * The next page as this one was asked for: with the fields chosen, so it shows the same
     * columns, where that command still fits the screen's width on a line of its own (a command
     * is never cut, people copy it); else the plain one, as without --fields.
     */
    private String nextPage(ShapeOptions.OutputShape shape, int width) {
        String plain = options.nextPageCommand();
        if (shape.fields() == null) {
            return plain;
        }
        String withFields = plain + " --fields "
                + shape.fields().stream().map(UserField::csvColumn).collect(java.util.stream.Collectors.joining(","));
        boolean fits = width <= 0 || DisplayWidth.of(withFields + PAGE_WORDS) <= width;
        return fits ? withFields : plain;
    }
}
