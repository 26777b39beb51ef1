package dev.userlookup.settings;

import dev.userlookup.network.BaseUrl;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@code userlookup profiles} shows. It runs no key command and opens no key file, so the key
 * is never part of it; base URLs never show a password.
 */
public record ProfileListing(Path configFile, boolean present, String defaultProfile, List<Entry> profiles) {

    public ProfileListing {
        profiles = List.copyOf(profiles);
    }

    /** {@code refused} is what every command says of that base URL when it refuses it, or null. */
    public record Entry(String name, boolean isDefault, String baseUrl, String refused, KeyFrom keyFrom, String keySource,
            Path caCert) {
    }

    public enum KeyFrom { FILE, COMMAND }

    public static ProfileListing read(Map<String, String> env) {
        Path path = ConfigFile.location(env);
        ConfigFile config = ConfigFile.loadIfPresent(path);
        if (config == null) {
            return new ProfileListing(path, false, null, List.of());
        }
        List<Entry> entries = new ArrayList<>();
        for (Profile profile : config.profiles().values()) {
            KeyFrom from = profile.apiKeyFile() != null ? KeyFrom.FILE : profile.apiKeyCommand() != null ? KeyFrom.COMMAND : null;
            String source = from == KeyFrom.FILE ? ConfigFile.profilePath(profile.apiKeyFile(), env).toString() : profile.apiKeyCommand();
            String url = profile.baseUrl();
            entries.add(new Entry(profile.name(), profile.name().equals(config.defaultProfile()),
                    url == null ? null : BaseUrl.withoutCredentials(url), url == null ? null : refusal(url), from, source,
                    profile.caCert() == null ? null : ConfigFile.profilePath(profile.caCert(), env)));
        }
        return new ProfileListing(path, true, config.defaultProfile(), entries);
    }

    /** Plain http to another host is not counted: --allow-insecure-http decides that run by run. */
    private static String refusal(String url) {
        try {
            BaseUrl.parse(url, true);
            return null;
        } catch (IllegalArgumentException refused) {
            return refused.getMessage();
        }
    }

    public boolean defaultMissing() {
        return defaultProfile != null && profiles.stream().noneMatch(Entry::isDefault);
    }
}
