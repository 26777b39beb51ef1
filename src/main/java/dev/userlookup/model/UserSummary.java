package dev.userlookup.model;

import java.util.List;

/**
 * The fields of a user that a row of the list table or of CSV shows, as the text the service
 * sent (null where a field is missing or null): read on the tokens, with the shape check, so a
 * row needs neither the tree nor the typed {@link User}.
 *
 * @param sourceSlugs the slug of each connected source, in order, read from the field
 *     {@link SourceField} chooses; sources without one are left out
 * @param timeZone {@code fallback_time_zone.id}
 * @param birthDate {@code fallback_birth_date.value}
 */
public record UserSummary(String userId, String teamId, String clientUserId, String createdOn, List<String> sourceSlugs,
                          String timeZone, String birthDate, String ingestionStart, String ingestionEnd) {

    public UserSummary {
        sourceSlugs = List.copyOf(sourceSlugs);
    }
}
