package dev.userlookup.fake;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The awkward users real servers send, one per index at the start of every fake team: the user at
 * index {@code c.index()} (its ordinal) is an ordinary generated user reshaped by {@code c}.
 * Ordinary users start at {@link FakeUsers#FIRST_ORDINARY_INDEX}.
 *
 * <pre>
 *  0 SLASH                 id "a/b"
 *  1 QUERY                 id "q?x=1&amp;y=2"
 *  2 HASH                  id "hash#tag"
 *  3 PERCENT               id "100%"
 *  4 ENCODED_SLASH_TEXT    id "%2F" (the three characters, not a slash)
 *  5 SPACE                 id "with space"
 *  6 NON_ASCII             id "Zoë 東京 👩‍⚕️" (combining-free ë, CJK, emoji ZWJ sequence)
 *  7 DOT_DOT               id ".."
 *  8 FORMULA_EQUALS        id "=HYPERLINK("http://x")"
 *  9 FORMULA_PLUS          id "+1"
 * 10 FORMULA_MINUS         id "-2"
 * 11 FORMULA_AT            id "@SUM(A1)"
 * 12 LEADING_TAB           id "\tx"
 * 13 ESC_OSC_TITLE         id "\e]0;pwned\a"     (also in the source name and time zone id)
 * 14 ESC_CSI_COLOUR        id "\e[31mred\e[0m"  (also in the source name and time zone id)
 * 15 C1_CSI                id "c1" U+009B "31m"  (also in the source name and time zone id)
 * 16 DEL                   id "del" U+007F      (also in the source name and time zone id)
 * 17 NEWLINE               id "line1\nline2"     (also in the source name and time zone id)
 * 18 CARRIAGE_RETURN       id "\roverwritten"    (also in the source name and time zone id)
 *                          (the source name in both "provider" and "source")
 * 19 TIME_ZONE_NULL        fallback_time_zone: null
 * 20 TIME_ZONE_MISSING     no fallback_time_zone key
 * 21 TIME_ZONE_PARTIAL     fallback_time_zone {id, source_slug: null}, no updated_at
 * 22 BIRTH_DATE_NULL       fallback_birth_date: null
 * 23 BIRTH_DATE_MISSING    no fallback_birth_date key
 * 24 SOURCES_EMPTY         connected_sources: []
 * 25 SOURCES_NULL          connected_sources: null
 * 26 SOURCES_MISSING       no connected_sources key
 * 27 SOURCE_NULL           connected_sources [{created_on, source: null} (no provider either), an ordinary one]
 * 28 PROVIDER_DIFFERS      "provider": {slug: "x", name: "X"} beside a "source" whoop: the provider is read
 * 29 SOURCE_LOGO_MISSING   a source without "logo" (neither in "provider" nor in "source")
 * 30 SOURCE_FIELDS_NULL    only the deprecated "source" {logo: null, name: null, slug: "oura"}, no "provider"
 * 31 CREATED_NO_FRACTION   created_on "2024-03-01T10:00:00+00:00"
 * 32 CREATED_MICROS        created_on "2024-03-01T10:00:00.123456+00:00"
 * 33 CREATED_ZULU          created_on "2024-03-01T10:00:00Z", source created_on "...00.123Z"
 * 34 CREATED_PLUS_0530     created_on "2024-03-01T15:30:00+05:30" (the same instant as 31 and 33)
 * 35 UNKNOWN_FIELDS        top level "beta": {"flags": ["a"], "score": 1.50},
 *                          "big_number": 12345678901234567890, "note": null; unknown fields
 *                          in a connected source, its provider and source, and the time zone ("confidence": 0.90)
 * 36 INGESTION_DATES       ingestion_start "2023-05-01", ingestion_end "2024-02-29"
 * 37 INGESTION_NULL        ingestion_start: null, ingestion_end: null
 * 38 INGESTION_OPEN_ENDED  ingestion_start "2023-05-01", ingestion_end: null
 * </pre>
 *
 * Users whose case does not set an id keep the ordinary {@code customer-0000NN} id. Connected
 * sources carry {@code provider} and, alike, {@code source} unless the case says otherwise.
 */
public enum AwkwardCase {
    SLASH("a/b", u -> {}),
    QUERY("q?x=1&y=2", u -> {}),
    HASH("hash#tag", u -> {}),
    PERCENT("100%", u -> {}),
    ENCODED_SLASH_TEXT("%2F", u -> {}),
    SPACE("with space", u -> {}),
    NON_ASCII("Zo\u00eb \u6771\u4eac \ud83d\udc69\u200d\u2695\ufe0f", u -> {}),
    DOT_DOT("..", u -> {}),
    FORMULA_EQUALS("=HYPERLINK(\"http://x\")", u -> {}),
    FORMULA_PLUS("+1", u -> {}),
    FORMULA_MINUS("-2", u -> {}),
    FORMULA_AT("@SUM(A1)", u -> {}),
    LEADING_TAB("\tx", u -> {}),
    ESC_OSC_TITLE("\u001b]0;pwned\u0007", AwkwardCase::controlsInNames),
    ESC_CSI_COLOUR("\u001b[31mred\u001b[0m", AwkwardCase::controlsInNames),
    C1_CSI("c1\u009b31m", AwkwardCase::controlsInNames),
    DEL("del\u007f", AwkwardCase::controlsInNames),
    NEWLINE("line1\nline2", AwkwardCase::controlsInNames),
    CARRIAGE_RETURN("\roverwritten", AwkwardCase::controlsInNames),
    TIME_ZONE_NULL(null, u -> u.putNull("fallback_time_zone")),
    TIME_ZONE_MISSING(null, u -> u.remove("fallback_time_zone")),
    TIME_ZONE_PARTIAL(null, u -> u.set("fallback_time_zone",
            object().put("id", "Europe/Berlin").putNull("source_slug"))),
    BIRTH_DATE_NULL(null, u -> u.putNull("fallback_birth_date")),
    BIRTH_DATE_MISSING(null, u -> u.remove("fallback_birth_date")),
    SOURCES_EMPTY(null, u -> u.set("connected_sources", array())),
    SOURCES_NULL(null, u -> u.putNull("connected_sources")),
    SOURCES_MISSING(null, u -> u.remove("connected_sources")),
    SOURCE_NULL(null, u -> u.set("connected_sources", array()
            .add(object().put("created_on", "2024-01-02T03:04:05.000006+00:00").putNull("source"))
            .add(FakeUsers.connectedSource("2024-01-02T03:04:05+00:00", "garmin")))),
    PROVIDER_DIFFERS(null, u -> u.set("connected_sources", array()
            .add(FakeUsers.connectedSource("2024-01-02T03:04:05+00:00", "whoop")
                    .set("provider", object().put("slug", "x").put("name", "X"))))),
    SOURCE_LOGO_MISSING(null, u -> {
        ObjectNode connected = FakeUsers.connectedSource("2024-01-02T03:04:05+00:00", "fitbit");
        ((ObjectNode) connected.get("provider")).remove("logo");
        ((ObjectNode) connected.get("source")).remove("logo");
        u.set("connected_sources", array().add(connected));
    }),
    SOURCE_FIELDS_NULL(null, u -> u.set("connected_sources", array().add(object()
            .put("created_on", "2024-01-02T03:04:05+00:00")
            .set("source", object().putNull("logo").putNull("name").put("slug", "oura"))))),
    CREATED_NO_FRACTION(null, u -> u.put("created_on", "2024-03-01T10:00:00+00:00")),
    CREATED_MICROS(null, u -> u.put("created_on", "2024-03-01T10:00:00.123456+00:00")),
    CREATED_ZULU(null, u -> {
        u.put("created_on", "2024-03-01T10:00:00Z");
        u.set("connected_sources", array()
                .add(FakeUsers.connectedSource("2024-03-01T10:00:00.123Z", "oura")));
    }),
    CREATED_PLUS_0530(null, u -> u.put("created_on", "2024-03-01T15:30:00+05:30")),
    UNKNOWN_FIELDS(null, AwkwardCase::unknownFields),
    INGESTION_DATES(null, u -> u.put("ingestion_start", "2023-05-01").put("ingestion_end", "2024-02-29")),
    INGESTION_NULL(null, u -> u.putNull("ingestion_start").putNull("ingestion_end")),
    INGESTION_OPEN_ENDED(null, u -> u.put("ingestion_start", "2023-05-01").putNull("ingestion_end"));

    private final String clientUserId;
    private final Consumer<ObjectNode> reshape;

    AwkwardCase(String clientUserId, Consumer<ObjectNode> reshape) {
        this.clientUserId = clientUserId;
        this.reshape = reshape;
    }

    /** The user index that shows this case. */
    public int index() {
        return ordinal();
    }

    /** The client_user_id this case sets, if it is one of the awkward-id cases. */
    public Optional<String> clientUserId() {
        return Optional.ofNullable(clientUserId);
    }

    public static Optional<AwkwardCase> at(int index) {
        AwkwardCase[] all = values();
        return index >= 0 && index < all.length ? Optional.of(all[index]) : Optional.empty();
    }

    void reshape(ObjectNode user) {
        if (clientUserId != null) {
            user.put("client_user_id", clientUserId);
        }
        reshape.accept(user);
    }

    /** The control characters of the id also arrive in a source name and a time zone id. */
    private static void controlsInNames(ObjectNode user) {
        String controls = user.get("client_user_id").asText();
        ObjectNode connected = FakeUsers.connectedSource("2024-01-02T03:04:05.5+00:00", "oura");
        ((ObjectNode) connected.get("provider")).put("name", "Oura " + controls);
        ((ObjectNode) connected.get("source")).put("name", "Oura " + controls);
        user.set("connected_sources", array().add(connected));
        user.set("fallback_time_zone", object()
                .put("id", "Europe/Oslo" + controls)
                .put("source_slug", "oura")
                .put("updated_at", "2024-01-02T03:04:05+00:00"));
    }

    private static void unknownFields(ObjectNode user) {
        // 1.50 as a decimal keeps its trailing zero, and the big integer overflows a long:
        // a lossless client must print both exactly as sent.
        user.set("beta", object()
                .<ObjectNode>set("flags", array().add("a"))
                .set("score", DecimalNode.valueOf(new BigDecimal("1.50"))));
        user.put("big_number", new BigInteger("12345678901234567890"));
        user.putNull("note");
        ObjectNode connected = FakeUsers.connectedSource("2024-01-02T03:04:05+00:00", "apple_health_kit");
        connected.put("status", "connected");
        ((ObjectNode) connected.get("provider")).set("categories", array().add("sleep").add("activity"));
        ((ObjectNode) connected.get("source")).set("categories", array().add("sleep").add("activity"));
        user.set("connected_sources", array().add(connected));
        user.set("fallback_time_zone", object()
                .put("id", "Asia/Kolkata")
                .put("source_slug", "apple_health_kit")
                .put("updated_at", "2024-01-02T03:04:05+00:00")
                .set("confidence", DecimalNode.valueOf(new BigDecimal("0.90"))));
    }

    private static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    private static ArrayNode array() {
        return JsonNodeFactory.instance.arrayNode();
    }
}
