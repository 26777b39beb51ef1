package dev.userlookup.fake;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * A fake team's users, generated on the fly from their index so that a team of any size costs no
 * memory: {@code user(i)} is the same for the same {@code i}, in every run.
 *
 * <p>Indices below {@link #FIRST_ORDINARY_INDEX} are the awkward cases of {@link AwkwardCase}
 * (index = ordinal); the rest are plausible users with client_user_id {@code customer-%06d}.
 */
public final class FakeUsers {
    public static final int DEFAULT_SIZE = 1_250;
    public static final int FIRST_ORDINARY_INDEX = AwkwardCase.values().length;
    public static final String TEAM_ID = "3f1c2b9e-6a0d-4c57-9e2a-8d4b7f0e1a25";

    private static final long SEED = 0x5EED_F00DL;
    private static final Instant FIRST_CREATED = Instant.parse("2023-01-01T00:00:00Z");
    private static final String ORDINARY_ID_PREFIX = "customer-";
    /**
     * Every fifth ordinary user's sources carry {@code provider} alone, as the service will once it
     * drops the deprecated {@code source}; the rest carry both, alike, as it does today.
     */
    static final int PROVIDER_ONLY_EVERY = 5;
    private static final List<String> TIME_ZONES = List.of(
            "Europe/London", "Europe/Berlin", "America/New_York", "America/Los_Angeles",
            "Asia/Tokyo", "Asia/Kolkata", "Australia/Sydney", "America/Sao_Paulo", "UTC");

    /** The sources users connect, as the service describes them. */
    enum Source {
        OURA("oura", "Oura"),
        FITBIT("fitbit", "Fitbit"),
        GARMIN("garmin", "Garmin"),
        WHOOP("whoop", "WHOOP"),
        APPLE_HEALTH_KIT("apple_health_kit", "Apple HealthKit");

        final String slug;
        final String displayName;

        Source(String slug, String displayName) {
            this.slug = slug;
            this.displayName = displayName;
        }

        static Source bySlug(String slug) {
            return Arrays.stream(values()).filter(s -> s.slug.equals(slug)).findFirst().orElseThrow();
        }

        String logo() {
            return "https://assets.example.test/logos/" + slug + ".png";
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final int size;

    public FakeUsers(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("team size must be 0 or more: " + size);
        }
        this.size = size;
    }

    /** The team size, which the service reports as {@code total}. */
    public int size() {
        return size;
    }

    public String clientUserId(int index) {
        checkIndex(index);
        return AwkwardCase.at(index)
                .flatMap(AwkwardCase::clientUserId)
                .orElseGet(() -> ordinaryClientUserId(index));
    }

    public String userId(int index) {
        checkIndex(index);
        return UUID.nameUUIDFromBytes(("fake-user:" + index).getBytes(StandardCharsets.UTF_8)).toString();
    }

    /** The index of the user with this client_user_id, if the team has one. */
    public OptionalInt indexOf(String clientUserId) {
        if (clientUserId.startsWith(ORDINARY_ID_PREFIX)) {
            try {
                int index = Integer.parseInt(clientUserId.substring(ORDINARY_ID_PREFIX.length()));
                if (index >= 0 && index < size && clientUserId(index).equals(clientUserId)) {
                    return OptionalInt.of(index);
                }
            } catch (NumberFormatException notOrdinary) {
                // falls through to the awkward ids
            }
        }
        for (AwkwardCase c : AwkwardCase.values()) {
            if (c.index() < size && c.clientUserId().filter(clientUserId::equals).isPresent()) {
                return OptionalInt.of(c.index());
            }
        }
        return OptionalInt.empty();
    }

    /** A new node each call: callers may change it. */
    public ObjectNode user(int index) {
        checkIndex(index);
        ObjectNode user = ordinaryUser(index);
        AwkwardCase.at(index).ifPresent(c -> c.reshape(user));
        return user;
    }

    /** {@link #user(int)} as compact JSON, as the service sends it. */
    public String json(int index) {
        try {
            return JSON.writeValueAsString(user(index));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ObjectNode ordinaryUser(int index) {
        SplittableRandom random = new SplittableRandom(SEED ^ (index * 0x9E37_79B9_7F4A_7C15L));
        Instant created = FIRST_CREATED
                .plusSeconds(index * 1_031L + random.nextInt(600))
                .plusNanos(random.nextInt(1_000_000) * 1_000L);

        ObjectNode user = JsonNodeFactory.instance.objectNode();
        user.put("user_id", userId(index));
        user.put("team_id", TEAM_ID);
        user.put("client_user_id", ordinaryClientUserId(index));
        user.put("created_on", timestamp(created));

        ArrayNode sources = user.putArray("connected_sources");
        for (Source source : Source.values()) {
            if (random.nextInt(3) == 0) {
                ObjectNode connected = connectedSource(timestamp(later(created, 30, random)), source.slug);
                if (sendsProviderOnly(index)) {
                    connected.remove("source");
                }
                sources.add(connected);
            }
        }
        // Fallbacks come from the first connected source, or were set by hand.
        String firstSlug = sources.isEmpty() ? "manual" : sources.get(0).get("provider").get("slug").asText();

        Instant updated = later(created, 90, random);
        user.putObject("fallback_time_zone")
                .put("id", TIME_ZONES.get(random.nextInt(TIME_ZONES.size())))
                .put("source_slug", firstSlug)
                .put("updated_at", timestamp(updated));
        if (random.nextInt(10) < 6) {
            LocalDate birth = LocalDate.of(1950, 1, 1).plusDays(random.nextInt(50 * 365));
            user.putObject("fallback_birth_date")
                    .put("value", birth.toString())
                    .put("source_slug", firstSlug)
                    .put("updated_at", timestamp(updated));
        }
        LocalDate createdDay = LocalDate.ofInstant(created, ZoneOffset.UTC);
        if (random.nextInt(10) < 7) {
            user.put("ingestion_start", createdDay.minusDays(random.nextInt(365)).toString());
            if (random.nextBoolean()) {
                user.put("ingestion_end", createdDay.plusDays(30 + random.nextInt(365)).toString());
            } else {
                user.putNull("ingestion_end");
            }
        } else {
            user.putNull("ingestion_start");
            user.putNull("ingestion_end");
        }
        return user;
    }

    private static Instant later(Instant start, int withinDays, SplittableRandom random) {
        return start.truncatedTo(ChronoUnit.SECONDS)
                .plusSeconds(1 + random.nextInt(withinDays * 86_400))
                .plusNanos(random.nextInt(1_000_000) * 1_000L);
    }

    /** Whether the ordinary user at {@code index} sends {@code provider} without {@code source}. */
    static boolean sendsProviderOnly(int index) {
        return index >= FIRST_ORDINARY_INDEX && index % PROVIDER_ONLY_EVERY == 0;
    }

    /** A connected source as the service sends it today: {@code provider} and, alike, the deprecated {@code source}. */
    static ObjectNode connectedSource(String createdOn, String slug) {
        Source source = Source.bySlug(slug);
        ObjectNode connected = JsonNodeFactory.instance.objectNode();
        connected.put("created_on", createdOn);
        connected.set("provider", describe(source));
        connected.set("source", describe(source));
        return connected;
    }

    private static ObjectNode describe(Source source) {
        return JsonNodeFactory.instance.objectNode()
                .put("logo", source.logo())
                .put("name", source.displayName)
                .put("slug", source.slug);
    }

    /** As the service's Python writes them: microseconds only when there are some, offset +00:00. */
    static String timestamp(Instant instant) {
        String seconds = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss")
                .format(instant.atOffset(ZoneOffset.UTC));
        int micros = instant.getNano() / 1_000;
        return seconds + (micros == 0 ? "" : String.format(".%06d", micros)) + "+00:00";
    }

    private static String ordinaryClientUserId(int index) {
        return String.format("%s%06d", ORDINARY_ID_PREFIX, index);
    }

    private void checkIndex(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("no user " + index + " in a team of " + size);
        }
    }
}
