package dev.userlookup.output;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.userlookup.model.UserField;
import dev.userlookup.model.UserRecord;
import dev.userlookup.console.SafeText;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * RFC 4180 CSV (CRLF line ends, a header row) written by Jackson's CSV generator. A cell that a
 * spreadsheet would run as a formula gets a leading {@code '}. On a terminal, control characters
 * from the service are shown escaped as in tables; into a pipe or file the text is exact.
 */
final class CsvRenderer implements Renderer {

    private final OutputStream out;
    private final boolean escapeControls;
    private final List<UserField> fields;

    CsvRenderer(OutputStream out, boolean escapeControls, List<UserField> fields) {
        this.out = out;
        this.escapeControls = escapeControls;
        this.fields = fields == null ? UserField.all() : List.copyOf(fields);
    }

    private static CsvSchema schema(List<UserField> columns) {
        CsvSchema.Builder builder = CsvSchema.builder();
        for (UserField field : columns) {
            builder.addColumn(field.csvColumn());
        }
        return builder.setUseHeader(true).setLineSeparator("\r\n").build();
    }

    @Override
    public UserStream stream(StreamShape shape) throws IOException {
        CsvGenerator generator = new CsvFactory().createGenerator(out);
        generator.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        // Quote only what RFC 4180 needs quoted; the default quotes every value over 24 chars.
        generator.enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING);
        generator.setSchema(schema(fields));
        return new UserStream() {
            @Override
            public void add(UserRecord user) throws IOException {
                generator.writeStartArray();
                for (UserField field : fields) {
                    // No reformatting: CSV keeps fractions and offsets as sent.
                    String cell = field.shows() == UserField.Shows.SLUGS ? String.join(";", user.sourceSlugs()) : user.text(field);
                    if (cell == null) {
                        generator.writeNull();
                    } else {
                        generator.writeString(guard(escapeControls ? SafeText.escape(cell) : wellFormed(cell)));
                    }
                }
                generator.writeEndArray();
            }

            @Override
            public void flush() throws IOException {
                generator.flush();
            }

            @Override
            protected void end(Footer footer) throws IOException {
                // With no rows, closing still writes the header: the columns are known either way.
                generator.close();
                out.flush();
            }
        };
    }

    /** UTF-8 cannot carry a lone surrogate (JSON can, escaped): it becomes U+FFFD in CSV. */
    static String wellFormed(String cell) {
        for (int i = 0; i < cell.length(); i++) {
            char c = cell.charAt(i);
            if (Character.isSurrogate(c)) {
                StringBuilder out = new StringBuilder(cell.length());
                for (int j = 0; j < cell.length(); j++) {
                    char d = cell.charAt(j);
                    if (Character.isHighSurrogate(d) && j + 1 < cell.length() && Character.isLowSurrogate(cell.charAt(j + 1))) {
                        out.append(d).append(cell.charAt(++j));
                    } else {
                        out.append(Character.isSurrogate(d) ? '\uFFFD' : d);
                    }
                }
                return out.toString();
            }
        }
        return cell;
    }

    /** A cell starting with = + - @ TAB or CR would be a formula in a spreadsheet (CSV injection). */
    static String guard(String cell) {
        if (!cell.isEmpty()) {
            char first = cell.charAt(0);
            if (first == '=' || first == '+' || first == '-' || first == '@' || first == '\t' || first == '\r') {
                return "'" + cell;
            }
        }
        return cell;
    }
}
