package dev.userlookup.find;

import dev.userlookup.UsageException;
import dev.userlookup.model.UserId;
import java.util.ArrayList;
import java.util.List;

/** Each checked before any request: a value that is not a UUID is a usage error (a client's own id is resolve's). */
public record WantedIds(List<String> asked, List<UserId> ids) {

    public static WantedIds of(List<String> asked) {
        List<UserId> ids = new ArrayList<>(asked.size());
        for (String text : asked) {
            UserId id = UserId.parse(text);
            if (id == null) {
                throw new UsageException("find: \"" + text + "\" is not a user_id (a UUID such as "
                        + "138adbbd-c5e6-36c4-aff7-48390b9f91da); your own ids are looked up with userlookup resolve");
            }
            ids.add(id);
        }
        return new WantedIds(List.copyOf(asked), List.copyOf(ids));
    }

    public int size() {
        return asked.size();
    }
}
