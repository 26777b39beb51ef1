package dev.userlookup.config;

/**
 * One {@code [profiles.NAME]} table: where a team's service is and how to get its key. Any of
 * the three may be null; at most one of the key sources is set.
 */
public record Profile(String name, String baseUrl, String apiKeyFile, String apiKeyCommand) {
}
