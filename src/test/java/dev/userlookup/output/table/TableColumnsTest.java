package dev.userlookup.output.table;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.userlookup.console.Style;
import dev.userlookup.model.UserField;
import dev.userlookup.model.UserRecord;
import dev.userlookup.network.Bodies;
import dev.userlookup.output.RenderContext;
import dev.userlookup.output.Renderer;
import dev.userlookup.output.ShellCommand;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The columns a list table shows, with and without {@code --fields}, at widths from a narrow
 * terminal to a pipe: every case written out in table-columns.txt, so that a change to how
 * columns are chosen or fitted shows there line by line. To take a deliberate change, run with
 * {@code -Dtable.columns.write=true} and read the diff.
 */
class TableColumnsTest {

    private static final List<String> USERS = List.of(
            "{\"user_id\":\"138adbbd-c5e6-36c4-aff7-48390b9f91da\",\"team_id\":\"t-1\",\"client_user_id\":\"customer-000042\","
                    + "\"created_on\":\"2024-03-01T10:00:00Z\",\"connected_sources\":[{\"provider\":{\"slug\":\"oura\"}},"
                    + "{\"provider\":{\"slug\":\"fitbit\"}}],\"fallback_time_zone\":{\"id\":\"Europe/Oslo\"},"
                    + "\"fallback_birth_date\":{\"value\":\"1990-01-02\"},\"ingestion_start\":\"2024-01-01\",\"ingestion_end\":\"2024-02-01\"}",
            "{\"user_id\":\"u-2\",\"client_user_id\":\"a-client-user-id-that-someone-made-far-longer-than-any-other-in-the-team-0001\","
                    + "\"created_on\":\"2024-03-02T23:59:00+05:30\",\"connected_sources\":[]}",
            "{\"user_id\":\"u-3\",\"client_user_id\":\"c3\",\"created_on\":\"2023-12-31T23:00:00-02:00\","
                    + "\"connected_sources\":[{\"provider\":{\"slug\":\"garmin\"}}],\"fallback_time_zone\":{\"id\":\"America/Sao_Paulo\"},"
                    + "\"ingestion_start\":\"2024-01-01\"}");

    private static final List<List<UserField>> CHOICES = Arrays.asList(
            null,
            UserField.all(),
            List.of(UserField.CLIENT_USER_ID),
            List.of(UserField.CREATED_ON, UserField.USER_ID),
            List.of(UserField.CONNECTED_SOURCES, UserField.FALLBACK_TIME_ZONE, UserField.CLIENT_USER_ID),
            List.of(UserField.INGESTION_END, UserField.FALLBACK_BIRTH_DATE, UserField.INGESTION_START, UserField.TEAM_ID));

    private static final int[] WIDTHS = {0, 20, 30, 40, 45, 50, 59, 60, 70, 80, 100, 120, 200};

    @Test
    void everyChoiceOfColumnsAtEveryWidthIsAsWrittenDown() throws IOException {
        List<UserRecord> users = USERS.stream().map(Bodies::user).toList();
        StringBuilder all = new StringBuilder();
        for (List<UserField> fields : CHOICES) {
            for (int width : WIDTHS) {
                all.append("== --fields ").append(fields == null ? "(none)" : names(fields)).append(", width ").append(width).append('\n');
                all.append(table(fields, width, users));
            }
        }
        Path written = Path.of("src/test/resources/dev/userlookup/output/table/table-columns.txt");
        if (Boolean.getBoolean("table.columns.write")) {
            Files.writeString(written, all, UTF_8);
        }
        try (InputStream expected = TableColumnsTest.class.getResourceAsStream("table-columns.txt")) {
            assertEquals(new String(expected.readAllBytes(), UTF_8), all.toString());
        }
    }

    private static String names(List<UserField> fields) {
        return String.join(",", fields.stream().map(UserField::csvColumn).toList());
    }

    private static String table(List<UserField> fields, int width, List<UserRecord> users) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RenderContext context = new RenderContext(out, new Style(false), width, width > 0,
                (offset, limit) -> ShellCommand.of("userlookup", "list"), UnaryOperator.identity());
        try (Renderer.UserStream stream = new TableRenderer(context, fields).stream(Renderer.StreamShape.USER_LIST)) {
            stream.addAll(new ArrayList<>(users));
            stream.finish(null);
        }
        return out.toString(UTF_8);
    }
}
