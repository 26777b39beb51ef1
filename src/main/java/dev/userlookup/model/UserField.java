package dev.userlookup.model;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The shape check, {@code --fields}, CSV, the table and the card all read this list, in this order
 * (CSV's), so a new field is a line here; only the list table's choice of columns names fields.
 */
public enum UserField {
    USER_ID("user_id", Check.REQUIRED_TEXT, null, "User ID", "user_id", Shows.ID),
    TEAM_ID("team_id", Check.TEXT, null, "Team ID", "team_id", Shows.ID),
    CLIENT_USER_ID("client_user_id", Check.REQUIRED_TEXT, null, "Client user ID", "client_user_id", Shows.ID),
    CREATED_ON("created_on", Check.TEXT, null, "Created", "created_on", Shows.TIME),
    CONNECTED_SOURCES("connected_sources", Check.SOURCES, null, "Sources", "sources", Shows.SLUGS),
    FALLBACK_TIME_ZONE("fallback_time_zone", Check.OBJECT, "id", "Time zone", "time_zone", Shows.TEXT_WITH_PROVENANCE),
    FALLBACK_BIRTH_DATE("fallback_birth_date", Check.OBJECT, "value", "Birth date", "birth_date", Shows.DATE_WITH_PROVENANCE),
    INGESTION_START("ingestion_start", Check.TEXT, null, "Ingestion", "ingestion_start", Shows.DATE_RANGE),
    INGESTION_END("ingestion_end", Check.TEXT, null, "Ingestion", "ingestion_end", Shows.DATE_RANGE);

    /** Null is always allowed but where required. In the order a user's problems are reported. */
    public enum Check {
        REQUIRED_TEXT, TEXT, SOURCES, OBJECT
    }

    /** What each form looks like is the output's to say. */
    public enum Shows {
        /** Never cut: people copy ids. */
        ID,
        TEXT,
        TIME,
        SLUGS,
        TEXT_WITH_PROVENANCE,
        DATE_WITH_PROVENANCE,
        /** A card shows the range's fields of one label on one line. */
        DATE_RANGE
    }

    private final String key;
    private final Check check;
    /** An object's member shown in a row (OBJECT only). */
    private final String rowMember;
    private final String label;
    private final String csvColumn;
    private final Shows shows;

    UserField(String key, Check check, String rowMember, String label, String csvColumn, Shows shows) {
        this.key = key;
        this.check = check;
        this.rowMember = rowMember;
        this.label = label;
        this.csvColumn = csvColumn;
        this.shows = shows;
    }

    private static final List<UserField> ALL = List.of(values());
    private static final Map<String, UserField> BY_KEY = ALL.stream().collect(Collectors.toMap(field -> field.key, field -> field));
    static final List<UserField> REPORT_ORDER = Stream.of(values())
            .sorted(Comparator.comparing((UserField field) -> field.check).thenComparing(Enum::ordinal)).toList();

    public static List<UserField> all() {
        return ALL;
    }

    /** By CSV column (the vocabulary of {@code --fields}) or by the service's key. */
    public static UserField named(String name) {
        for (UserField field : ALL) {
            if (field.csvColumn.equals(name)) {
                return field;
            }
        }
        return BY_KEY.get(name);
    }

    public static List<String> names() {
        return Stream.concat(ALL.stream().map(field -> field.csvColumn),
                ALL.stream().filter(field -> !field.key.equals(field.csvColumn)).map(field -> field.key)).toList();
    }

    public static UserField byKey(String key) {
        return BY_KEY.get(key);
    }

    public String key() {
        return key;
    }

    public Check check() {
        return check;
    }

    public String rowMember() {
        return rowMember;
    }

    public String label() {
        return label;
    }

    public String csvColumn() {
        return csvColumn;
    }

    public Shows shows() {
        return shows;
    }
}
