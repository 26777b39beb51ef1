package dev.userlookup.output;

import dev.userlookup.output.table.TableRenderer;
import dev.userlookup.settings.OutputFormat;

/** Picks the renderer of a format. */
public final class Renderers {

    private Renderers() {
    }

    public static Renderer create(OutputFormat format, RenderContext context) {
        switch (format) {
            case JSON:
                return new JsonRenderer(context.out());
            case NDJSON:
                return new NdjsonRenderer(context.out());
            case CSV:
                return new CsvRenderer(context.out(), context.terminal());
            case TABLE:
            default:
                return new TableRenderer(context);
        }
    }
}
