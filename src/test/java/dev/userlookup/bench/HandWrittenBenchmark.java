package dev.userlookup.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import dev.userlookup.console.Style;
import dev.userlookup.fake.FakeUsers;
import dev.userlookup.model.json.FieldNames;
import dev.userlookup.model.json.Json;
import dev.userlookup.model.json.JsonBytes;
import dev.userlookup.model.UserRecord;
import dev.userlookup.network.Bodies;
import dev.userlookup.output.RenderContext;
import dev.userlookup.output.Renderer;
import dev.userlookup.output.Renderers;
import dev.userlookup.output.ShellCommand;
import dev.userlookup.settings.OutputFormat;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Each hand-written replacement of the JDK or Jackson against what it replaces, in one JVM,
 * alternating rounds, medians. Run it under C1 and in the young generation the launcher gives the
 * tool (what allocates pays there): {@code java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xms32m
 * -Xmn16m -cp target/classes:target/test-classes:DEPS dev.userlookup.bench.HandWrittenBenchmark}.
 * Package-private methods are reached by reflection,
 * the same way on both sides where both are the tool's.
 */
public final class HandWrittenBenchmark {

    @FunctionalInterface
    private interface Work {
        void run() throws Exception;
    }

    private static final int ROUNDS = Integer.getInteger("bench.rounds", 15);
    private static final com.fasterxml.jackson.core.io.CharacterEscapes ESCAPES = escapes();

    private static com.fasterxml.jackson.core.io.CharacterEscapes escapes() {
        try {
            var field = Class.forName("dev.userlookup.output.TerminalSafeEscapes").getDeclaredField("INSTANCE");
            field.setAccessible(true);
            return (com.fasterxml.jackson.core.io.CharacterEscapes) field.get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    public static void main(String[] args) throws Exception {
        FakeUsers fake = new FakeUsers(2_000);
        List<String> jsons = new ArrayList<>();
        for (int i = 0; i < fake.size(); i++) {
            jsons.add(fake.json(i));
        }
        String pageJson = "{\"users\":[" + String.join(",", jsons.subList(0, 500)) + "],\"total\":500,\"offset\":0,\"limit\":500}";
        byte[] page = pageJson.getBytes(StandardCharsets.UTF_8);
        List<UserRecord> users = new ArrayList<>();
        for (int from = 0; from < jsons.size(); from += 500) {
            users.addAll(Bodies.page("{\"users\":[" + String.join(",", jsons.subList(from, from + 500))
                    + "],\"total\":" + jsons.size() + ",\"offset\":" + from + ",\"limit\":500}").users());
        }

        JsonFactory strict = JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
        compare("every object of a 500-user page checked for a key named twice, 20 pages", "FieldNames",
                "Jackson STRICT_DUPLICATE_DETECTION", () -> {
                    for (int i = 0; i < 20; i++) {
                        names(Json.factory().createParser(page), new FieldNames());
                    }
                }, () -> {
                    for (int i = 0; i < 20; i++) {
                        names(strict.createParser(page), null);
                    }
                });

        Method copy = declared("dev.userlookup.output.JsonCopy", "write", JsonBytes.class, JsonGenerator.class);
        compare("NDJSON of " + users.size() + " users", "renderer (CompactJson copy)", "Jackson generator over tokens",
                () -> render(OutputFormat.NDJSON, users), () -> generate(users, copy, false));
        compare("JSON of " + users.size() + " users", "renderer (PrettyJson)", "Jackson pretty printer over tokens",
                () -> render(OutputFormat.JSON, users), () -> generate(users, copy, true));
    }

    /** Every token of the body, the names of each object given to {@code names} (null: the parser checks them itself). */
    private static void names(JsonParser parser, FieldNames names) throws Exception {
        try (parser) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (names == null) {
                    continue;
                }
                switch (token) {
                    case START_OBJECT -> names.open();
                    case END_OBJECT -> names.close();
                    case FIELD_NAME -> names.add(parser, parser.currentName());
                    default -> {
                    }
                }
            }
        }
    }

    private static void render(OutputFormat format, List<UserRecord> users) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 22);
        Renderer renderer = Renderers.create(format, new RenderContext(out, new Style(false), 80, false, (offset, limit) -> ShellCommand.of("userlookup", "list")));
        try (Renderer.UserStream stream = renderer.stream(Renderer.StreamShape.ARRAY)) {
            stream.addAll(users);
            stream.finish(null);
        }
    }

    private static void generate(List<UserRecord> users, Method copy, boolean pretty) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 22);
        try (JsonGenerator generator = Json.mapper().getFactory().createGenerator(out)) {
            generator.setCharacterEscapes(ESCAPES);
            if (pretty) {
                DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
                generator.setPrettyPrinter(new DefaultPrettyPrinter(Separators.createDefaultInstance()
                        .withObjectFieldValueSpacing(Separators.Spacing.AFTER).withObjectEmptySeparator("").withArrayEmptySeparator(""))
                        .withObjectIndenter(indenter).withArrayIndenter(indenter));
                generator.writeStartArray();
            } else {
                generator.setRootValueSeparator(null);
            }
            for (UserRecord user : users) {
                copy.invoke(null, user.source(), generator);
                if (!pretty) {
                    generator.writeRaw('\n');
                }
            }
            if (pretty) {
                generator.writeEndArray();
            }
        }
    }

    private static Method declared(String type, String name, Class<?>... parameters) throws Exception {
        Method method = Class.forName(type).getDeclaredMethod(name, parameters);
        method.setAccessible(true);
        return method;
    }

    /** Warm-up rounds, then {@link #ROUNDS} alternating rounds of each; the medians. */
    private static void compare(String what, String ours, String theirs, Work a, Work b) throws Exception {
        for (int i = 0; i < 5; i++) {
            a.run();
            b.run();
        }
        List<Long> as = new ArrayList<>();
        List<Long> bs = new ArrayList<>();
        for (int i = 0; i < ROUNDS; i++) {
            as.add(timed(a));
            bs.add(timed(b));
        }
        long ma = StartupBenchmark.median(as);
        long mb = StartupBenchmark.median(bs);
        System.out.printf(Locale.ROOT, "%s: %s %.2f ms, %s %.2f ms, %.2fx%n", what, ours, ma / 1e6, theirs, mb / 1e6, (double) mb / ma);
    }

    private static long timed(Work work) throws Exception {
        long started = System.nanoTime();
        work.run();
        return System.nanoTime() - started;
    }
}
