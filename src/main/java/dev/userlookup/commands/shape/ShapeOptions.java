package dev.userlookup.commands.shape;

import dev.userlookup.UsageException;
import dev.userlookup.commands.completion.CompletionScript;
import dev.userlookup.commands.options.OptionValues;
import dev.userlookup.commands.options.Suggestion;
import dev.userlookup.model.UserField;
import dev.userlookup.output.UserFilter;
import dev.userlookup.settings.OutputFormat;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** Both are checked before any request, so a typing slip costs no request. */
public final class ShapeOptions {

    // The first line is help's: a command's help stays under a screen. The man page says the rest.
    @Option(names = "--fields", paramLabel = CompletionScript.COMMA_LIST, converter = Fields.class, completionCandidates = Fields.class,
            description = {"Only these fields, in this order: ${COMPLETION-CANDIDATES}.",
                "Comma-separated, the same for every format. In json and ndjson a field keeps the service's own key and value "
                        + "(sources is connected_sources, time_zone fallback_time_zone, birth_date fallback_birth_date; "
                        + "those keys are accepted too)."})
    Chosen fields;

    @Option(names = "--jq", paramLabel = "FILTER",
            description = {"jq filter run on each user: a line a result.",
                "Strings print raw, other values as compact JSON, as gh's --jq prints them. With -o json or ndjson, or no -o."})
    String jq;

    public record Chosen(List<UserField> fields) {
    }

    /** Null fields: all; null filter: none. */
    public record OutputShape(List<UserField> fields, UserFilter filter) {
        public static final OutputShape WHOLE = new OutputShape(null, null);
    }

    /** With {@code --jq} and no {@code -o} the filter's lines are printed, on a terminal too. */
    public OutputShape decide(OutputFormat typedOutput, boolean countOnly) {
        if (countOnly && (fields != null || jq != null)) {
            throw new UsageException("list: --count prints only the total: --fields and --jq do not go with it");
        }
        List<UserField> chosen = fields == null ? null : fields.fields();
        if (jq == null) {
            return new OutputShape(chosen, null);
        }
        if (typedOutput == OutputFormat.TABLE || typedOutput == OutputFormat.CSV) {
            throw new UsageException("--jq prints the filter's lines: it does not go with -o " + typedOutput.id()
                    + " (-o json or ndjson, or no -o)");
        }
        // The only reference to the jq engine: no other run loads it.
        return new OutputShape(chosen, dev.userlookup.output.jq.JqProgram.compile(jq));
    }

    public static final class Fields implements CommandLine.ITypeConverter<Chosen>, OptionValues.Expected, Iterable<String> {

        @Override
        public Chosen convert(String value) {
            List<UserField> chosen = new ArrayList<>();
            for (String part : value.split(",", -1)) {
                String name = part.trim();
                if (name.isEmpty()) {
                    throw new TypeConversionException("a field name is empty; expected names such as user_id,sources");
                }
                UserField field = UserField.named(name);
                if (field == null) {
                    String closest = Suggestion.closest(name.toLowerCase(java.util.Locale.ROOT), UserField.names());
                    throw new TypeConversionException("no field '" + name + "'; "
                            + (closest != null ? "did you mean " + closest : "expected " + expected()));
                }
                if (chosen.contains(field)) {
                    throw new TypeConversionException(field.csvColumn() + " is named twice");
                }
                chosen.add(field);
            }
            return new Chosen(List.copyOf(chosen));
        }

        @Override
        public String expected() {
            return "field names, comma-separated: " + String.join(", ", csvColumns());
        }

        @Override
        public Iterator<String> iterator() {
            return csvColumns().iterator();
        }

        private static List<String> csvColumns() {
            return UserField.all().stream().map(UserField::csvColumn).toList();
        }
    }
}
