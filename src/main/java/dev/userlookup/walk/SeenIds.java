package dev.userlookup.walk;

import dev.userlookup.model.UserId;
import java.util.HashSet;
import java.util.Set;

/**
 * The user_ids a walk has printed, so that each user comes out once: a UUID as its {@link UserId}
 * (case does not matter), any other id as written. All ids are kept, not a window: with pages
 * fetched in parallel, drift can move a user by any number of places.
 */
final class SeenIds {

    private final Set<Object> ids = new HashSet<>();

    boolean add(String userId) {
        UserId id = UserId.parse(userId);
        return ids.add(id != null ? id : userId);
    }
}
