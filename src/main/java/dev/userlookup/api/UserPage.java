package dev.userlookup.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * One page of the user list: the document as sent ({@code json}, top-level unknown fields
 * included), its users, and the paging numbers the service gave (null where it gave none).
 */
public record UserPage(ObjectNode json, List<UserRecord> users, Long total, Long offset, Integer limit) {

    public UserPage {
        users = List.copyOf(users);
    }
}
