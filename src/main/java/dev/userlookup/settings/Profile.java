package dev.userlookup.settings;

/**
 * One {@code [profiles.NAME]} table: where a team's service is, how to get its key, and the CA
 * its certificate comes from. Any may be null; at most one of the key sources is set.
 */
public record Profile(String name, String baseUrl, String apiKeyFile, String apiKeyCommand, String caCert) {
}
