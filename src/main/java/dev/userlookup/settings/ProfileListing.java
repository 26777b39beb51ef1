package dev.userlookup.settings;

import dev.userlookup.network.BaseUrl;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@code userlookup profiles} shows of the config file: each profile's name, base URL (never
 * its password; marked when every command refuses it) and where its key comes from, the default
 * marked. Reading it runs no key command and opens no key
 * file: the key is never part of it. The config file itself is judged as for any run (another
 * user's, or one that others can write, is exit 2).
 *
 * @param present whether there is a config file at {@code configFile}
 * @param defaultProfile the file's default_profile, or null
 */
public record ProfileListing(Path configFile, boolean present, String defaultProfile, List<Entry> profiles) {

    public ProfileListing {
        profiles = List.copyOf(profiles);
    }

    /**
     * One profile. {@code baseUrl} is as written, but never with a password: credentials in it show
     * as {@code ***}. {@code refused} is what every command says of that base URL when it refuses
     * it (credentials, no scheme), or null. {@code keyFrom} is {@link KeyFrom#FILE} with the file's
     * path in {@code keySource}, {@link KeyFrom#COMMAND} with the command as written, or null with
     * none.
     */
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

    /**
     * Why every command would refuse the base URL, in its words, or null. Plain http to another
     * host is not counted: --allow-insecure-http decides that run by run.
     */
    private static String refusal(String url) {
        try {
            BaseUrl.parse(url, true);
            return null;
        } catch (IllegalArgumentException refused) {
            return refused.getMessage();
        }
    }

    /** Whether default_profile names a profile the file has not got. */
    public boolean defaultMissing() {
        return defaultProfile != null && profiles.stream().noneMatch(Entry::isDefault);
    }
}
