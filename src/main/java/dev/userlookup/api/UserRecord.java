package dev.userlookup.api;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A user as the service sent it ({@code json}, every field and value kept, for lossless
 * output) beside its typed reading ({@code user}, for tables and CSV).
 */
public record UserRecord(ObjectNode json, User user) {
}
