package dev.userlookup.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** A page of users: {@code {"users": [...], "total": N, "offset": N, "limit": N}}. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record UserList(
        @JsonProperty("users") List<User> users,
        @JsonProperty("total") Long total,
        @JsonProperty("offset") Long offset,
        @JsonProperty("limit") Integer limit) {
}
