package dev.userlookup.settings;

import dev.userlookup.console.ColorMode;

/**
 * What the command line said about the settings; null (false) where an option was not given,
 * so that {@link SettingsResolver} alone decides defaults and can say where each value came from.
 */
public record GivenOptions(
        String baseUrl,
        String profile,
        String apiKeyFile,
        String caCert,
        OutputFormat output,
        ColorMode color,
        Double timeoutSeconds,
        Integer retries,
        boolean allowInsecureHttp,
        boolean verbose) {

    /** No option given: every setting from the environment, the config file or its default. */
    public static final GivenOptions NONE = new GivenOptions(null, null, null, null, null, null, null, null, false, false);
}
