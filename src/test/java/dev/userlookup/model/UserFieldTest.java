package dev.userlookup.model;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The one declaration of the user's fields is what the shape check and a row read. */
class UserFieldTest {

    @Test
    void eachFieldIsFoundByItsJsonKey() {
        for (UserField field : UserField.all()) {
            assertSame(field, UserField.byKey(field.key()));
        }
        assertNull(UserField.byKey("email"));
        assertEquals(List.of("user_id", "team_id", "client_user_id", "created_on", "connected_sources", "fallback_time_zone",
                "fallback_birth_date", "ingestion_start", "ingestion_end"), UserField.all().stream().map(UserField::key).toList());
    }

    @Test
    void eachFieldIsCheckedAsDeclared() {
        for (UserField field : UserField.all()) {
            String expected = switch (field.check()) {
                case REQUIRED_TEXT, TEXT -> field.key() + ": expected a string, got a number";
                case SOURCES -> field.key() + ": expected an array, got a number";
                case OBJECT -> field.key() + ": expected an object, got a number";
            };
            assertEquals(expected, problem(withField(field, "5")), field.toString());
            if (field.check() == UserField.Check.OBJECT) {
                assertEquals(field.key() + "." + field.rowMember() + ": expected a string, got a boolean",
                        problem(withField(field, "{\"" + field.rowMember() + "\":true}")), field.toString());
            }
        }
        assertEquals("a user has no client_user_id", problem("{\"user_id\":\"u\",\"client_user_id\":null}"));
    }

    @Test
    void problemsAreReportedPlainValuesFirstThenNestedOnesWhateverTheOrderSent() {
        List<String> reported = new ArrayList<>();
        StringBuilder allWrong = new StringBuilder("{\"user_id\":\"u\",\"client_user_id\":\"c\"");
        for (UserField field : UserField.all()) {
            if (field.check() != UserField.Check.REQUIRED_TEXT) {
                allWrong.append(",\"").append(field.key()).append("\":5");
            }
        }
        String body = allWrong.append('}').toString();
        for (UserField field : UserField.REPORT_ORDER) {
            if (field.check() != UserField.Check.REQUIRED_TEXT) {
                String problem = problem(body);
                reported.add(problem.substring(0, problem.indexOf(':')));
                body = body.replace("\"" + field.key() + "\":5", "\"" + field.key() + "\":null");
            }
        }
        assertEquals(List.of("team_id", "created_on", "ingestion_start", "ingestion_end", "connected_sources",
                "fallback_time_zone", "fallback_birth_date"), reported);
    }

    @Test
    void aRowHoldsEachFieldsTextAsSent() {
        String body = "{\"users\":[{\"user_id\":\"u\",\"client_user_id\":\"c\",\"fallback_time_zone\":{\"id\":\"Europe/Oslo\","
                + "\"source_slug\":\"oura\"},\"ingestion_end\":\"2024-02-01\",\"extra\":[1]}]}";

        UserRecord row = ResponseParser.page("list", body.getBytes(UTF_8), null).users().get(0);

        assertEquals("Europe/Oslo", row.text(UserField.FALLBACK_TIME_ZONE));
        assertEquals(new UserRecord.Nested("Europe/Oslo", "oura", null), row.nested(UserField.FALLBACK_TIME_ZONE));
        assertNull(row.nested(UserField.FALLBACK_BIRTH_DATE));
        assertEquals("2024-02-01", row.text(UserField.INGESTION_END));
        assertNull(row.text(UserField.TEAM_ID));
        assertEquals("c", row.clientUserId());
    }

    /**
     * Adding a field to the service is a line in {@link UserField}: no other main class keeps a
     * list of the fields of its own (as the typed user once did, beside the card's).
     */
    @Test
    void noOtherMainClassNamesTheFieldsByTheirKeys() throws IOException {
        Path main = Path.of("src/main/java");
        List<String> listing = new ArrayList<>();
        try (Stream<Path> files = Files.walk(main)) {
            for (Path file : files.filter(path -> path.toString().endsWith(".java")).toList()) {
                if (file.endsWith(Path.of("dev/userlookup/model/UserField.java"))) {
                    continue;
                }
                String source = Files.readString(file);
                List<String> named = UserField.all().stream().map(UserField::key)
                        .filter(key -> source.contains("\"" + key + "\"")).toList();
                // One key is a word the code may need on its own (a source's created_on); two begin a list.
                if (named.size() > 1) {
                    listing.add(main.relativize(file) + " " + named);
                }
            }
        }
        assertEquals(List.of(), listing);
    }

    private static String withField(UserField field, String value) {
        String base = "\"user_id\":\"u\",\"client_user_id\":\"c\"";
        if (field.check() == UserField.Check.REQUIRED_TEXT) {
            base = base.replace("\"" + field.key() + "\":\"" + field.key().charAt(0) + "\"", "\"" + field.key() + "\":" + value);
            return "{" + base + "}";
        }
        return "{" + base + ",\"" + field.key() + "\":" + value + "}";
    }

    private static String problem(String user) {
        BadResponse failure = assertThrows(BadResponse.class,
                () -> ResponseParser.user("resolve", user.getBytes(UTF_8), null));
        String prefix = "resolve: " + BadResponse.WORDS + ": ";
        return failure.getMessage().substring(prefix.length());
    }
}
