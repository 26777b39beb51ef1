package dev.userlookup.output;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import dev.userlookup.network.Bodies;
import dev.userlookup.model.json.Json;
import dev.userlookup.model.BadResponse;
import dev.userlookup.model.UserPage;
import dev.userlookup.model.UserRecord;
import dev.userlookup.fake.FakeUsers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * JSON and NDJSON output copy each user's tokens, or for NDJSON its bytes where they are already
 * in the output's form: the output is what writing the user's tree through the same generator
 * wrote before (numbers aside, which now stay exactly as sent), and the byte copy is used only
 * where it equals the token copy.
 */
class JsonOutputCopyTest {

    /** Strings the generator writes otherwise than sent, or must escape for a terminal. */
    private static final List<String> AWKWARD_STRINGS = List.of(
            "\"caf\\u00e9\"", "\"a\\/b\"", "\"\\u0041\"", "\"del \u007f\"", "\"c1 \u0085 \u009b\"", "\"ls \u2028 ps \u2029\"",
            "\"bidi \u202e \u2066 \u200f \u061c\"", "\"emoji \ud83d\ude00\"", "\"escaped emoji \\ud83d\\ude00\"", "\"lone \\ud800 x\"",
            "\"short escapes \\\" \\\\ \\b \\f \\n \\r \\t\"", "\"controls \\u0001 \\u001f \\u007f \\u0085\"",
            "\"dash \u2013 quote \u2019 ellipsis \u2026 \u00e9\"");

    private static String user(String value) {
        return "{\"user_id\":\"u\",\"client_user_id\":\"c\",\"note\":" + value + "," + value + ":1}";
    }

    private static String page(String... users) {
        return "{\"users\":[" + String.join(",", users) + "],\"total\":" + users.length + ",\"offset\":0,\"limit\":500}";
    }

    /**
     * The generator output was written with before it copied bytes and tokens: Jackson's, with the
     * terminal-safe escapes and, for JSON, its pretty printer set to indent like jq.
     */
    private static JsonGenerator generator(ByteArrayOutputStream out, boolean pretty) throws IOException {
        JsonGenerator generator = Json.mapper().getFactory().createGenerator(out);
        generator.setCharacterEscapes(TerminalSafeEscapes.INSTANCE);
        if (pretty) {
            DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
            generator.setPrettyPrinter(new DefaultPrettyPrinter(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                    .withObjectEmptySeparator("")
                    .withArrayEmptySeparator(""))
                    .withObjectIndenter(indenter)
                    .withArrayIndenter(indenter));
        }
        return generator;
    }

