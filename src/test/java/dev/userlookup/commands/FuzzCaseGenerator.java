package dev.userlookup.commands;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.userlookup.commands.FuzzCase.Command;
import dev.userlookup.commands.FuzzCase.Http;
import dev.userlookup.fake.Users;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Makes case {@code index} of a fuzz run from the seed and the index alone: the command and
 * output format, a valid body to start from, the mutations applied to it ({@link
 * JsonTreeMutators}, {@link ByteMutators}) and how it is served. Every draw from the random
 * source is part of the case, so any change here changes the cases a seed stands for.
 */
final class FuzzCaseGenerator {

    /**
     * Null and missing nested fields, a provider beside the deprecated source, unknown fields
     * everywhere, fractions and offsets, non-ASCII.
     */
    private static final String AWKWARD_USER = "{\"user_id\":\"" + Users.uuid(2) + "\",\"team_id\":null,"
            + "\"client_user_id\":\"Zo\u00eb \u6771\u4eac \ud83d\udc69\u200d\u2695\ufe0f\","
            + "\"created_on\":\"2024-03-01T15:30:00.123456+05:30\","
            + "\"connected_sources\":[{\"created_on\":\"2024-03-02T08:30:00.1Z\",\"source\":null},"
            + "{\"created_on\":null,\"source\":{\"logo\":null,\"name\":\"Fitbit\",\"slug\":\"fitbit\",\"tier\":2},"
            + "\"provider\":{\"slug\":\"fb\",\"name\":\"Fitbit Inc.\"}}],"
            + "\"fallback_time_zone\":null,\"ingestion_start\":null,\"ingestion_end\":\"2024-02-29\","
            + "\"beta\":{\"flags\":[\"a\"],\"score\":1.50,\"confidence\":0.90},\"big_number\":12345678901234567890,\"note\":null}";
    /** Only what is required. */
    private static final String MINIMAL_USER = "{\"user_id\":\"" + Users.uuid(3) + "\",\"client_user_id\":\"x\"}";
    /** Partial nested objects, escaped control characters, a formula, no sources. */
    private static final String PARTIAL_USER = "{\"user_id\":\"" + Users.uuid(4) + "\",\"team_id\":\"" + Users.TEAM + "\","
            + "\"client_user_id\":\"=HYPERLINK(\\\"x\\\")\\t\\u001b[31mred\\u001b[0m\","
            + "\"created_on\":\"2024-03-01T10:00:00Z\",\"connected_sources\":[],"
            + "\"fallback_time_zone\":{\"id\":\"America/New_York\",\"source_slug\":null},"
            + "\"fallback_birth_date\":{\"value\":\"1990-05-17\"},\"ingestion_start\":\"2023-05-01\"}";

    /** The valid bodies a case starts from, by name: users for resolve, pages for list. */
    private static final String[][] RESOLVE_BASES = {
        {"user", Users.user(Users.uuid(1), "x")},
        {"awkward-user", askedFor(AWKWARD_USER)},
        {"minimal-user", MINIMAL_USER},
        {"partial-user", askedFor(PARTIAL_USER)},
    };

    private static final String[][] LIST_BASES = {
        {"page-of-3", Users.page(0, 3, 3, 3)},
        {"mixed-page", "{\"users\":[" + Users.user(Users.uuid(1), "customer-1") + "," + AWKWARD_USER + "," + PARTIAL_USER + ","
                + MINIMAL_USER + "],\"total\":10,\"offset\":0,\"limit\":4,\"next\":null,\"meta\":{\"took_ms\":1.50}}"},
        {"page-of-1", Users.page(40, 1, 41, 50)},
        {"empty-page", "{\"users\":[],\"total\":0,\"offset\":0,\"limit\":50}"},
    };

    private FuzzCaseGenerator() {
    }

    /**
     * The user as resolve x must be answered: with client_user_id "x" (another id is another
     * customer's record, exit 5); the awkward ids themselves are the list bases' to show.
     */
    private static String askedFor(String user) {
        return user.replaceFirst("\"client_user_id\":\"(?:[^\"\\\\]|\\\\.)*\"", "\"client_user_id\":\"x\"");
    }

    static FuzzCase generate(long seed, int index) throws IOException {
        Random r = new Random(seed * 1_000_003L + index);
        int pick = r.nextInt(100);
        Command command = pick < 50 ? Command.RESOLVE : pick < 88 ? Command.LIST : pick < 95 ? Command.LIST_ALL : Command.LIST_COUNT;
        String format = List.of("json", "ndjson", "csv", "table").get(r.nextInt(4));
        boolean terminal = command != Command.LIST_ALL && r.nextInt(100) < 15;
        int width = terminal ? List.of(40, 80, 200).get(r.nextInt(3)) : 0;
        String[][] bases = command == Command.RESOLVE ? RESOLVE_BASES : LIST_BASES;
        String[] base = bases[r.nextInt(bases.length)];
        List<String> mutations = new ArrayList<>();

        // A few fixed indexes test the tool's bounds; the rest draw their mutations.
        byte[] payload;
        if (index % 400 == 7) {
            payload = JsonTreeMutators.hugeString(r, base[1], mutations);
        } else if (index % 100 == 13) {
            payload = JsonTreeMutators.deepNesting(r, base[1], mutations, index / 100);
        } else if (r.nextInt(100) < 4) {
            payload = ByteMutators.wholeBody(r, base[1], mutations);
        } else {
            int treeMutations = r.nextInt(3);
            int byteMutations = r.nextInt(100) < 45 ? 1 + r.nextInt(2) : 0;
            if (treeMutations + byteMutations == 0) {
                treeMutations = 1;
            }
            payload = treeMutations == 0 ? base[1].getBytes(UTF_8) : JsonTreeMutators.mutate(r, base[1], treeMutations, mutations);
            for (int m = 0; m < byteMutations; m++) {
                payload = ByteMutators.mutate(r, payload, mutations);
            }
        }
        // Mostly served plainly; now and then gzipped, soundly or not, or with an odd header or status.
        Http http;
        byte[] wire = payload;
        int h = r.nextInt(100);
        if (h < 4) {
            http = new Http(200, "application/json", "gzip", "sound gzip");
            wire = ByteMutators.gzip(payload);
        } else if (h < 9) {
            byte[] zipped = ByteMutators.gzip(payload);
            List<String> gzipNote = new ArrayList<>();
            wire = ByteMutators.corruptGzip(r, zipped, gzipNote);
            http = new Http(200, "application/json", r.nextBoolean() ? "gzip" : "x-gzip", "corrupt gzip: " + gzipNote);
        } else if (h < 13) {
            String[] types = {"text/html", "text/plain", "application/octet-stream", null, "application/json; charset=iso-8859-1"};
            http = new Http(200, types[r.nextInt(types.length)], null, "wrong Content-Type");
        } else if (h < 15) {
            http = new Http(r.nextBoolean() ? 201 : 203, "application/json", null, null);
        } else {
            http = new Http(200, "application/json", null, null);
        }
        return new FuzzCase(seed, index, command, format, terminal, width, base[0], mutations, payload, http, wire);
    }
}
