package dev.userlookup.output;

import dev.userlookup.model.UserField;
import dev.userlookup.output.table.TableRenderer;
import dev.userlookup.settings.OutputFormat;
import java.util.List;

public final class Renderers {

    private Renderers() {
    }

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
