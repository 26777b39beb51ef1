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
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.UUID;

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

        Random random = new Random(1);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            ids.add(new UUID(random.nextLong(), random.nextLong()).toString());
        }
        Class<?> seenIds = Class.forName("dev.userlookup.walk.SeenIds");
        Method add = declared(seenIds.getName(), "add", String.class);
        Method setAdd = Collection.class.getMethod("add", Object.class);
        compare("100,000 UUIDs added to the seen set", "SeenIds", "HashSet<String>", () -> {
            Object seen = constructed(seenIds);
            for (String id : ids) {
                add.invoke(seen, id);
            }
        }, () -> {
            Collection<String> seen = new HashSet<>();
            for (String id : ids) {
                setAdd.invoke(seen, id);
            }
        });
        Object filled = constructed(seenIds);
        for (String id : ids) {
            add.invoke(filled, id);
        }
        java.lang.reflect.Field table = seenIds.getDeclaredField("table");
        table.setAccessible(true);
        // SeenIds holds UUIDs in its table of longs alone; the HashSet's share is measured on the heap.
        System.out.printf(Locale.ROOT, "  kept per id: SeenIds %.0f bytes (its table), HashSet<String> %.0f bytes (heap)%n",
                ((long[]) table.get(filled)).length * 8.0 / ids.size(),
                retained(() -> {
                    Collection<String> seen = new HashSet<>();
                    for (String id : ids) {
                        // As a walk keeps them: its own copy of each id, the page's body long gone.
                        seen.add(new String(id.toCharArray()));
                    }
                    return seen;
                }) / (double) ids.size());
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

    private static Object constructed(Class<?> type) throws Exception {
        var constructor = type.getDeclaredConstructor();
        constructor.setAccessible(true);
        return constructor.newInstance();
    }

    private interface Kept {
        Object make() throws Exception;
    }

    /** Heap still used while what {@code kept} makes is alive, less what was used before. */
    private static long retained(Kept kept) throws Exception {
        long before = used();
        Object alive = kept.make();
        long after = used();
        // Used after the measure, so that it is still alive at it.
        System.out.print(alive.hashCode() == 42 ? "" : "");
        return after - before;
    }

    /** The heap in use once three collections have run: counted by the collectors, not waited for. */
    private static long used() {
        Runtime runtime = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            long before = collections();
            System.gc();
            // System.gc() is a request: go on once a collector says it has run (or, where none
            // counts, at once).
            while (collections() == before && before >= 0) {
                Thread.onSpinWait();
                System.gc();
            }
        }
        return runtime.totalMemory() - runtime.freeMemory();
    }

    private static long collections() {
        long count = 0;
        for (java.lang.management.GarbageCollectorMXBean collector : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            if (collector.getCollectionCount() < 0) {
                return -1;
            }
            count += collector.getCollectionCount();
        }
        return count;
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
