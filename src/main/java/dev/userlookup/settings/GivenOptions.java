package dev.userlookup.settings;

import dev.userlookup.console.ColorMode;

/**
 * What the command line said about the settings, read where it was parsed; null (false) where an
 * option was not given, so that {@link SettingsResolver} alone decides defaults and can say where
 * each value came from.
 */
public interface GivenOptions {
    String baseUrl();
    String profile();
    /** {@code -} for standard input. */
    String apiKeyFile();
    String caCert();
    OutputFormat output();
    ColorMode color();
    Double timeoutSeconds();
    Integer retries();
    boolean allowInsecureHttp();
}
