package dev.userlookup.output;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.userlookup.commands.shape.ShapeOptions;
import dev.userlookup.console.Style;
import dev.userlookup.model.UserField;
import dev.userlookup.model.UserRecord;
import dev.userlookup.network.Bodies;
import dev.userlookup.output.table.TableRenderer;
import dev.userlookup.settings.OutputFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every output that names the user's fields takes them from {@link UserField}: a field declared
 * there is on the card, a column of CSV and of the table, and a value {@code --fields} completes.
 */
class UserFieldOutputsTest {

    private static final String USER = "{\"user_id\":\"u\",\"team_id\":\"t\",\"client_user_id\":\"c\","
            + "\"created_on\":\"2024-03-01T10:00:00Z\",\"connected_sources\":[{\"provider\":{\"slug\":\"oura\"}}],"
            + "\"fallback_time_zone\":{\"id\":\"Europe/Oslo\"},\"fallback_birth_date\":{\"value\":\"1990-01-02\"},"
            + "\"ingestion_start\":\"2024-01-01\",\"ingestion_end\":\"2024-02-01\"}";

    private static RenderContext context(ByteArrayOutputStream out) {
        return new RenderContext(out, new Style(false), 200, true, (offset, limit) -> ShellCommand.of("userlookup", "list"),
                UnaryOperator.identity());
    }

    private static String rows(Renderer renderer, ByteArrayOutputStream out, UserRecord user) throws IOException {
        try (Renderer.UserStream stream = renderer.stream(Renderer.StreamShape.USER_LIST)) {
            stream.addAll(List.of(user));
            stream.finish(null);
        }
        return out.toString(UTF_8);
    }

    @Test
    void everyFieldIsOnTheCardInCsvInTheTableAndInCompletion() throws IOException {
        UserRecord user = Bodies.user(USER);
        ByteArrayOutputStream cardOut = new ByteArrayOutputStream();
        new TableRenderer(context(cardOut), null).user(user);
        String card = cardOut.toString(UTF_8);
        ByteArrayOutputStream tableOut = new ByteArrayOutputStream();
        String table = rows(new TableRenderer(context(tableOut), UserField.all()), tableOut, user);
        ByteArrayOutputStream csvOut = new ByteArrayOutputStream();
        String csv = rows(Renderer.of(OutputFormat.CSV, context(csvOut), null, null), csvOut, user);
        List<String> completed = new ArrayList<>();
        new ShapeOptions.Fields().forEach(completed::add);

        String tableHeader = table.lines().findFirst().orElseThrow();
        List<String> csvHeader = List.of(csv.lines().findFirst().orElseThrow().split(","));
        for (UserField field : UserField.all()) {
            assertTrue(card.lines().anyMatch(line -> line.startsWith(field.label() + " ")
                    && !line.matches(Pattern.quote(field.label()) + " +-")), field + "\n" + card);
            assertTrue(tableHeader.contains(field.label().toUpperCase(Locale.ROOT)), field + "\n" + tableHeader);
            assertTrue(csvHeader.contains(field.csvColumn()), field + "\n" + csvHeader);
            assertTrue(completed.contains(field.csvColumn()), field + "\n" + completed);
        }
        assertEquals(UserField.all().size(), csvHeader.size());
    }
}
