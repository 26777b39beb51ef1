package dev.userlookup.output;

import dev.userlookup.model.UserField;
import dev.userlookup.output.table.TableRenderer;
import dev.userlookup.settings.OutputFormat;
import java.util.List;

/** Picks the renderer of a format. */
public final class Renderers {

    private Renderers() {
    }

    public static Renderer create(OutputFormat format, RenderContext context) {
        return create(format, context, null, null);
    }

    /**
     * @param fields the fields chosen with --fields, in their order; null for every format's own
     * @param filter the --jq filter, whose lines are printed instead of the format; null for none
     */
    public static Renderer create(OutputFormat format, RenderContext context, List<UserField> fields, UserFilter filter) {
        if (filter != null) {
            return new FilterRenderer(filter, context, fields);
        }
        switch (format) {
            case JSON:
                return new JsonRenderer(context.out(), fields);
            case NDJSON:
                return new NdjsonRenderer(context.out(), fields);
            case CSV:
                return new CsvRenderer(context.out(), context.terminal(), fields);
            case TABLE:
            default:
                return new TableRenderer(context, fields);
        }
    }
}
