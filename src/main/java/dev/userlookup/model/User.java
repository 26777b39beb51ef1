package dev.userlookup.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One end user as the service describes it. Only {@code user_id} and {@code client_user_id}
 * are required; every nested field may be missing or null, and unknown fields are ignored here
 * (the raw JSON beside this record keeps them for lossless output).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record User(
        @JsonProperty("user_id") String userId,
        @JsonProperty("team_id") String teamId,
        @JsonProperty("client_user_id") String clientUserId,
        @JsonProperty("created_on") OffsetDateTime createdOn,
        @JsonProperty("connected_sources") List<ConnectedSource> connectedSources,
        @JsonProperty("fallback_time_zone") FallbackTimeZone fallbackTimeZone,
        @JsonProperty("fallback_birth_date") FallbackBirthDate fallbackBirthDate,
        @JsonProperty("ingestion_start") LocalDate ingestionStart,
        @JsonProperty("ingestion_end") LocalDate ingestionEnd) {

    public User {
        if (userId == null) {
            throw new IllegalArgumentException("a user has no user_id");
        }
        if (clientUserId == null) {
            throw new IllegalArgumentException("user " + userId + " has no client_user_id");
        }
        connectedSources = connectedSources == null
                ? List.of()
                : connectedSources.stream().filter(Objects::nonNull).collect(Collectors.toUnmodifiableList());
    }

    /**
     * A connected source; {@code source} is what describes it, read from {@code provider} or the
     * deprecated {@code source} field as {@link SourceField} chooses, and null when neither holds one.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ConnectedSource(OffsetDateTime createdOn, Source source) {

        /** The field not chosen is never read: its type may be wrong without harm. */
        @JsonCreator
        static ConnectedSource read(
                @JsonProperty("created_on") OffsetDateTime createdOn,
                @JsonProperty(SourceField.PROVIDER) JsonNode provider,
                @JsonProperty(SourceField.DEPRECATED_SOURCE) JsonNode source) {
            JsonNode chosen = SourceField.choose(provider, source);
            return new ConnectedSource(createdOn, chosen == null ? null : Source.of(chosen));
        }
    }

    public record Source(String logo, String name, String slug) {

        /** Its string fields; {@link UserShape} has checked their types before any typed reading. */
        static Source of(JsonNode object) {
            return new Source(text(object, "logo"), text(object, "name"), text(object, "slug"));
        }

        private static String text(JsonNode object, String field) {
            JsonNode value = object.get(field);
            return value == null || value.isNull() ? null : value.asText();
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record FallbackTimeZone(
            @JsonProperty("id") String id,
            @JsonProperty("source_slug") String sourceSlug,
            @JsonProperty("updated_at") OffsetDateTime updatedAt) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record FallbackBirthDate(
            @JsonProperty("value") LocalDate value,
            @JsonProperty("source_slug") String sourceSlug,
            @JsonProperty("updated_at") OffsetDateTime updatedAt) {
    }
}