    /** What output was when it wrote the user's tree, as Jackson read the body. */
    private static String viaTree(String json, boolean pretty) throws IOException {
        JsonNode tree = Json.mapper().readTree(json);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator generator = generator(out, pretty)) {
            generator.writeTree(tree);
        }
        return out.toString(UTF_8);
    }

    /** The user's tokens through that generator. */
    private static String viaTokens(UserRecord user, boolean pretty) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator generator = generator(out, pretty)) {
            JsonCopy.write(user.source(), generator);
        }
        return out.toString(UTF_8);
    }

    /** What JSON output writes for one resolved user. */
    private static String json(UserRecord user) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new JsonRenderer(out, null).user(user);
        return out.toString(UTF_8);
    }

    private static String ndjson(List<UserRecord> users) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Renderer.UserStream stream = new NdjsonRenderer(out, null).stream(Renderer.StreamShape.USER_LIST)) {
            stream.addAll(users);
            stream.finish(null);
        }
        return out.toString(UTF_8);
    }

    @Test
    void everyFakeUserComesOutAsItsTreeDidAndCompactOnesAreCopiedByteForByte() throws IOException {
        FakeUsers fake = new FakeUsers(FakeUsers.DEFAULT_SIZE);
        int copiedAsBytes = 0;
        for (int i = 0; i < fake.size(); i++) {
            String json = fake.json(i);
            UserRecord user = Bodies.page(page(json)).users().get(0);
            String compact = viaTree(json, false);
            assertEquals(compact, viaTokens(user, false), json);
            assertEquals(viaTree(json, true), viaTokens(user, true), json);
            assertEquals(viaTree(json, true) + "\n", json(user), json);
            assertEquals(compact + "\n", ndjson(List.of(user)), json);
            if (CompactJson.isOutputForm(user.source())) {
                copiedAsBytes++;
                assertEquals(json, compact, "copied byte for byte, so the bytes must be the output");
            }
        }
        // The fake sends what the service sends: compact JSON, mostly nothing to escape.
        assertTrue(copiedAsBytes > fake.size() * 9 / 10, copiedAsBytes + " of " + fake.size());
    }

    @Test
    void awkwardStringsInNamesAndValuesComeOutAsTheirTreeDid() throws IOException {
        for (String value : AWKWARD_STRINGS) {
            for (String json : List.of(user(value), user(value).replace("," + value + ":1", ""))) {
                boolean readable = true;
                try {
                    Json.mapper().readTree(json);
                } catch (IOException e) {
                    readable = false; // a lone surrogate in a field name: Jackson refuses it, then and now
                }
                if (!readable) {
                    assertThrows(BadResponse.class, () -> Bodies.page(page(json)), json);
                    continue;
                }
                UserRecord user = Bodies.page(page(json)).users().get(0);
                assertEquals(viaTree(json, false) + "\n", ndjson(List.of(user)), json);
                assertEquals(viaTree(json, true), viaTokens(user, true), json);
                assertEquals(viaTree(json, true) + "\n", json(user), json);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"plain\"", "\"short escapes \\\" \\\\ \\b \\f \\n \\r \\t\"", "\"emoji \ud83d\ude00 \u00e9 \u2013\""})
    void aUserInTheOutputFormIsCopiedAsItsTokensWouldBe(String value) throws IOException {
        UserRecord user = Bodies.page(page(user(value))).users().get(0);

        assertTrue(CompactJson.isOutputForm(user.source()));
        assertEquals(viaTokens(user, false) + "\n", ndjson(List.of(user)));
        assertEquals(user(value) + "\n", ndjson(List.of(user)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{ \"user_id\":\"u\",\"client_user_id\":\"c\"}", "{\"user_id\":\"u\",\n\"client_user_id\":\"c\"}",
        "{\"user_id\":\"u\",\"client_user_id\":\"c\",\"a\":[1, 2]}"})
    void whiteSpaceBetweenTokensIsNotTheOutputForm(String json) throws IOException {
        UserRecord user = Bodies.page(page(json)).users().get(0);

        assertFalse(CompactJson.isOutputForm(user.source()));
        assertEquals(viaTree(json, false) + "\n", ndjson(List.of(user)));
    }

    @Test
    void numbersComeOutExactlyAsSent() throws IOException {
        String json = "{\"user_id\":\"u\",\"client_user_id\":\"c\",\"n\":[1.50,1e5,1E+2,-0,-0.0,0.000000000000000000001,"
                + "123456789012345678901234567890,1.5e308]}";
        UserPage page = Bodies.page(page(json, json.replace("\"u\"", "\"v\"").replace("[", "[ ")));

        String out = ndjson(page.users());

        assertEquals(json + "\n" + json.replace("\"u\"", "\"v\"") + "\n", out);
        String pretty = viaTokens(page.users().get(0), true);
        assertTrue(pretty.contains("\"n\": [\n    1.50,\n    1e5,\n    1E+2,\n    -0,\n    -0.0,\n    0.000000000000000000001,\n"
                + "    123456789012345678901234567890,\n    1.5e308\n  ]"), pretty);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"user_id\":\"u\",\"client_user_id\":\"c\",\"a\":{},\"b\":[],\"c\":[[],[{}],{\"d\":[1,[2,{\"e\":null}]]}],"
            + "\"f\":{\"g\":{\"h\":{}}},\"s\":\"with { [ , : ] } \\\" \\\\ inside\",\"t\":true,\"n\":-1.5}",
        "{ \"user_id\" : \"u\", \"client_user_id\" : \"c\", \"a\" : [ { } , [ ] ], \"s\" : \"caf\\u00e9 \\/ \u0085\" }",
    })
    void nestedAndEmptyStructuresAreIndentedAsThePrettyPrinterDid(String json) throws IOException {
        UserRecord user = Bodies.page(page(json)).users().get(0);

        assertEquals(viaTree(json, true) + "\n", json(user));
    }

    @Test
    void aStreamIsTheDocumentThePrettyPrinterWrote() throws IOException {
        List<String> users = List.of("{\"user_id\":\"u\",\"client_user_id\":\"c\",\"x\":[{}]}",
                "{\"user_id\":\"v\",\"client_user_id\":\"d \\u0085\"}");
        List<UserRecord> records = Bodies.page(page(users.toArray(new String[0]))).users();
        for (Renderer.StreamShape shape : Renderer.StreamShape.values()) {
            for (int count = 0; count <= 2; count++) {
                ByteArrayOutputStream expected = new ByteArrayOutputStream();
                try (JsonGenerator generator = generator(expected, true)) {
                    if (shape == Renderer.StreamShape.USER_LIST) {
                        generator.writeStartObject();
                        generator.writeFieldName("users");
                    }
                    generator.writeStartArray();
                    for (String user : users.subList(0, count)) {
                        generator.writeTree(Json.mapper().readTree(user));
                    }
                    generator.writeEndArray();
                    if (shape == Renderer.StreamShape.USER_LIST) {
                        generator.writeNumberField("total", count);
                        generator.writeNumberField("offset", 0);
                        generator.writeNumberField("limit", count);
                        generator.writeEndObject();
                    }
                    generator.writeRaw('\n');
                }
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                try (Renderer.UserStream stream = new JsonRenderer(out, null).stream(shape)) {
                    stream.addAll(records.subList(0, count));
                    stream.finish(null);
                }

                assertEquals(expected.toString(UTF_8), out.toString(UTF_8), shape + ", " + count + " users");
            }
        }
    }

    /**
     * Differential, over generated users (seeded): a value of random nesting, names and strings
     * of awkward characters and escapes, numbers of every form, sometimes white space between
     * tokens. NDJSON (CompactJson's copy) and JSON (PrettyJson's indenting) write what Jackson's
     * generator, compact or with the pretty printer, writes for the user's tokens.
     */
    @Test
    void generatedUsersComeOutAsTheirTreeDid() throws IOException {
        int checked = 0;
        int copiedAsBytes = 0;
        for (long seed = 1; seed <= 3_000; seed++) {
            java.util.Random random = new java.util.Random(seed);
            String json = "{\"user_id\":\"u\",\"client_user_id\":\"c\",\"note\":" + GeneratedJson.value(random, 3) + ","
                    + GeneratedJson.value(random, 0).replaceAll("^[^\"].*", "\"n\"") + ":" + GeneratedJson.value(random, 2) + "}";
            if (random.nextInt(4) == 0) {
                json = GeneratedJson.spaced(json, random);
            }
            UserRecord user;
            try {
                Json.mapper().readTree(json);
                user = Bodies.page(page(json)).users().get(0);
            } catch (IOException e) {
                continue; // a lone surrogate in a field name: refused, as the test above shows
            } catch (dev.userlookup.model.BadResponse e) {
                if (!e.getMessage().endsWith(" twice")) {
                    throw e;
                }
                continue; // an object that names a key twice: refused (ResponseParserTest)
            }
            assertEquals(viaTokens(user, false) + "\n", ndjson(List.of(user)), "seed " + seed + ": " + json);
            assertEquals(viaTokens(user, true) + "\n", json(user), "seed " + seed + ": " + json);
            checked++;
            if (CompactJson.isOutputForm(user.source())) {
                copiedAsBytes++;
            }
        }
        assertTrue(checked > 2_500, "checked " + checked);
        // Both paths are taken: bytes copied as they are, and tokens through the generator.
        assertTrue(copiedAsBytes > 100 && copiedAsBytes < checked - 100, copiedAsBytes + " of " + checked);
    }
}
