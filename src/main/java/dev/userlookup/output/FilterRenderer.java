package dev.userlookup.output;

import dev.userlookup.UsageException;
import dev.userlookup.console.LineFit;
import dev.userlookup.console.SafeText;
import dev.userlookup.model.UserField;
import dev.userlookup.model.UserRecord;
import dev.userlookup.model.json.JsonBytes;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Per user, never per document, so nothing is collected and a walk's memory stays flat (a total is
 * {@code list --count}'s). On a terminal the lines, which may hold the service's text raw, are
 * escaped ({@link SafeText}).
 */
final class FilterRenderer implements Renderer {

    /** The most of a failure's message shown: jq's words can quote a whole value. */
    private static final int MESSAGE_SHOWN = 200;

    private final UserFilter filter;
    private final RenderContext context;
    private final List<UserField> fields;
    private final Writer out;

    FilterRenderer(UserFilter filter, RenderContext context, List<UserField> fields) {
        this.filter = filter;
        this.context = context;
        this.fields = fields;
        this.out = new OutputStreamWriter(context.out(), StandardCharsets.UTF_8);
    }

    @Override
    public UserStream stream(StreamShape shape) throws IOException {
        FieldProjection projection = fields == null ? null : new FieldProjection(fields);
        return new UserStream() {
            @Override
            public void add(UserRecord user) throws IOException {
                JsonBytes json = projection == null ? user.source() : projection.user(user.source());
                try {
                    filter.apply(json.body(), json.offset(), json.length(), this::line);
                } catch (UncheckedIOException e) {
                    throw e.getCause();
                } catch (UserFilter.Failure e) {
                    out.flush();
                    throw new UsageException("--jq: the filter failed on user " + shown(user.userId()) + ": "
                            + shown(e.getMessage()));
                }
            }

            private void line(String line) {
                try {
                    out.write(context.terminal() ? SafeText.escape(line) : line);
                    out.write('\n');
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            public void flush() throws IOException {
                out.flush();
            }
        };
    }

    /** The key out before the cut, then made safe for stderr. */
    private String shown(String text) {
        String out = LineFit.firstLine(context.redact().apply(text == null ? "" : text), "");
        if (out.length() > MESSAGE_SHOWN) {
            out = out.substring(0, MESSAGE_SHOWN) + "...";
        }
        return SafeText.escape(out);
    }
}
