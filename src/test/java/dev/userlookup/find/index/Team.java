package dev.userlookup.find.index;

import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.model.UserId;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

/** Users of a made-up team for the index's tests: random user_ids (seeded) and client ids. */
final class Team {

    static final String BASE_URL = "https://service.example.test";
    static final String KEY_TEXT = "sk-live-Zq8Kt3VwYx91Lm";
    static final ApiKey KEY = ApiKey.of(KEY_TEXT, "test");
    static final String TEAM = "4a5b6c7d-team-one";

    private Team() {
    }

    /** {@code count} users, user_id to client id {@code customer-0000042}, in the order made. */
    static Map<UserId, String> users(int count, long seed) {
        Random random = new Random(seed);
        Map<UserId, String> users = new LinkedHashMap<>();
        while (users.size() < count) {
            users.put(new UserId(random.nextLong(), random.nextLong()), String.format("customer-%07d", users.size()));
        }
        return users;
    }

    static UserId id(String text) {
        return UserId.parse(text);
    }

    /** A team's index saved with these users, as a walk of the whole team would. */
    static void save(Path cache, String baseUrl, ApiKey key, String team, Map<UserId, String> users) {
        UserIndex index = UserIndex.open(cache, baseUrl, key);
        users.forEach((id, clientId) -> index.record(id, clientId, team));
        if (!index.save(true)) {
            throw new AssertionError("the index was not written");
        }
    }

    static IndexLocation location(Path cache) {
        return IndexLocation.of(cache, BASE_URL, KEY);
    }

    /** The folder of the index files, {@code <cache>/userlookup/index}. */
    static Path folder(Path cache) {
        return cache.resolve("userlookup").resolve("index");
    }

    static Path teamFile(Path cache) {
        return location(cache).teamFile(TEAM);
    }

    /** Every file and folder under {@code root}, itself included. */
    static List<Path> tree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            return paths.toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
