package dev.userlookup.find;

import dev.userlookup.UsageException;
import dev.userlookup.model.UserId;
import java.util.List;

/** Each checked before any request: a value that is not a UUID is a usage error (a client's own id is resolve's). */
public record WantedIds(List<String> asked) {

    public WantedIds {
        for (String text : asked) {
            if (!UserId.looksLikeOne(text)) {
                throw new UsageException("find: \"" + text + "\" is not a user_id (a UUID such as "
                        + "138adbbd-c5e6-36c4-aff7-48390b9f91da); your own ids are looked up with userlookup resolve");
            }
        }
        asked = List.copyOf(asked);
    }

    /** In the order asked. */
    public List<UserId> ids() {
        return asked.stream().map(UserId::parse).toList();
    }
}
